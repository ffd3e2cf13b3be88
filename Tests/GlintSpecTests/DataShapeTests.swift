import Foundation
import Glint
import Testing

/// Each kind says what shape of data it reads (`SeriesKind.dataShape`) and which value columns beyond x, y and size
/// (`dataColumns`); the spec reads the data by its shape, requests and refuses the columns by the kinds' lists, and
/// the kind reads its colours and value columns itself.
@Suite struct DataShapeTests {
    /// The examples' folder, whose `cars.csv` a data object names.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized.path

    static func decoded(_ series: String) throws -> Series {
        try #require(try ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: examples).series.first)
    }

    static func error(_ series: String) -> String? {
        do {
            _ = try ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: examples)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A value column only some kinds read is refused on a line, naming every kind that reads it.
    @Test func aValueColumnIsRefusedOnKindsThatDoNotReadIt() throws {
        let keys = SeriesKind.allCases.flatMap(\.dataColumns).uniqued()
        #expect(keys.contains("value") && keys.contains("open") && keys.contains("category"))
        for key in keys {
            let listed = SeriesKind.listed { $0.dataColumns.contains(key) }
            let message = Self.error(#""data": {"csv": "cars.csv", "x": "Horsepower", "y": "Miles_per_Gallon", "\#(key)": "Acceleration"}"#)
            #expect(message == #"series[0].data.\#(key): only \#(listed) read a column as "\#(key)"; this series is a line"#, "\(key)")
        }
    }

    /// Candles read their prices themselves; periods given no x count 0, 1, 2, …, and an empty x stays empty (and
    /// is refused by validation).
    @Test func periodsWithoutXCountFromZero() throws {
        let prices = #""open": [1, 2, 3], "high": [4, 5, 6], "low": [0, 1, 2], "close": [2, 3, 4]"#
        let candles = try Self.decoded(#""type": "ohlc", \#(prices), "up": "blue", "barWidth": 0.5"#)
        #expect(candles.x.doubles == [0, 1, 2] && candles.y.doubles == [2, 3, 4])
        #expect(candles.candles?.open.doubles == [1, 2, 3] && candles.candles?.up == Color(rgb: 0x0000FF) && candles.candles?.width == 0.5)
        let unplaced = try Self.decoded(#""type": "candlestick", "x": [], \#(prices)"#)
        #expect(unplaced.x.isEmpty && unplaced.y.count == 3)
        let chart = Chart(series: [unplaced])
        #expect(throws: ChartError.self) { try chart.validate() }
        #expect(Self.error(#""type": "candlestick", "open": [1], "high": [1], "low": [1]"#)
                == "series[0].close: missing; a candlestick needs open, high, low and close (inline, or columns of data.csv)")
    }

    /// A kind that colours by value reads `color` itself: a heatmap's and a hexbin's scale, a contour's scale or one
    /// line colour, a density's scale; a plain colour is refused where only a scale colours.
    @Test func kindsThatColourByValueReadTheirOwnScale() throws {
        let heatmap = try Self.decoded(#""type": "heatmap", "z": [[1, 2], [3, 4]], "color": {"palette": "magma"}"#)
        #expect(heatmap.pointColors?.scale == ColorScale(palette: .magma) && heatmap.color == nil)
        let contour = try Self.decoded(##""type": "contour", "z": [[1, 2, 3], [2, 3, 4], [3, 4, 5]], "color": "#333333""##)
        #expect(contour.contour.lineColor == Color(rgb: 0x333333) && contour.contour.scale == ColorScale(palette: .viridis) && contour.color == nil)
        let hexbin = try Self.decoded(#""type": "hexbin", "x": [1, 2], "y": [1, 2], "color": {"scale": {"palette": "magma"}}"#)
        #expect(hexbin.hexbin.scale == ColorScale(palette: .magma))
        let density = try Self.decoded(#""type": "density", "x": [1, 2], "y": [1, 2], "color": {"palette": "magma"}"#)
        #expect(density.density.scale == ColorScale(palette: .magma))
        for kind in ["heatmap\", \"z\": [[1]]", "hexbin\", \"y\": [1]", "density\", \"y\": [1]"] {
            let name = kind.prefix { $0 != "\"" }
            #expect(Self.error(#""type": "\#(kind), "color": "red""#)?.hasPrefix("series[0].color: a \(name)'s colours come from a scale") == true, "\(name)")
        }
    }

    /// A value given both inline and as a column is refused at the inline key.
    @Test func aValueGivenTwiceIsRefused() {
        #expect(Self.error(#""type": "hexbin", "reduce": "mean", "value": [1], "data": {"csv": "cars.csv", "x": "Horsepower", "y": "Miles_per_Gallon", "value": "Acceleration"}"#)
                == #"series[0].value: give "value" either inline or as data.value, not both"#)
    }

    /// `columns` names further columns of `.npy` files or a binary file only, and at least one.
    @Test func furtherColumnsBelongToFilesOfColumns() {
        #expect(Self.error(#""data": {"x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}, "columns": {}}"#)
                == #"series[0].data.columns: names no column; name one, or leave out "columns""#)
        #expect(Self.error(#""data": {"csv": "cars.csv", "x": "Horsepower", "y": "Miles_per_Gallon", "columns": {"k": {"npy": "k.npy"}}}"#)?
                    .hasPrefix("series[0].data.columns: names further columns of .npy files or a binary file") == true)
    }
}
