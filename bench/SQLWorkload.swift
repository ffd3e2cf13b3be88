import CSQLite
import Foundation
import Glint
import GlintClickHouse
import GlintPostgres
import GlintSQLite
import GlintTestSupport

/// A line stored in a database table `readings(t, v)`: `rows` readings one second apart in epoch milliseconds, v a
/// slow sawtooth plus hashed noise, generated inside the engine (`generate_series` in PostgreSQL, a recursive
/// query in SQLite). The bench draws it with M4 pushed into the engine and by pulling every row, and times the
/// engine's plain one-pass `GROUP BY` over as many buckets as the floor any pushdown pays. Or (`points`) a density
/// of points uniform on the unit square in `points(x, y)`, counted per pixel inside the engine or pulled, against
/// the engine's plain `GROUP BY` over the plot's cells. ClickHouse generates them with `numbers`.
struct SQLWorkload {
    let engine: String
    let rows: Int
    let database: any Database
    /// Whether the table is `points` drawn as a density (else `readings` drawn as a line).
    let density: Bool
    /// Seconds of the floor query, and the buckets it grouped into.
    let floor: (seconds: Double, buckets: Int)
    private let cleanup: () -> Void

    static let start = 1_700_000_000_000.0
    static let buckets = 16 * 1920
    /// v for row i, in SQL: a sawtooth of period 200,000 rows plus noise in [0, 10).
    static let value = "((i / 1000) % 200) + ((i * 2654435761) % 1000) / 100.0"

