import Glint
import Testing

/// A kind says what its points are of the rows it was read from (`Series.pointOrigin`) and which shared options it
/// takes (`Series.takes`); the spec's row transforms ask those, not the kind.
@Suite struct PointOriginTests {
    static func error(_ series: String) -> String? {
        do {
            _ = try ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: ".")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func eachKindSaysWhatItsPointsAre() throws {
        let origins = try [#""type": "line", "y": [1, 2]"#, #""type": "candlestick", "open": [1], "high": [2], "low": [0], "close": [1]"#,
                           #""type": "pie", "y": [1, 2]"#, #""type": "histogram", "x": [1, 2, 3]"#, #""type": "heatmap", "z": [[1, 2]]"#,
                           #""type": "contour", "z": [[1, 2], [3, 4]]"#].map { series in
            try #require(ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: ".").series.first).pointOrigin
        }
        #expect(origins == [.rows, .periods, .slices, .bins, .cells, .cells])
    }

    @Test func rowTransformsFollowThePointsOrigin() {
        let roll = #""rolling": {"window": 2}"#
        #expect(Self.error(#""type": "pie", "y": [1, 2], \#(roll)"#) == nil, "a pie's slices roll")
        #expect(Self.error(#""type": "candlestick", "open": [1], "high": [2], "low": [0], "close": [1], \#(roll)"#)?
                    .hasPrefix("series[0].rolling: a candlestick does not roll") == true)
        #expect(Self.error(#""type": "contour", "z": [[1, 2], [3, 4]], \#(roll)"#)?.hasPrefix("series[0].rolling: a contour does not roll") == true)
        #expect(Self.error(#""type": "contour", "z": [[1, 2], [3, 4]], "split": ["a"]"#)
                == "series[0].split: a contour cannot be split: its points are a grid's cells; give a series per group")
        #expect(Self.error(#""type": "histogram", "x": [1, 2], "filter": {"column": "x", ">": 0}"#)?
                    .hasPrefix("series[0].filter: a histogram's points are its bins") == true)
    }

    @Test func trendsAndDensityCurvesGoOnTheKindsThatTakeThem() {
        #expect(Self.error(#""type": "dots", "y": [1, 2, 3], "trend": {"method": "linear"}"#)?
                    .hasPrefix(#"series[0].trend: a trend draws a line: give it on a "line" series"#) == true)
        #expect(Self.error(#""type": "bars", "y": [1, 2, 3], "density": {}"#)?
                    .hasPrefix(#"series[0].density: a density curve is drawn as a "line" or an "area""#) == true)
        #expect(Self.error(#""type": "area", "y": [1, 2, 3], "density": {}"#) == nil)
    }
}
