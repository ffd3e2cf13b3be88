import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Every key that names a column reads it from either source — the series' CSV file, or the columns handed over with
/// the spec (numpy arrays from Python, C arrays, the server's parts) — and draws what the same values given inline
/// draw, pixel for pixel; so does a `.npz` archive of the same columns (`"data": {"npz": ...}`). (A colour column, a split, labels, error bars and bands once read CSV files only: a
/// DataFrame's text column had to go through JSON as a list.)
@Suite struct ColumnSourceTests {
    static let (x, y, kind, err) = (ColumnKeyCases.x, ColumnKeyCases.y, ColumnKeyCases.kind, ColumnKeyCases.err)

    /// The same rows as the columns handed over: numbers, and `kind` as categories.
    static var supplied: SuppliedColumns {
        var columns = SuppliedColumns()
        let named: [(String, [Double])] = [("x", x), ("y", y), ("err", err), ("low", zip(y, err).map { $0 - $1 }), ("high", zip(y, err).map { $0 + $1 })]
        for (name, values) in named { try! columns.add(name, .numbers(Column(values)), path: name) }
        let names = ["a", "b", "c"]
        try! columns.add("kind", .categories(codes: kind.map { Int32(names.firstIndex(of: $0)!) }, names: names), path: "kind")
        return columns
    }

    /// Writes the rows into `folder` as `t.csv` and as `t.npz` (numpy.savez: float64 arrays, `kind` as numpy text).
    static func writeTables(into folder: URL) throws {
        let rows = x.indices.map { i in "\(x[i]),\(y[i]),\(kind[i]),\(err[i]),\(y[i] - err[i]),\(y[i] + err[i])" }
        try (["x,y,kind,err,low,high"] + rows).joined(separator: "\n").write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let low = zip(y, err).map { $0 - $1 }, high = zip(y, err).map { $0 + $1 }
        let script = "import numpy as np\nnp.savez(\(String(reflecting: folder.appendingPathComponent("t.npz").path)), x=np.array(\(x)), "
            + "y=np.array(\(y)), err=np.array(\(err)), low=np.array(\(low)), high=np.array(\(high)), kind=np.array(\(ColumnKeyCases.json(kind))))"
        let run = try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", script])
        try #require(run.status == 0, "numpy.savez: \(run.output)")
    }

    @Test(arguments: ColumnKeyCases.cases)
    func aColumnKeyDrawsAlikeFromEverySource(_ c: ColumnKeyCases.Case) throws {
        let renderer = try Shared.renderer(.cpu)
        let inline = try renderer.render(decodeSpec(ColumnKeyCases.spec(c, keys: c.inline, data: nil)))
        try ExternalTool.inScratch { folder in
            try Self.writeTables(into: folder)
            for file in [#""csv": "t.csv""#, #""npz": "t.npz""#] {
                let drawn = try renderer.render(ChartSpec.decode(Array(ColumnKeyCases.spec(c, keys: c.named, data: .some(file)).utf8), relativeTo: folder.path))
                #expect(drawn.pixels == inline.pixels, "\(c.name): the column of \(file) draws otherwise than inline values")
            }
        }
        let handedOver = try renderer.render(ChartSpec.decode(Array(ColumnKeyCases.spec(c, keys: c.named, data: .some(nil)).utf8), files: .none,
                                                              columns: Self.supplied))
        #expect(handedOver.pixels == inline.pixels, "\(c.name): the column handed over draws otherwise than inline values")
    }

