import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// A database series that names columns beyond x, y and size reads its rows whole, as its table: every key that
/// names a column (`ColumnKeyCases`: a colour column by category and by number, a split, pie labels, error bars,
/// band bounds), a filter, candles' prices and a hexbin's values draw from SQLite, PostgreSQL and ClickHouse what the
/// same values given inline draw, pixel for pixel.
@Suite struct DatabaseColumnKeyTests {
    func enabled(_ engine: SensorReadings.Engine) -> Bool {
        guard let reason = engine.unavailableReason else { return true }
        print("skipped on \(engine): \(reason)")
        return false
    }

    /// The chart of `spec` read with the test databases' drivers.
    static func decode(_ spec: String) throws -> Chart {
        try ChartSpec.decode(Array(spec.utf8), relativeTo: "/", databases: SensorReadings.access)
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func everyColumnKeyDrawsFromTheRows(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        let db = try SensorReadings.connection(engine)
        let table = #""table": "points", "db": "\#(db)""#, query = #""sql": "SELECT * FROM points ORDER BY x", "db": "\#(db)""#
        for c in ColumnKeyCases.cases {
            let inline = try renderer.render(decodeSpec(ColumnKeyCases.spec(c, keys: c.inline, data: nil)))
            for rows in [table, query] {
                let read = try renderer.render(Self.decode(ColumnKeyCases.spec(c, keys: c.named, data: .some(rows))))
                #expect(read.pixels == inline.pixels, "\(engine): \(c.name) from \(rows)")
            }
        }
        // A key naming the y column reads it too (the series is not read at render time without its colours).
        let byY = ColumnKeyCases.Case(name: "colour by y", type: "dots", inline: #""color": {"values": \#(ColumnKeyCases.json(ColumnKeyCases.y)), "palette": "viridis"}"#,
                                      named: #""color": {"column": "y", "palette": "viridis"}"#)
        let coloured = try renderer.render(Self.decode(ColumnKeyCases.spec(byY, keys: byY.named, data: .some(table))))
        #expect(coloured.pixels == (try renderer.render(decodeSpec(ColumnKeyCases.spec(byY, keys: byY.inline, data: nil)))).pixels, "\(engine): colour by y")
        let cases = ColumnKeyCases.self
        let kept = [0, 2, 5]
        let filtered = try renderer.render(Self.decode(#"{"width": 320, "height": 200, "series": [{"type": "dots", "data": {\#(table), "x": "x", "y": "y"}, "filter": {"column": "kind", "==": "a"}}]}"#))
        let inlineKept = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "dots", "x": \#(cases.json(kept.map { cases.x[$0] })), "y": \#(cases.json(kept.map { cases.y[$0] }))}]}"#))
        #expect(filtered.pixels == inlineKept.pixels, "\(engine): filter")
        let candles = try renderer.render(Self.decode(#"{"width": 320, "height": 200, "series": [{"type": "candlestick", "data": {\#(table), "x": "x", "open": "low", "high": "high", "low": "low", "close": "y"}}]}"#))
        let inlineCandles = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "candlestick", "x": \#(cases.json(cases.x)), "open": \#(cases.json(cases.low)), "high": \#(cases.json(cases.high)), "low": \#(cases.json(cases.low)), "close": \#(cases.json(cases.y))}]}"#))
        #expect(candles.pixels == inlineCandles.pixels, "\(engine): candles")
        let hexbin = try renderer.render(Self.decode(#"{"width": 320, "height": 200, "series": [{"type": "hexbin", "gridsize": 4, "reduce": "mean", "data": {\#(table), "x": "x", "y": "y", "value": "err"}}]}"#))
        let inlineHexbin = try renderer.render(decodeSpec(#"{"width": 320, "height": 200, "series": [{"type": "hexbin", "gridsize": 4, "reduce": "mean", "x": \#(cases.json(cases.x)), "y": \#(cases.json(cases.y)), "value": \#(cases.json(cases.err))}]}"#))
        #expect(hexbin.pixels == inlineHexbin.pixels, "\(engine): hexbin values")
    }

    /// A column the rows lack is named with the nearest of theirs; a query's columns are its result's.
    @Test(arguments: SensorReadings.Engine.allCases)
    func aMissingColumnListsTheRowsColumns(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let db = try SensorReadings.connection(engine)
        func error(_ data: String) -> String {
            do {
                _ = try Self.decode(#"{"series": [{"type": "dots", "data": {\#(data), "db": "\#(db)", "x": "x", "y": "y"}, "color": {"column": "knd", "palette": "tableau10"}}]}"#)
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(error(#""table": "points""#) == #"series[0].color.column: no column named "knd" (did you mean "kind"?): the columns of its table are "x", "y", "kind", "err", "low", "high""#)
        #expect(error(#""sql": "SELECT x, y, kind AS k FROM points""#) == #"series[0].color.column: no column named "knd" (did you mean "k"?): the columns of its query are "x", "y", "k""#)
    }

    /// SQLite's loose types: numbers stored as text read as numbers (as a CSV file's cells), NULL is a gap or a row
    /// without a name, and a column mixing numbers and names is names, its numbers written as whole numbers.
    @Test func sqliteTextNumbersAndNullsReadAsACSVFilesWould() throws {
        let folder = SensorReadings.folder.appendingPathComponent("loose-\(UUID().uuidString.prefix(8)).db")
        try SQLiteFixture.create(folder, "CREATE TABLE t(x TEXT, y TEXT, name); INSERT INTO t VALUES ('0', '3', 'a'), ('1', NULL, 2), ('2', '4.5', NULL), ('3', '1', 2.0)")
        let chart = try Self.decode(#"{"series": [{"type": "dots", "data": {"table": "t", "db": "sqlite:\#(folder.path)", "x": "x", "y": "y", "labels": "name"}}]}"#)
        let s = try #require(chart.series.first)
        #expect(s.x.doubles == [0, 1, 2, 3] && s.y.doubles[0] == 3 && s.y.doubles[1].isNaN && s.y.doubles[2] == 4.5)
        #expect(s.labels == ["a", "2", nil, "2"])
    }

    /// A series naming only x, y and size is still read at render time, reduced in the database.
    @Test func aPlainDatabaseSeriesIsReadAtRenderTime() throws {
        let chart = try Self.decode(#"{"series": [{"type": "dots", "data": {"table": "points", "db": "\#(try SensorReadings.connection(.sqlite))", "x": "x", "y": "y"}}]}"#)
        #expect(chart.series.first?.source != nil && chart.series.first?.x.isEmpty == true)
        let tabled = try Self.decode(#"{"series": [{"type": "dots", "data": {"table": "points", "db": "\#(try SensorReadings.connection(.sqlite))", "x": "x", "y": "y", "labels": "kind"}}]}"#)
        #expect(tabled.series.first?.source == nil && tabled.series.first?.labels == ColumnKeyCases.kind)
    }
}
