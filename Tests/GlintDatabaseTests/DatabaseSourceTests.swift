import Foundation
import Glint
import GlintClickHouse
import GlintCore
import GlintPostgres
import GlintRenderTestSupport
import GlintSQLite
import GlintTestSupport
import Testing

/// Series read from real databases — a SQLite file, and a PostgreSQL cluster and a ClickHouse server started for the
/// run — with M4 pushed into the engine: the picture must be the one every row draws.
@Suite struct DatabaseSourceTests {
    /// The readings as a line on a time axis, read from `engine` (or drawn from the arrays with `engine` nil).
    static func chart(_ engine: SensorReadings.Engine?, antialias: Bool = true, pushdown: Bool = true, logY: Bool = false,
                      sql: String? = nil) throws -> Chart {
        var series = Series(kind: .line, name: "sensor 7", x: Column(SensorReadings.x), y: Column(SensorReadings.y))
        series.line.antialias = antialias
        if let engine {
            let rows: DatabaseSource.Rows = sql.map { .sql($0) } ?? .table("readings")
            series.source = DatabaseSource(database: try SensorReadings.database(engine), rows: rows, x: "t", y: "v")
            series.source?.pushdown = pushdown
            (series.x, series.y) = ([], [])
        }
        var chart = Chart(width: 800, height: 400, series: [series])
        chart.x.scale = .time
        if logY { chart.y.scale = .log }
        return chart
    }

    func enabled(_ engine: SensorReadings.Engine) -> Bool {
        guard let reason = engine.unavailableReason else { return true }
        print("skipped on \(engine): \(reason)")
        return false
    }

