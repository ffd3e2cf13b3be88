import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// `filter` and `rolling` in the spec: rows kept by comparisons on CSV columns (numbers or text) or the series' own
/// x and y, before a split; a rolling window per group after it; bad ones refused with their path.
@Suite struct FilterTests {
    @Test func theExampleKeepsTheSnowDaysAndRollsTheMean() throws {
        let chart = GoldenCharts.example("rolling")
        #expect(chart.series.map(\.x.count) == [1461, 1461, 23], "23 snow days in Examples/seattle-weather.csv")
        let mean = chart.series[1].y.doubles
        #expect(mean.prefix(29).allSatisfy(\.isNaN) && mean[29].isFinite)
    }

    @Test func filtersCompareNumbersTextAndOwnValues() throws {
        let inline = try decodeSpec(#"{"series": [{"x": [1, 2, 3, 4], "y": [5, 6, 7, 8], "filter": [{"column": "x", ">": 1}, {"column": "y", "<": 8}]}]}"#)
        #expect(inline.series[0].x.doubles == [2, 3] && inline.series[0].y.doubles == [6, 7])
        // Found by the spec fuzzer: x longer than y, filtered on y, read y past its end.
        let uneven = try decodeSpec(#"{"series": [{"x": [1, 2, 3], "y": [5], "filter": {"column": "y", ">": 0}}]}"#)
        #expect(uneven.series[0].x.doubles == [1])
        try ExternalTool.inScratch { folder in
            try "t,v,k\n1,10,a\n2,20,b\n3,30,a\n4,40,c\n".write(to: folder.appendingPathComponent("d.csv"), atomically: true, encoding: .utf8)
            func series(_ filter: String, split: String = "") throws -> [Series] {
                let spec = #"{"series": [{"data": {"csv": "d.csv", "x": "t", "y": "v"}, "filter": \#(filter)\#(split)}]}"#
                return try ChartSpec.decode(Array(spec.utf8), relativeTo: folder.path).series
            }
            #expect(try series(#"{"column": "k", "in": ["a", "c"]}"#)[0].x.doubles == [1, 3, 4])
            #expect(try series(#"{"column": "v", ">=": 30}"#)[0].y.doubles == [30, 40])
            #expect(try series(#"{"column": "k", "!=": "a"}"#, split: #", "split": "k", "rolling": {"window": 1, "op": "sum"}"#).map(\.name) == ["b", "c"])
        }
    }

    @Test func badFiltersAndWindowsAreRefusedWithTheirPath() {
        #expect(specError(#"{"series": [{"y": [1], "filter": {"column": "x"}}]}"#).hasPrefix("series[0].filter: give one comparison"))
        #expect(specError(#"{"series": [{"y": [1], "filter": {"column": "x", ">": 1, "<": 3}}]}"#).hasPrefix("series[0].filter: give one comparison"))
        #expect(specError(#"{"series": [{"y": [1], "filter": {"column": "k", "==": "a"}}]}"#)
            .hasPrefix("series[0].filter.column: without data.csv a filter compares the series' own"))
        #expect(specError(#"{"series": [{"y": [1], "filter": [{"==": 1}]}]}"#) == "series[0].filter[0].column: missing; name the column to compare")
        #expect(specError(#"{"series": [{"y": [1], "rolling": {"window": 0}}]}"#).hasPrefix("series[0].rolling.window: expected a whole number of points"))
        #expect(specError(#"{"series": [{"y": [1], "rolling": {"window": 2, "op": "mode"}}]}"#).hasPrefix("series[0].rolling.op: expected one of"))
        #expect(specError(#"{"series": [{"type": "histogram", "x": [1], "filter": {"column": "x", ">": 0}}]}"#)
            .hasPrefix("series[0].filter: a histogram's points are its bins"))
    }
}