    /// The table in a new SQLite file.
    static func sqlite(rows: Int) throws -> SQLWorkload {
        let path = NSTemporaryDirectory() + "/glint-bench-\(rows)-\(getpid()).db"
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw BenchError("cannot create \(path)") }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError(String(cString: sqlite3_errmsg(db))) }
        }
        try exec("""
            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; CREATE TABLE readings(t INTEGER, v REAL);
            WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i < \(rows - 1))
            INSERT INTO readings SELECT \(Int64(start)) + i * 1000, \(value) FROM s
            """)
        let floor = try timed {
            try exec("SELECT count(*) FROM (\(groupBy(rows)))")
        }
        return SQLWorkload(engine: "SQLite", rows: rows, database: SQLiteDatabase(path: path), density: false, floor: (floor, buckets)) {
            unlink(path)
        }
    }

    /// The table in `cluster`, replacing any earlier one.
    static func postgres(rows: Int, in cluster: PostgresCluster) throws -> SQLWorkload {
        try cluster.psql(["DROP TABLE IF EXISTS readings", "CREATE UNLOGGED TABLE readings(t bigint, v float8)",
                          "INSERT INTO readings SELECT \(Int64(start)) + i * 1000, \(value) FROM generate_series(0::bigint, \(rows - 1)) AS i",
                          "VACUUM ANALYZE readings"])
        return SQLWorkload(engine: "PostgreSQL", rows: rows, database: PostgresDatabase(connection: cluster.uri), density: false,
                           floor: (try timedByPsql("SELECT count(*) FROM (\(groupBy(rows))) q", in: cluster), buckets)) {}
    }

    /// `rows` points uniform on the unit square (hashed from the row number in the engine) in `cluster`'s table
    /// `points`, replacing any earlier one; the floor groups them into the cells of the density chart's plot on
    /// `renderer`.
    static func postgresPoints(rows: Int, in cluster: PostgresCluster, renderer: Renderer) throws -> SQLWorkload {
        let unit = { (multiplier: String) in "((i * \(multiplier)) % 1000003) / 1000003.0 + ((i * 40503) % 997) / 997000003.0" }
        try cluster.psql(["DROP TABLE IF EXISTS points", "CREATE UNLOGGED TABLE points(x float8, y float8)",
                          "INSERT INTO points SELECT \(unit("2654435761")), \(unit("2246822519")) FROM generate_series(0::bigint, \(rows - 1)) AS i",
                          "VACUUM ANALYZE points"])
        let database = PostgresDatabase(connection: cluster.uri)
        let plot = try renderer.layout(densityChart(database, pushdown: true)).plot
        let (w, h) = (Int(plot.width), Int(plot.height))
        // Count per cell of a w × h grid over the unit square: the engine's own floor() on doubles, no float4.
        let floor = "SELECT count(*) FROM (SELECT floor(x * \(w)) AS c, floor(y * \(h)) AS r, count(*) "
            + "FROM (SELECT x, y FROM points UNION ALL SELECT x, y FROM points WHERE false) p "
            + "WHERE x >= 0 AND x <= 1 AND y >= 0 AND y <= 1 GROUP BY c, r) q"
        return SQLWorkload(engine: "PostgreSQL", rows: rows, database: database, density: true,
                           floor: (try timedByPsql(floor, in: cluster), w * h)) {}
    }

    /// The table in `server`, replacing any earlier one, generated there (`numbers`).
    static func clickhouse(rows: Int, in server: ClickHouseServer) throws -> SQLWorkload {
        try server.query("DROP TABLE IF EXISTS readings")
        try server.query("CREATE TABLE readings (t Int64, v Float64) ENGINE = MergeTree ORDER BY t")
        try server.query("INSERT INTO readings SELECT \(Int64(start)) + number * 1000, "
                         + "intDiv(number, 1000) % 200 + ((number * 2654435761) % 1000) / 100.0 FROM numbers(\(rows))")
        let scale = Double(buckets) / (Double(rows - 1) * 1000)
        let floor = "SELECT count() FROM (SELECT floor((toFloat64(t) - \(start)) * \(scale)) AS k, count(), min(t), max(t), min(v), max(v) "
            + "FROM readings GROUP BY k)"
        return SQLWorkload(engine: "ClickHouse", rows: rows, database: try ClickHouseDatabase(connection: server.uri), density: false,
                           floor: (try server.seconds(floor), buckets)) {}
    }

    /// `rows` points uniform on the unit square in `server`'s table `points` (as `postgresPoints` makes them),
    /// replacing any earlier one; the floor groups them into the cells of the density chart's plot on `renderer`.
    static func clickhousePoints(rows: Int, in server: ClickHouseServer, renderer: Renderer) throws -> SQLWorkload {
        let unit = { (multiplier: String) in "((number * \(multiplier)) % 1000003) / 1000003.0 + ((number * 40503) % 997) / 997000003.0" }
        try server.query("DROP TABLE IF EXISTS points")
        try server.query("CREATE TABLE points (x Float64, y Float64) ENGINE = MergeTree ORDER BY tuple()")
        try server.query("INSERT INTO points SELECT \(unit("2654435761")), \(unit("2246822519")) FROM numbers(\(rows))")
        let database = try ClickHouseDatabase(connection: server.uri)
        let plot = try renderer.layout(densityChart(database, pushdown: true)).plot
        let (w, h) = (Int(plot.width), Int(plot.height))
        let floor = "SELECT count() FROM (SELECT floor(x * \(w)) AS c, floor(y * \(h)) AS r, count() FROM points "
            + "WHERE x >= 0 AND x <= 1 AND y >= 0 AND y <= 1 GROUP BY c, r)"
        return SQLWorkload(engine: "ClickHouse", rows: rows, database: database, density: true, floor: (try server.seconds(floor), w * h)) {}
    }

    /// The seconds psql's `\\timing` gives `query` in `cluster`.
    private static func timedByPsql(_ query: String, in cluster: PostgresCluster) throws -> Double {
        let output = try cluster.psql(["\\timing on", query])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Time: ") }),
              let ms = Double(line.dropFirst(6).prefix { $0 != " " }) else { throw BenchError("no timing from psql: \(output)") }
        return ms / 1000
    }

    /// The density of `points` (count, eq_hist) over the unit square, 1920×1080, counted in the engine or pulled.
    private static func densityChart(_ database: any Database, pushdown: Bool) -> Chart {
        var source = DatabaseSource(database: database, rows: .table("points"), x: "x", y: "y")
        source.pushdown = pushdown
        var series = Series.density(name: "points", x: Column([Double]()), y: Column([Double]()))
        series.source = source
        return Chart(width: 1920, height: 1080, x: Axis(range: 0...1), y: Axis(range: 0...1), series: [series])
    }

    /// The plain one-pass aggregate over `buckets` equal x buckets: count, min and max of x and y per bucket.
    static func groupBy(_ rows: Int) -> String {
        let scale = Double(buckets) / (Double(rows - 1) * 1000)
        // Read through the same statistics-hiding UNION ALL as Glint's queries, so the floor may aggregate in
        // parallel too.
        return "SELECT floor((CAST(t AS double precision) - \(start)) * \(scale)) AS k, count(*), min(t), max(t), min(v), max(v) "
            + "FROM (SELECT t, v FROM readings UNION ALL SELECT t, v FROM readings WHERE false) r GROUP BY k"
    }

    /// The line on a time axis (or the density), 1920×1080, with M4 (the count) pushed down or every row pulled.
    func chart(pushdown: Bool) -> Chart {
        if density { return SQLWorkload.densityChart(database, pushdown: pushdown) }
        var source = DatabaseSource(database: database, rows: .table("readings"), x: "t", y: "v")
        source.pushdown = pushdown
        var series = Series.line(name: "readings", x: [], y: [], width: 1)
        series.source = source
        var chart = Chart(width: 1920, height: 1080, series: [series])
        chart.x.scale = .time
        return chart
    }

    /// Deletes the data (a SQLite file; a PostgreSQL table goes with its cluster).
    func remove() { cleanup() }

    private init(engine: String, rows: Int, database: any Database, density: Bool, floor: (seconds: Double, buckets: Int),
                 cleanup: @escaping () -> Void) {
        (self.engine, self.rows, self.database, self.density, self.floor, self.cleanup) = (engine, rows, database, density, floor, cleanup)
    }
}

/// Seconds `body` takes.
func timed(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// One SQL row of the bench: reading the line from the database (best of `runs`), then drawing and encoding it.
struct SQLMeasurement {
    let read: Double, render: Double
    let returned: Int, bytes: Int, scanned: Int?
    var total: Double { read + render }

    init(_ workload: SQLWorkload, pushdown: Bool, on renderer: Renderer, runs: Int) throws {
        var reads: [Double] = [], renders: [Double] = []
        var last: SourceRead?
        for _ in 0..<runs {
            var resolved = Chart()
            reads.append(try timed {
                let (chart, reports) = try renderer.readingSources(workload.chart(pushdown: pushdown))
                (resolved, last) = (chart, reports.first)
            })
            renders.append(try timed { _ = try renderer.render(resolved).pngData() })
        }
        (read, render) = (reads.min()!, renders.min()!)
        (returned, bytes, scanned) = (last?.rowsReturned ?? 0, last?.bytes ?? 0, last?.sourceRows)
    }
}
