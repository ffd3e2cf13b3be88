import Foundation
import Glint
import Testing

/// Where a legend nobody placed goes: inside at the top right when that covers no data, else the first free inside
/// position, else outside (right, or below on a narrow chart), else inside with a notice; a pinned legend stays.
@Suite struct LegendPlacementTests {
    /// Waves a third of a period apart crossing the whole plot: every inside position covers some line.
    static func waves(width: Int = 640, height: Int = 400, names: [String] = ["alpha", "beta", "gamma"]) -> Chart {
        let x = (0..<400).map { Double($0) / 399 * 10 }
        let series = names.enumerated().map { i, name in
            Series.line(name: name, x: Column(x), y: Column(x.map { sin(3 * $0 + Double(i) * 2.1) }))
        }
        return Chart(width: width, height: height, series: series)
    }

    /// The pixel positions of every point of `chart`'s series, as `layout` maps them.
    static func points(_ chart: Chart, _ layout: ChartLayout) -> [Point] {
        chart.series.flatMap { s in zip(s.x, s.y).map { layout.transform(for: s).apply($0, $1) } }
    }

    @Test func aLegendOverTheDataMovesToAFreeCorner() throws {
        // A rising line ends at the top right, where the legend would start.
        let chart = Chart(width: 480, height: 300, series: [.line(name: "rising", x: [0, 1, 2, 3, 4], y: [0, 1, 2, 3, 4])])
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(layout.plot.contains(box), "still inside: \(box) in \(layout.plot)")
        #expect(box.maxX < layout.plot.center.x && box.y < layout.plot.center.y, "top left, clear of the line: \(box)")
        #expect(!LegendPlacementTests.points(chart, layout).contains { box.insetBy(-2).contains($0) })
    }

    @Test func aLegendCoveringDataEverywhereGoesOutsideOnTheRight() throws {
        let chart = LegendPlacementTests.waves()
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(box.x >= layout.plot.maxX, "beside the plot: \(box), plot \(layout.plot)")
        #expect(box.maxX <= 640 && abs(box.center.y - layout.plot.center.y) <= 1, "centred beside it: \(box)")
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.notices.isEmpty, "\(report.notices)")
    }

    @Test func aPinnedLegendStaysWhereItWasPut() throws {
        var chart = LegendPlacementTests.waves()
        chart.legend = Legend(position: .topRight)
        #expect(chart.legend.pinned)
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(layout.plot.contains(box) && box.maxX == layout.plot.maxX - 10 && box.y == layout.plot.y + 10, "\(box)")
        var moved = Legend()
        #expect(!moved.pinned)
        moved.position = .bottomLeft
        #expect(moved.pinned, "setting a position pins the legend")
    }

    @Test func aNarrowChartPutsTheLegendBelowTheRightBesideWouldSquashThePlot() throws {
        let chart = LegendPlacementTests.waves(width: 360, height: 400, names: ["temperature inside", "temperature outside"])
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        #expect(box.y >= layout.plot.maxY && box.maxY <= 400, "below the plot: \(box), plot \(layout.plot)")
        #expect(box.height < 40, "in one row: \(box)")
    }

    @Test func withNoRoomOutsideTheLegendStaysInsideWithANotice() throws {
        let chart = LegendPlacementTests.waves(width: 320, height: 200, names: ["North America and Canada", "Europe, Middle East and Africa", "Asia and the Pacific"])
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let box = try #require(report.legends.first?.box)
        #expect(report.plot.contains(box), "\(box)")
        #expect(report.notices.contains { $0.hasPrefix("legend 'series' covers data") }, "\(report.notices)")
    }

    @Test func theSpecPinsALegendThatNamesAPositionOrPlacement() throws {
        func legend(_ json: String) throws -> Legend {
            let spec = #"{"series": [{"x": [0, 1], "y": [0, 1]}], "legend": \#(json)}"#
            return try ChartSpec.decode(Array(spec.utf8), relativeTo: "/").legend
        }
        #expect(try !legend("{}").pinned)
        #expect(try !legend(#"{"title": "Sensors"}"#).pinned)
        #expect(try legend(#"{"position": "top-right"}"#).pinned)
        #expect(try legend(#"{"placement": "inside"}"#).pinned)
    }
}
