import GlintTestSupport
import Testing
@testable import GlintCore

@Suite struct LayoutTests {
    let measurer = FixedMeasurer()

    func chart(legend: Legend = Legend(), scale: Double = 1) -> Chart {
        Chart(width: 600, height: 400, scale: scale, title: "T", x: Axis(title: "x", range: 0...10), y: Axis(title: "y", range: 0...100),
              series: [.line(name: "alpha", x: [0, 10], y: [0, 100]), .dots(name: "beta", x: [5], y: [50])], legend: legend)
    }

    @Test func plotSitsInsideTheImageOnWholePixels() {
        let layout = ChartLayout(chart: chart(), measurer: measurer, threads: 2)
        let p = layout.plot
        #expect(p.x > 0 && p.y > 0 && p.maxX < 600 && p.maxY < 400)
        #expect(p.x == p.x.rounded() && p.maxY == p.maxY.rounded())
        #expect(layout.transform.apply(0, 0) == Point(p.x, p.maxY))
        #expect(layout.transform.apply(10, 100) == Point(p.maxX, p.y))
    }

    @Test func autoRangePadsTheDataByFourPercent() {
        let c = Chart(series: [.line(x: [0, 100], y: [10, 20])])
        let layout = ChartLayout(chart: c, measurer: measurer, threads: 2)
        #expect(layout.x.domain == -4...104)
        #expect(abs(layout.y.domain.lowerBound - 9.6) < 1e-12 && abs(layout.y.domain.upperBound - 20.4) < 1e-12)
    }

    @Test func barsKeepTheirZeroBaseline() {
        let c = Chart(series: [.bars(x: [1, 2, 3], y: [5, 7, 9])])
        let layout = ChartLayout(chart: c, measurer: measurer, threads: 2)
        #expect(layout.y.domain.lowerBound == 0)
        #expect(layout.x.domain.lowerBound < 0.6)
    }

    @Test func nanAndInfinityAreGapsNotRange() {
        let c = Chart(series: [.line(x: [0, .nan, 2, .infinity], y: [1, 5, .nan, 3])])
        let layout = ChartLayout(chart: c, measurer: measurer, threads: 2)
        // Only the point (0, 1) is finite in both coordinates: a single value widens to a unit span.
        #expect(layout.x.domain == -1...1)
        #expect(abs(layout.y.domain.lowerBound - 0.9) < 1e-12 && abs(layout.y.domain.upperBound - 1.1) < 1e-12)
        #expect(!layout.isEmpty)
    }