    @Test(arguments: SensorReadings.Engine.allCases, [false, true])
    func pushedDownLineIsTheLineOfEveryRow(engine: SensorReadings.Engine, antialias: Bool) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        let everyRow = try renderer.render(DatabaseSourceTests.chart(nil, antialias: antialias))
        let reduced = try DatabaseSourceTests.chart(engine, antialias: antialias)
        let (resolved, reads) = try renderer.readingSources(reduced)
        let read = try #require(reads.first)
        #expect(read.pushedDown && read.askedExtent && read.sourceRows == SensorReadings.y.filter(\.isFinite).count)
        let layout = try renderer.layout(resolved)
        // At most 4 points per sub-column of the plot and its stroke margins (plus the few buckets with gaps).
        let bound = 4 * (antialias ? 16 : 1) * (Int(layout.plot.width) + 16)
        #expect(read.rowsReturned <= bound && resolved.series[0].x.count <= bound,
                "\(read.rowsReturned) rows, \(resolved.series[0].x.count) points for a \(layout.plot.width) px plot")
        let image = try renderer.render(reduced)
        #expect(image.pixels == everyRow.pixels, "M4 in \(engine) draws exactly what every row draws")
        let pulled = try renderer.render(DatabaseSourceTests.chart(engine, antialias: antialias, pushdown: false))
        #expect(pulled.pixels == everyRow.pixels, "pulling every row from \(engine) draws the same")
        // The spike at row 100,500 (epoch milliseconds) is drawn at its column, up to its height.
        let peak = layout.transform.apply(SensorReadings.x[100_500], SensorReadings.y[100_500])
        let color = RGB(try #require(resolved.withSeriesStyled.series[0].color))
        let probe = RGB(image, Int(peak.x), Int(peak.y) + 2)
        #expect(probe.near(color, 40), "spike at \(peak): \(probe), the series is \(color)")
        // The 20,000 NULL rows from row 400,000 leave the plot empty between the rows either side of them.
        let (before, after) = (layout.transform.apply(SensorReadings.x[399_999], 0), layout.transform.apply(SensorReadings.x[420_000], 0))
        let gap = Int(before.x) + 4..<Int(after.x) - 3
        #expect(gap.count >= 5 && gap.allSatisfy { x in (Int(layout.plot.y)..<Int(layout.plot.maxY)).allSatisfy { RGB(image, x, $0) != color } },
                "nothing drawn in the gap, columns \(gap)")
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func givenRangesSkipTheExtentQuery(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        func ranged(_ chart: Chart) -> Chart {
            var chart = chart
            chart.x.range = (SensorReadings.start + 1e8)...(SensorReadings.start + 9e8)
            chart.y.range = -400...400
            return chart
        }
        let (_, reads) = try renderer.readingSources(ranged(DatabaseSourceTests.chart(engine)))
        #expect(reads.first?.pushedDown == true && reads.first?.askedExtent == false)
        #expect(reads.first?.sourceRows == SensorReadings.y.filter(\.isFinite).count)
        #expect(try renderer.render(ranged(DatabaseSourceTests.chart(engine))).pixels
                == renderer.render(ranged(DatabaseSourceTests.chart(nil))).pixels)
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func manyGapsPullTheBucketsHoldingThem(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        // Every third row a gap: more gaps than buckets, so the buckets holding them come whole.
        let sql = "SELECT t, CASE WHEN t % 3000 = 0 THEN NULL ELSE v END AS v FROM readings"
        var everyRow = try DatabaseSourceTests.chart(nil)
        var gapped = everyRow.series[0].y.doubles
        for i in 0..<SensorReadings.count where Int64(SensorReadings.x[i]) % 3000 == 0 { gapped[i] = .nan }
        everyRow.series[0].y = Column(gapped)
        let (_, reads) = try renderer.readingSources(DatabaseSourceTests.chart(engine, sql: sql))
        #expect(reads.first?.pushedDown == true)
        #expect(try renderer.render(DatabaseSourceTests.chart(engine, sql: sql)).pixels == renderer.render(everyRow).pixels)
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func logAxisGapsAreTheSame(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        let everyRow = try renderer.render(DatabaseSourceTests.chart(nil, logY: true))
        let (_, reads) = try renderer.readingSources(DatabaseSourceTests.chart(engine, logY: true))
        #expect(reads.first?.pushedDown == true)
        #expect(try renderer.render(DatabaseSourceTests.chart(engine, logY: true)).pixels == everyRow.pixels,
                "values ≤ 0 are gaps on a log axis, in \(engine) as in memory")
    }

    @Test(arguments: [SensorReadings.Engine.postgres, .clickhouse])
    func timestampColumnsAreEpochMilliseconds(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        var chart = try DatabaseSourceTests.chart(engine)
        chart.series[0].source = DatabaseSource(database: try SensorReadings.database(engine), rows: .table("readings_ts"),
                                                x: "ts", y: "v")
        #expect(try renderer.render(chart).pixels == renderer.render(DatabaseSourceTests.chart(nil)).pixels)
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func dotsAndQueriesPullTheirRows(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        let sql = "SELECT t, v FROM readings WHERE t < 1700000100000;"
        var dots = try DatabaseSourceTests.chart(engine, sql: sql)
        dots.series[0].kind = .dots
        let (resolved, reads) = try renderer.readingSources(dots)
        #expect(reads.first?.pushedDown == false && reads.first?.rowsReturned == 100)
        #expect(resolved.series[0].x == Column(Array(SensorReadings.x[0..<100])))
        #expect(zip(resolved.series[0].y, SensorReadings.y[0..<100]).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
        var inline = try DatabaseSourceTests.chart(nil)
        inline.series[0].kind = .dots
        (inline.series[0].x, inline.series[0].y) = (Column(Array(SensorReadings.x[0..<100])), Column(Array(SensorReadings.y[0..<100])))
        #expect(try renderer.render(dots).pixels == renderer.render(inline).pixels)
        // A long line with markers draws a marker at every row: it is not reduced.
        var markers = try DatabaseSourceTests.chart(engine)
        markers.series[0].line.markers = true
        #expect(try renderer.readingSources(markers).reads.first?.pushedDown == false)
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func noRowsDrawTheEmptyView(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let chart = try DatabaseSourceTests.chart(engine, sql: "SELECT t, v FROM readings WHERE t < 0")
        let (resolved, _) = try Shared.renderer(.cpu).readingSources(chart)
        #expect(resolved.series[0].x.isEmpty)
        #expect(try Shared.textRuns(resolved).contains { $0.text == "No data" })
    }

    @Test(arguments: SensorReadings.Engine.allCases)
    func badQueriesNameTheSeries(engine: SensorReadings.Engine) throws {
        guard enabled(engine) else { return }
        let renderer = try Shared.renderer(.cpu)
        func failure(_ sql: String) throws -> String {
            do {
                _ = try renderer.render(DatabaseSourceTests.chart(engine, sql: sql))
                return ""
            } catch let error as GlintError {
                guard error.exitCode == 65 else { return "wrong kind: \(error)" }
                return error.rawMessage
            }
        }
        let syntax = try failure("SELEC t, v FROM readings")
        #expect(syntax.hasPrefix("series[0].data.sql: ") && syntax.lowercased().contains("syntax error"), "\(syntax)")
        let missing = try failure("SELECT t, v FROM nowhere")
        #expect(missing.contains("nowhere"), "\(missing)")
        let text = try failure("SELECT t, v FROM labels")
        #expect(text.hasPrefix("series[0].data.sql: ") && text.contains("column \"v\" holds text"), "\(text)")
    }

    @Test func unreachableDatabasesAreNamedWithoutTheirPassword() throws {
        let port = try PostgresCluster.freePort()
        var chart = try DatabaseSourceTests.chart(nil)
        chart.series[0].source = DatabaseSource(database: PostgresDatabaseFixture.closed(port), rows: .table("readings"), x: "t", y: "v")
        do {
            _ = try Shared.renderer(.cpu).render(chart)
            Issue.record("rendered from a closed port")
        } catch let GlintError.sourceUnavailable(message) {
            #expect(message.hasPrefix("series[0].data.db: cannot reach postgresql://glint:***@127.0.0.1:\(port)/db"), "\(message)")
            #expect(message.contains("127.0.0.1") && !message.contains("s3cret"), "\(message)")
        }
        chart.series[0].source?.database = SQLiteDatabaseFixture.missing
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(chart) }
    }

    /// A database series' columns are its rows', even beside columns handed over with the spec under the same
    /// names: a hexbin's values come from its table; a line refuses a value column.
    @Test func aDatabaseSeriesReadsItsKindsColumnsFromItsRows() throws {
        let db = "sqlite:" + (try SensorReadings.sqlite.get().path)
        var columns = SuppliedColumns()
        try columns.add("err", .numbers(Column([1.0, 2])), path: "err")
        func decode(_ series: String) throws -> Chart {
            try ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: "/", columns: columns, databases: SensorReadings.access)
        }
        let data = #""table": "points", "db": "\#(db)", "x": "x", "y": "y", "value": "err""#
        let hexbin = try #require(try decode(#""type": "hexbin", "reduce": "mean", "data": {\#(data)}"#).series.first)
        #expect(hexbin.source == nil && hexbin.hexbin.values?.doubles == ColumnKeyCases.err)
        #expect(throws: GlintError.self) { try decode(#""data": {\#(data)}"#) }
    }

    @Test func specKeysAndTheirErrors() throws {
        let db = "sqlite:" + (try SensorReadings.sqlite.get().path)
        func decode(_ data: String) throws -> Chart {
            try ChartSpec.decode(Array(#"{"series": [{"data": {\#(data)}}]}"#.utf8), relativeTo: "/", databases: SensorReadings.access)
        }
        func error(_ data: String) -> String {
            do { _ = try decode(data); return "" } catch { return "\(error)" }
        }
        let chart = try decode(#""table": "readings", "db": "\#(db)", "x": "t", "y": "v", "pushdown": false"#)
        let source = try #require(chart.series[0].source)
        #expect(source.rows == .table("readings") && source.x == "t" && source.y == "v" && !source.pushdown)
        #expect(error(#""sql": "SELECT 1", "table": "t", "db": "\#(db)", "x": "t", "y": "v""#)
                == "series[0].data: give either sql or table, not both")
        #expect(error(#""table": "readings", "x": "t", "y": "v""#).hasPrefix("series[0].data.db: missing"))
        // Without x, its rows are read whole and counted 0, 1, 2, …, as a CSV file's are.
        let counted = try ChartSpec.decode(Array(#"{"series": [{"data": {"table": "points", "db": "\#(db)", "y": "y"}}]}"#.utf8), relativeTo: "/",
                                           databases: SensorReadings.access)
        #expect(counted.series.first?.source == nil && counted.series.first?.x.doubles == [0, 1, 2, 3, 4, 5])
        #expect(error(#""table": "readings", "db": "mysql://h/d", "x": "t", "y": "v""#)
                == "series[0].data.db: expected a connection string starting with sqlite: or postgresql: or postgres: or clickhouse:, "
                + "found \"mysql://h/d\"")
        #expect(error(#""table": "readings", "db": "\#(db)", "csv": "a.csv", "x": "t", "y": "v""#)
                == "series[0].data.csv: not with a database source (sql or table)")
        // Without drivers (a program that links neither engine) the spec is refused, not ignored.
        #expect(specError(#"{"series": [{"data": {"table": "r", "db": "sqlite:a.db", "x": "t", "y": "v"}}]}"#)
                .contains("a scheme this program has a driver for"))
        // An allow list (a render server's) refuses every other database, password masked.
        let refused = DatabaseAccess(drivers: SensorReadings.access.drivers, allowed: ["sqlite:other.db"])
        #expect(throws: GlintError.forbidden("series[0].data.db: the database postgresql://u:***@h/d is not allowed here")) {
            try ChartSpec.decode(Array(#"{"series": [{"data": {"table": "r", "db": "postgresql://u:pw@h/d", "x": "t", "y": "v"}}]}"#.utf8),
                                 relativeTo: "/", databases: refused)
        }
    }

    @Test func connectionStringsAreMasked() {
        #expect(ConnectionString.masked("postgresql://user:pa:ss@host:5432/db?sslmode=require") == "postgresql://user:***@host:5432/db?sslmode=require")
        #expect(ConnectionString.masked("postgresql://user@host/db?password=x&sslmode=require")
                == "postgresql://user@host/db?password=***&sslmode=require")
        #expect(ConnectionString.masked("host=h password=secret dbname=d") == "host=h password=*** dbname=d")
        #expect(ConnectionString.masked("sqlite:data/a.db") == "sqlite:data/a.db")
    }
}

