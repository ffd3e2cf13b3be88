import GlintTestSupport
import Testing
@testable import GlintLayout

/// The layout asks a chart's marks what it needs through `LayoutMarks` and leaves the room they say. Laid out here
/// with answers of the tests' own — every series drawn as dots — rather than the registry's, which lives above.
@Suite struct LayoutMarksTests {
    /// Marks that draw every series as dots of `radius` logical pixels, fitting their points' extent (from zero on
    /// the vertical axis when `fromZero`), on axes unless `axes` is false, occupying `occupied` (in data units, for
    /// the first series) beyond their points.
    struct Dots: LayoutMarks {
        var radius = 4.0, fromZero = false, axes = true
        var occupied: (x: ClosedRange<Double>, y: ClosedRange<Double>)?

        func kindsDrawAxes(_ chart: Chart) -> Bool { axes }
        func fit(_ series: Series, extent: DataExtent, in chart: Chart) -> MarkFit? {
            var fit = MarkFit(x: extent.x, y: extent.y)
            fit.zeroBaselineY = fromZero
            return fit
        }
        func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) { (nil, nil) }
        func noteRoom(_ chart: Chart, data: ClosedRange<Double>, type: Typography, measurer: TextMeasuring) -> (above: Double, below: Double) {
            (0, 0)
        }
        func reach(_ series: Series) -> SeriesReach {
            SeriesReach(cover: .points([]), dots: radius...radius, lineWidth: 0, labelled: false)
        }
        func pointLabels(of series: Series) -> [String?]? { nil }
        func barSlotWidth(_ series: Series, in chart: Chart) -> Double { 0 }
        func errorBarEnds(_ series: Series) -> ErrorBarEnds? { nil }
        func occupied(_ chart: Chart, transforms: (y: DataTransform, y2: DataTransform)) -> [Int: [Rect]] {
            guard let occupied else { return [:] }
            let a = transforms.y.apply(occupied.x.lowerBound, occupied.y.lowerBound)
            let b = transforms.y.apply(occupied.x.upperBound, occupied.y.upperBound)
            return [0: [Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))]]
        }
        func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]? { nil }
        func legendLook(_ series: Series, index: Int) -> Series { series }
        func legendSample(_ series: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] { [] }
        func itemSample(_ item: LegendItem, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] { [] }
        func colorBarScale(_ series: Series) -> ColorScale? { nil }
        func sizeScale(_ series: Series) -> (sizes: ClosedRange<Double>, radius: (Double) -> Double)? { nil }
        func dotStroke(_ series: Series, scale: Double) -> (color: Color, width: Double) { (.black, 0) }
    }

    let measurer = FixedMeasurer()

    /// Two named series with points at (0, 0) and (10, 10) only, their top-left and bottom-right corners free.
    func chart(_ y: [Double] = [0, 10]) -> Chart {
        let kind = SeriesKind(named: "test-dots")
        return Chart(width: 600, height: 400, series: [Series(kind: kind, name: "alpha", x: [0, 10], y: Column(y)),
                                                       Series(kind: kind, name: "beta", x: [0, 10], y: Column(y))])
    }

    @Test func theDomainsHoldWhatTheMarksFit() {
        let c = chart([10, 20])
        let plain = ChartLayout(chart: c, marks: Dots(), measurer: measurer, threads: 1)
        let fromZero = ChartLayout(chart: c, marks: Dots(fromZero: true), measurer: measurer, threads: 1)
        #expect(plain.y.domain.lowerBound > 9, "\(plain.y.domain)")
        #expect(fromZero.y.domain.lowerBound == 0, "\(fromZero.y.domain)")
    }

    @Test func largerDotsKeepClearOfThePlotsEdges() {
        let small = ChartLayout(chart: chart(), marks: Dots(radius: 2), measurer: measurer, threads: 1)
        let large = ChartLayout(chart: chart(), marks: Dots(radius: 30), measurer: measurer, threads: 1)
        // The largest dot's centre lies at least its radius inside the plot.
        let centre = large.transform.apply(10, 10)
        #expect(large.plot.maxX - centre.x >= 30 && centre.y - large.plot.y >= 30, "\(centre) in \(large.plot)")
        #expect(large.x.domain.upperBound - large.x.domain.lowerBound > small.x.domain.upperBound - small.x.domain.lowerBound)
    }

    @Test func marksWithoutAxesGiveTheirRoomToThePlot() {
        let onAxes = ChartLayout(chart: chart(), marks: Dots(), measurer: measurer, threads: 1)
        let bare = ChartLayout(chart: chart(), marks: Dots(axes: false), measurer: measurer, threads: 1)
        #expect(bare.plot.width > onAxes.plot.width && bare.plot.height > onAxes.plot.height, "\(bare.plot) against \(onAxes.plot)")
    }

    /// A legend not pinned goes to the first position free of data: the top left beside these points; where the
    /// marks say they occupy the left half too, the bottom right.
    @Test func aLegendKeepsOffWhatTheMarksOccupy() throws {
        let c = chart()
        let free = ChartLayout(chart: c, marks: Dots(), measurer: measurer, threads: 1)
        let box = try #require(LegendLayout(chart: c, layout: free, measurer: measurer).box)
        #expect(box.maxX < free.plot.center.x && box.maxY < free.plot.center.y, "\(box) in \(free.plot)")

        let marks = Dots(occupied: (0...5, 0...10))
        let occupied = ChartLayout(chart: c, marks: marks, measurer: measurer, threads: 1)
        let moved = try #require(LegendLayout(chart: c, layout: occupied, measurer: measurer).box)
        let taken = try #require(marks.occupied(c, transforms: (occupied.transform, occupied.transform))[0]?.first)
        #expect(!moved.intersects(taken), "\(moved) over \(taken)")
        #expect(moved.x > occupied.plot.center.x && moved.y > occupied.plot.center.y, "\(moved) in \(occupied.plot)")
    }
}