    /// Where a reader finds the legend: inside the plot, at least its margins from every edge, touching the
    /// margins of the sides its position names and equally far from both sides it does not name.
    @Test(arguments: LegendPosition.allCases.filter { $0 != .best })
    func legendSitsAtItsPositionInsideThePlotWithItsMargins(position: LegendPosition) throws {
        let margins = EdgeInsets(left: 12, top: 7, right: 20, bottom: 9)
        let c = chart(legend: Legend(position: position, margins: margins))
        let layout = ChartLayout(chart: c, measurer: measurer, threads: 2)
        let legend = LegendLayout(chart: c, layout: layout, measurer: measurer)
        let box = try #require(legend.box)
        let p = layout.plot
        let gaps = (left: box.x - p.x, top: box.y - p.y, right: p.maxX - box.maxX, bottom: p.maxY - box.maxY)
        #expect(gaps.left >= margins.left - 0.5 && gaps.right >= margins.right - 0.5, "\(gaps)")
        #expect(gaps.top >= margins.top - 0.5 && gaps.bottom >= margins.bottom - 0.5, "\(gaps)")
        let name = position.rawValue
        if name.hasSuffix("left") { #expect(abs(gaps.left - margins.left) <= 0.5) }
        if name.hasSuffix("right") { #expect(abs(gaps.right - margins.right) <= 0.5) }
        if name.hasPrefix("top") { #expect(abs(gaps.top - margins.top) <= 0.5) }
        if name.hasPrefix("bottom") { #expect(abs(gaps.bottom - margins.bottom) <= 0.5) }
        if !name.hasSuffix("left") && !name.hasSuffix("right") {
            #expect(abs((gaps.left - margins.left) - (gaps.right - margins.right)) <= 1, "centred across: \(gaps)")
        }
        if !name.hasPrefix("top") && !name.hasPrefix("bottom") {
            #expect(abs((gaps.top - margins.top) - (gaps.bottom - margins.bottom)) <= 1, "centred down: \(gaps)")
        }
        // Every swatch and label sits inside the box, in series order, none over another.
        #expect(legend.entries.map(\.seriesIndex) == [0, 1])
        for entry in legend.entries {
            #expect(entry.swatch.x >= box.x && entry.swatch.maxX <= box.maxX && entry.swatch.y >= box.y && entry.swatch.maxY <= box.maxY)
            #expect(entry.labelOrigin.x >= entry.swatch.maxX && entry.labelOrigin.y <= box.maxY)
        }
        #expect(legend.entries[1].swatch.y >= legend.entries[0].swatch.maxY)
    }

    @Test func orientationStacksOrLinesUpEntries() throws {
        let vertical = LegendLayout(chart: chart(), layout: ChartLayout(chart: chart(), measurer: measurer, threads: 2), measurer: measurer)
        let hc = chart(legend: Legend(orientation: .horizontal))
        let horizontal = LegendLayout(chart: hc, layout: ChartLayout(chart: hc, measurer: measurer, threads: 2), measurer: measurer)
        let v = vertical.entries, h = horizontal.entries
        #expect(v[1].swatch.y > v[0].swatch.y && v[1].swatch.x == v[0].swatch.x)
        #expect(h[1].swatch.x > h[0].swatch.x && h[1].swatch.y == h[0].swatch.y)
        #expect(try #require(horizontal.box).height < #require(vertical.box).height)
    }

    @Test func scaleMultipliesEveryLength() throws {
        let one = ChartLayout(chart: chart(scale: 1), measurer: measurer, threads: 2)
        let two = ChartLayout(chart: chart(scale: 2), measurer: measurer, threads: 2)
        #expect(two.imageWidth == 1200 && two.imageHeight == 800)
        #expect(abs(two.plot.x - 2 * one.plot.x) <= 2)
        #expect(abs(two.plot.width - 2 * one.plot.width) <= 2)
        #expect(two.typography.tickLabel == 2 * one.typography.tickLabel)
    }

    @Test func emptySeriesGiveAnEmptyChartWithNoDataMessage() throws {
        let c = Chart(series: [.line(name: "none", x: [], y: [])])
        let scene = try SceneBuilder.build(c, measurer: measurer, threads: 2)
        let texts = scene.commands.flatMap { cmd -> [TextShape] in
            if case let .text(runs) = cmd.shape { return runs }
            return []
        }
        #expect(texts.contains { $0.text == "No data" })
    }
}

@Suite struct DotRoomTests {
    @Test func autoRangesLeaveRoomForTheLargestDot() {
        let measurer = FixedMeasurer()
        let chart = Chart(width: 400, height: 300, series: [.dots(x: [0, 10], y: [0, 10], radius: 20...20)])
        let layout = ChartLayout(chart: chart, measurer: measurer, threads: 2)
        let low = layout.transform.apply(0, 0), high = layout.transform.apply(10, 10)
        // Both extreme dots (radius 20, plus a pixel of anti-aliasing) lie wholly inside the plot.
        #expect(low.x - 21 >= layout.plot.x - 0.5 && high.x + 21 <= layout.plot.maxX + 0.5)
        #expect(high.y - 21 >= layout.plot.y - 0.5 && low.y + 21 <= layout.plot.maxY + 0.5)
    }

    @Test func explicitRangesAreKept() {
        var chart = Chart(width: 400, height: 300, series: [.dots(x: [0, 10], y: [0, 10], radius: 20...20)])
        chart.x.range = 0...10
        chart.y.range = 0...10
        let layout = ChartLayout(chart: chart, measurer: FixedMeasurer(), threads: 2)
        #expect(layout.x.domain == 0...10 && layout.y.domain == 0...10)
    }
}