    /// The same keys from `.npy` files and from a binary file, whose further columns `data.columns` names: every key
    /// from `.npy` files (the categories as numpy text), the keys of number columns from interleaved doubles.
    @Test(arguments: ColumnKeyCases.cases)
    func aColumnKeyDrawsAlikeFromNpyAndBinaryFiles(_ c: ColumnKeyCases.Case) throws {
        let renderer = try Shared.renderer(.cpu)
        let inline = try renderer.render(decodeSpec(ColumnKeyCases.spec(c, keys: c.inline, data: nil)))
        let spec = { (data: String) in #"{"width": 320, "height": 200, "series": [{"type": "\#(c.type)", "data": {\#(data)}, \#(c.named)}]}"# }
        let (x, y, err, kind, low, high) = (Self.x, Self.y, Self.err, Self.kind, ColumnKeyCases.low, ColumnKeyCases.high)
        try ExternalTool.inScratch { folder in
            let arrays = ["x": "\(x)", "y": "\(y)", "err": "\(err)", "low": "\(low)", "high": "\(high)", "kind": ColumnKeyCases.json(kind)]
            let script = "import numpy as np\n" + arrays.map { "np.save(\(String(reflecting: folder.appendingPathComponent($0.key + ".npy").path)), np.array(\($0.value)))" }
                .joined(separator: "\n")
            try #require(try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", script]).status == 0)
            let points = c.type == "pie" ? #""y": {"npy": "y.npy"}"# : #""x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}"#
            let columns = ["kind", "err", "low", "high"].map { #""\#($0)": {"npy": "\#($0).npy"}"# }.joined(separator: ", ")
            let npy = try renderer.render(ChartSpec.decode(Array(spec(points + #", "columns": {\#(columns)}"# + (c.labels ? #", "labels": "kind""# : "")).utf8),
                                                           relativeTo: folder.path))
            #expect(npy.pixels == inline.pixels, "\(c.name): .npy files draw otherwise than inline values")
            // A binary file holds numbers: the keys that name categories are left to the other sources.
            guard !c.named.contains("kind"), !c.labels, c.type != "line" || !c.named.contains("split") else { return }
            let rows = x.indices.flatMap { [x[$0], y[$0], err[$0], low[$0], high[$0]] }
            try rows.withUnsafeBytes { Data($0) }.write(to: folder.appendingPathComponent("t.bin"))
            let binaryColumns = ["err", "low", "high"].enumerated().map { #""\#($1)": {"offset": \#(16 + 8 * $0), "stride": 40}"# }.joined(separator: ", ")
            let binary = try renderer.render(ChartSpec.decode(Array(spec(#""binary": "t.bin", "x": {"offset": 0, "stride": 40}, "y": {"offset": 8, "stride": 40}, "columns": {\#(binaryColumns)}"#).utf8),
                                                              relativeTo: folder.path))
            #expect(binary.pixels == inline.pixels, "\(c.name): a binary file draws otherwise than inline values")
        }
    }

    /// The chart of `spec` with its `DATA` placeholder replaced by a `data` object of `keys` (column names) read from
    /// a CSV file of the rows, from a `.npz` archive of them, or from the same columns handed over.
    static func drawn(_ spec: String, keys: String) throws -> (csv: Image, npz: Image, handedOver: Image) {
        let renderer = try Shared.renderer(.cpu)
        let files = try ExternalTool.inScratch { folder in
            try writeTables(into: folder)
            return try [#""csv": "t.csv""#, #""npz": "t.npz""#].map { file in
                try renderer.render(ChartSpec.decode(Array(spec.replacingOccurrences(of: "DATA", with: #""data": {\#(file), \#(keys)}"#).utf8),
                                                     relativeTo: folder.path))
            }
        }
        let given = spec.replacingOccurrences(of: "DATA", with: #""data": {\#(keys)}"#)
        return (files[0], files[1], try renderer.render(ChartSpec.decode(Array(given.utf8), files: .none, columns: supplied)))
    }

    /// A filter on a text column, a facet by one, and candles' prices: from a CSV file and from handed-over columns
    /// alike, and as the same rows given inline (the facet has no inline form: its two sources are compared).
    @Test func filtersFacetsAndCandlesReadEitherSource() throws {
        let renderer = try Shared.renderer(.cpu)
        let filtered = try Self.drawn(#"{"width": 320, "height": 200, "series": [{"type": "dots", DATA, "filter": {"column": "kind", "==": "a"}}]}"#,
                                      keys: #""x": "x", "y": "y""#)
        let kept = [0, 2, 5]
        let inline = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "dots", "x": \#(ColumnKeyCases.json(kept.map { Self.x[$0] })), "y": \#(ColumnKeyCases.json(kept.map { Self.y[$0] }))}]}"#))
        #expect(filtered.csv.pixels == inline.pixels && filtered.npz.pixels == inline.pixels && filtered.handedOver.pixels == inline.pixels, "filter")
        let faceted = try Self.drawn(#"{"width": 480, "height": 300, "facet": {"column": "kind"}, "series": [{"type": "line", DATA}]}"#,
                                     keys: #""x": "x", "y": "y""#)
        #expect(faceted.csv.pixels == faceted.handedOver.pixels && faceted.npz.pixels == faceted.handedOver.pixels, "facet")
        let candles = try Self.drawn(#"{"width": 320, "height": 200, "series": [{"type": "candlestick", DATA}]}"#,
                                     keys: #""x": "x", "open": "low", "high": "high", "low": "low", "close": "y""#)
        let prices = #""x": \#(ColumnKeyCases.json(Self.x)), "open": \#(ColumnKeyCases.json(zip(Self.y, Self.err).map { $0 - $1 })), "high": \#(ColumnKeyCases.json(zip(Self.y, Self.err).map { $0 + $1 })), "low": \#(ColumnKeyCases.json(zip(Self.y, Self.err).map { $0 - $1 })), "close": \#(ColumnKeyCases.json(Self.y))"#
        let inlineCandles = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "candlestick", \#(prices)}]}"#))
        #expect(candles.csv.pixels == inlineCandles.pixels && candles.npz.pixels == inlineCandles.pixels
                && candles.handedOver.pixels == inlineCandles.pixels, "candles")
    }

    /// A kind's own value columns — a hexbin's and a density's `value`, a density's `category` — read every source as
    /// x and y do (its `read` asks `MarkKeys.column` or `texts`), and draw what the same values given inline draw.
    @Test func aKindsValueColumnsReadEverySource() throws {
        let renderer = try Shared.renderer(.cpu)
        let kinds: [(series: String, column: String, inline: String)] = [
            (#""type": "hexbin", "gridsize": 4, "reduce": "mean""#, #""value": "err""#, #""value": \#(ColumnKeyCases.json(Self.err))"#),
            (#""type": "density", "reduce": "max", "spread": 3"#, #""value": "err""#, #""value": \#(ColumnKeyCases.json(Self.err))"#),
            (#""type": "density", "reduce": "count_by", "spread": 3"#, #""category": "kind""#, #""category": \#(ColumnKeyCases.json(Self.kind))"#),
        ]
        for kind in kinds {
            let drawn = try Self.drawn(#"{"width": 320, "height": 200, "series": [{\#(kind.series), DATA}]}"#, keys: #""x": "x", "y": "y", \#(kind.column)"#)
            let points = #""x": \#(ColumnKeyCases.json(Self.x)), "y": \#(ColumnKeyCases.json(Self.y))"#
            let inline = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{\#(kind.series), \#(points), \#(kind.inline)}]}"#))
            #expect(drawn.csv.pixels == inline.pixels && drawn.npz.pixels == inline.pixels && drawn.handedOver.pixels == inline.pixels, "\(kind.series)")
        }
    }

    /// A heatmap's long table — a cell per row at (x, y) with its value — from a CSV file, a `.npz` archive and
    /// handed-over columns, as the same grid given inline.
    @Test func aHeatmapsLongTableReadsEitherSource() throws {
        let rows = [(0.0, 0.0, 1.0), (1, 0, 2), (0, 1, 3), (1, 1, 4), (0, 2, 5), (1, 2, 6)]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glint-heat-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try (["h,d,n"] + rows.map { "\($0.0),\($0.1),\($0.2)" }).joined(separator: "\n")
            .write(to: folder.appendingPathComponent("cells.csv"), atomically: true, encoding: .utf8)
        var columns = SuppliedColumns()
        try columns.add("h", .numbers(Column(rows.map(\.0))), path: "h")
        try columns.add("d", .numbers(Column(rows.map(\.1))), path: "d")
        try columns.add("n", .numbers(Column(rows.map(\.2))), path: "n")
        let spec = { (csv: String) in #"{"width": 320, "height": 200, "series": [{"type": "heatmap", "data": {\#(csv)"x": "h", "y": "d", "value": "n"}}]}"# }
        let renderer = try Shared.renderer(.cpu)
        let fromCSV = try renderer.render(ChartSpec.decode(Array(spec(#""csv": "cells.csv", "#).utf8), relativeTo: folder.path))
        let handedOver = try renderer.render(ChartSpec.decode(Array(spec("").utf8), files: .none, columns: columns))
        let script = "import numpy as np\nnp.savez(\(String(reflecting: folder.appendingPathComponent("cells.npz").path)), h=np.array(\(rows.map(\.0))), "
            + "d=np.array(\(rows.map(\.1))), n=np.array(\(rows.map(\.2))))"
        try #require(try ExternalTool.run(try ExternalTool.pythonWithNumpy(), ["-c", script]).status == 0)
        let fromNpz = try renderer.render(ChartSpec.decode(Array(spec(#""npz": "cells.npz", "#).utf8), relativeTo: folder.path))
        let inline = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "heatmap", "x": [0, 1], "y": [0, 1, 2], "z": [[1, 2], [3, 4], [5, 6]]}]}"#))
        #expect(fromCSV.pixels == inline.pixels && fromNpz.pixels == inline.pixels && handedOver.pixels == inline.pixels)
    }

    /// A column key that names no column says which columns there are, whichever source it reads.
    @Test func aMissingColumnListsTheColumnsGiven() throws {
        let spec = #"{"series": [{"type": "dots", "data": {"x": "x", "y": "y"}, "color": {"column": "knd", "palette": "tableau10"}}]}"#
        do {
            _ = try ChartSpec.decode(Array(spec.utf8), files: .none, columns: Self.supplied)
            Issue.record("a missing column was read")
        } catch let error as GlintError {
            #expect("\(error)" == #"series[0].color.column: no column named "knd" (did you mean "kind"?): the columns given are "x", "y", "err", "low", "high", "kind""#, "\(error)")
        }
    }
}