/// Databases that cannot be reached.
enum PostgresDatabaseFixture {
    static func closed(_ port: Int) -> PostgresDatabase {
        var database = PostgresDatabase(connection: "postgresql://glint:s3cret@127.0.0.1:\(port)/db")
        database.connectTimeout = 5
        return database
    }
}

enum SQLiteDatabaseFixture {
    static let missing = SQLiteDatabase(path: "/nonexistent/glint/readings.db")
}


/// The CLI and the render server with database sources: exit codes, messages and the server's allow list.
@Suite struct DatabaseCLITests {
    @Test func exitCodesNameTheSeriesAndWriteNothing() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try SensorReadings.connection(.sqlite)
        func spec(_ data: String) throws {
            try #"{"series": [{"data": {\#(data), "x": "t", "y": "v"}}]}"#.write(to: dir.appendingPathComponent("spec.json"),
                                                                                  atomically: true, encoding: .utf8)
        }
        try spec(#""sql": "SELECT t, v FROM readings WHERE t < 1700000100000", "db": "\#(db)""#)
        let ok = try GlintCommand.run(["render", "spec.json", "-o", "ok.png"], in: dir)
        #expect(ok.status == 0, "\(ok.stderr)")
        try spec(#""sql": "SELECT t, v FROM nowhere", "db": "\#(db)""#)
        let bad = try GlintCommand.run(["render", "spec.json", "-o", "bad.png"], in: dir)
        #expect(bad.status == 65 && bad.stderr.contains("series[0].data.sql: no such table: nowhere"), "\(bad.stderr)")
        let port = try PostgresCluster.freePort()
        try spec(#""table": "readings", "db": "postgresql://glint:s3cret@127.0.0.1:\#(port)/db?connect_timeout=5""#)
        let down = try GlintCommand.run(["render", "spec.json", "-o", "down.png"], in: dir)
        #expect(down.status == 69 && down.stderr.contains("series[0].data.db: cannot reach postgresql://glint:***@127.0.0.1:\(port)"),
                "\(down.stderr)")
        #expect(!down.stderr.contains("s3cret"))
        try spec(#""table": "readings", "db": "sqlite:missing.db""#)
        let missing = try GlintCommand.run(["render", "spec.json", "-o", "missing.png"], in: dir)
        #expect(missing.status == 69 && missing.stderr.contains("sqlite:missing.db"), "\(missing.stderr)")
        #expect(GlintCommand.files(dir) == ["ok.png", "spec.json"], "a failed render leaves no file")
    }

    @Test func theServerReadsOnlyTheDatabasesItIsAllowed() throws {
        let db = try SensorReadings.connection(.sqlite)
        let spec = #"{"series": [{"data": {"sql": "SELECT t, v FROM readings WHERE t < 1700000100000", "db": "\#(db)", "x": "t", "y": "v"}}]}"#
        let closed = try TestServer.start { $0.allowedDatabases = [] }
        defer { closed.shutdown() }
        let refused = try #require(HTTPClient.render(closed.port, spec))
        #expect(refused.status == 403 && refused.text.contains("series[0].data.db"), "\(refused.text)")
        let open = try TestServer.start { $0.allowedDatabases = [db] }
        defer { open.shutdown() }
        let reply = try #require(HTTPClient.render(open.port, spec))
        #expect(reply.status == 200 && reply.header("Content-Type") == "image/png", "\(reply.text)")
    }
}

