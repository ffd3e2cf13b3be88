import CSQLite
import Foundation
import Glint
import GlintPostgres
import GlintSQLite
import GlintTestSupport

/// A line stored in a database table `readings(t, v)`: `rows` readings one second apart in epoch milliseconds, v a
/// slow sawtooth plus hashed noise, generated inside the engine (`generate_series` in PostgreSQL, a recursive
/// query in SQLite). The bench draws it with M4 pushed into the engine and by pulling every row, and times the
/// engine's plain one-pass `GROUP BY` over as many buckets as the floor any pushdown pays.
struct SQLWorkload {
    let engine: String
    let rows: Int
    let database: any Database
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
        return SQLWorkload(engine: "SQLite", rows: rows, database: SQLiteDatabase(path: path), floor: (floor, buckets)) {
            unlink(path)
        }
    }

    /// The table in `cluster`, replacing any earlier one.
    static func postgres(rows: Int, in cluster: PostgresCluster) throws -> SQLWorkload {
        try cluster.psql(["DROP TABLE IF EXISTS readings", "CREATE UNLOGGED TABLE readings(t bigint, v float8)",
                          "INSERT INTO readings SELECT \(Int64(start)) + i * 1000, \(value) FROM generate_series(0::bigint, \(rows - 1)) AS i",
                          "VACUUM ANALYZE readings"])
        let output = try cluster.psql(["\\timing on", "SELECT count(*) FROM (\(groupBy(rows))) q"])
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("Time: ") }),
              let ms = Double(line.dropFirst(6).prefix { $0 != " " }) else { throw BenchError("no timing from psql: \(output)") }
        return SQLWorkload(engine: "PostgreSQL", rows: rows, database: PostgresDatabase(connection: cluster.uri),
                           floor: (ms / 1000, buckets)) {}
    }

    /// The plain one-pass aggregate over `buckets` equal x buckets: count, min and max of x and y per bucket.
    static func groupBy(_ rows: Int) -> String {
        let scale = Double(buckets) / (Double(rows - 1) * 1000)
        // Read through the same statistics-hiding UNION ALL as Glint's queries, so the floor may aggregate in
        // parallel too.
        return "SELECT floor((CAST(t AS double precision) - \(start)) * \(scale)) AS k, count(*), min(t), max(t), min(v), max(v) "
            + "FROM (SELECT t, v FROM readings UNION ALL SELECT t, v FROM readings WHERE false) r GROUP BY k"
    }

    /// The line on a time axis, 1920×1080, with M4 pushed down or every row pulled.
    func chart(pushdown: Bool) -> Chart {
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

    private init(engine: String, rows: Int, database: any Database, floor: (seconds: Double, buckets: Int), cleanup: @escaping () -> Void) {
        (self.engine, self.rows, self.database, self.floor, self.cleanup) = (engine, rows, database, floor, cleanup)
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
