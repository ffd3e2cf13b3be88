import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import Testing

/// `"sort"` as users see it: a category axis ordered by a series' values or by name when the chart is drawn (after
/// repeated categories are combined), points on a numeric axis put in order of x as the spec is read, and sorts that
/// cannot apply refused with their path.
@Suite struct SortTests {
    static func tickLabels(_ chart: Chart) throws -> [String] {
        try Shared.renderer(.cpu).layoutReport(chart).texts.filter { $0.role.kind == .tickLabel && $0.role.axis == "x" }.map(\.text)
    }

    @Test func aCategoryAxisIsRankedByTheMeansOfItsBars() throws {
        let chart = GoldenCharts.example("sorted-bars")
        #expect(try Self.tickLabels(chart) == ["sun", "drizzle", "fog", "rain", "snow"])
        let values = try Shared.renderer(.cpu).layoutReport(chart).texts.filter { $0.role.kind == .pointLabel }
        // Value labels left to right fall with the ranking.
        let sorted = values.sorted { $0.box.x < $1.box.x }.map { Double($0.text.dropLast()) ?? .nan }
        #expect(sorted == [19.4, 15.9, 14.5, 12.6, 5.5])
    }

    @Test func namesAndSmallestFirstOrderToo() throws {
        let spec = #"{"x": {"categories": true}, "series": [{"type": "bars", "x": ["b", "c", "a", "b"], "y": [1, 5, 3, 1], "sort": "SORT"}, {"type": "dots", "x": ["a"], "y": [9]}]}"#
        func labels(_ order: String) throws -> [String] { try Self.tickLabels(decodeSpec(spec.replacingOccurrences(of: "SORT", with: order))) }
        #expect(try labels("x") == ["a", "b", "c"])
        #expect(try labels("-x") == ["c", "b", "a"])
        #expect(try labels("y") == ["b", "a", "c"], "b sums to 2")
        // The dots move with their category: "a" is last by name descending.
        let chart = try decodeSpec(spec.replacingOccurrences(of: "SORT", with: "-x"))
        let renderer = try Shared.renderer(.cpu), layout = try renderer.layout(chart)
        let hit = try renderer.hitTest(chart, at: layout.transform.apply(2, 9), tolerance: 2)
        #expect(hit == .point(series: 1, index: 0, x: 2, y: 9, distance: 0), "the dot at a's new slot is a's, named by its own index")
    }

    @Test func pointsOnANumericAxisAreOrderedByX() throws {
        let chart = try decodeSpec(#"{"series": [{"x": [3, null, 1, 2], "y": [30, 0, 10, 20], "labels": ["c", "gap", "a", "b"], "sort": "x"}]}"#)
        let s = try #require(chart.series.first)
        #expect(s.x.doubles.prefix(3) == [1, 2, 3] && s.x[3].isNaN && s.y.doubles == [10, 20, 30, 0] && s.labels == ["a", "b", "c", "gap"])
        let down = try decodeSpec(#"{"series": [{"x": [1, 3, 2], "y": [1, 3, 2], "sort": "-x"}]}"#)
        #expect(down.series[0].x.doubles == [3, 2, 1])
    }

    @Test func sortsThatCannotApplyAreRefused() throws {
        #expect(specError(#"{"series": [{"x": [1, 2], "y": [1, 2], "sort": "-y"}]}"#).hasPrefix("series[0].sort: \"-y\" orders the categories of a category axis"))
        #expect(specError(#"{"series": [{"type": "histogram", "x": [1, 2], "sort": "x"}]}"#).hasPrefix("series[0].sort: only lines, dot series, bars, areas, stems, box plots and violin plots sort"))
        #expect(specError(#"{"series": [{"x": [1, 2], "y": [1, 2], "sort": "up"}]}"#).hasPrefix("series[0].sort: expected one of \"x\", \"-x\", \"y\", \"-y\""))
        var chart = Chart(series: [.bars(x: [1, 2], y: [1, 2])])
        chart.series[0].sort = .y
        #expect(throws: GlintError.badValue(path: "series[0].sort", message: "\"y\" orders the categories of a category axis; this axis has none (put points in order with Series.sorted(by:))")) {
            try Shared.renderer(.cpu).render(chart)
        }
    }
}
