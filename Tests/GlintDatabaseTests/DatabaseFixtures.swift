import CSQLite
import Foundation
import Glint
import GlintClickHouse
import GlintCore
import GlintPostgres
import GlintRenderTestSupport
import GlintSQLite
import GlintTestSupport

/// One sensor's readings, the same in every engine: 10^6 rows one second apart in epoch milliseconds, a random
/// walk with a spike every 100,000 rows, NULL gaps (a run of 20,000 that shows as a break in the line, and single
/// ones), one NaN and one +Infinity
/// (SQLite stores NaN as NULL). Written once per test run to a CSV file, a SQLite file, a PostgreSQL table and a
/// ClickHouse table.
enum SensorReadings {
    static let count = 1_000_000
    static let start = 1_700_000_000_000.0

    /// The rows as arrays: what drawing every row draws.
    static let (x, y): ([Double], [Double]) = {
        let walk = SeededGenerator.walk(count, seed: 12)
        var y = walk.map { $0 * 10 }
        for i in y.indices {
            if i % 100_000 == 500 { y[i] += 300 }
            if (400_000..<420_000).contains(i) || i % 77_777 == 0 { y[i] = .nan }
        }
        y[250_000] = .nan
        y[600_000] = .infinity
        return ((0..<count).map { start + Double($0) * 1000 }, y)
    }()

    /// A folder for this run's files, deleted when the test process ends.
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("glint-db-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        PostgresCluster.whenThisProcessEnds("rm -rf '\(url.path)'")
        return url
    }()

    /// The rows as CSV for `COPY`: `t,v` with empty cells for NULL, `NaN` and `Infinity` as PostgreSQL reads them.
    static let csv: Result<URL, Error> = Result {
        let url = folder.appendingPathComponent("readings.csv")
        var text = ""
        text.reserveCapacity(count * 32)
        for i in 0..<count {
            let v = y[i]
            text += "\(Int64(x[i])),\(v.isNaN ? (i == 250_000 ? "NaN" : "") : v.isInfinite ? "Infinity" : "\(v)"),7\n"
        }
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    /// The six rows of `ColumnKeyCases` as SQL `VALUES`: x, y, kind, err, low and high.
    static var pointRows: String {
        let c = ColumnKeyCases.self
        return c.x.indices.map { "(\(c.x[$0]), \(c.y[$0]), '\(c.kind[$0])', \(c.err[$0]), \(c.low[$0]), \(c.high[$0]))" }.joined(separator: ", ")
    }

    /// The rows in a SQLite file, table `readings(t INTEGER, v REAL, sensor INTEGER)`, a text table `labels`, and
    /// `ColumnKeyCases`' rows in `points(x, y, kind, err, low, high)`.
    static let sqlite: Result<URL, Error> = Result {
        let url = folder.appendingPathComponent("readings.db")
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK, let db else { throw GlintError.noInput("cannot create \(url.path)") }
        defer { sqlite3_close(db) }
        func exec(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw GlintError.badData(String(cString: sqlite3_errmsg(db))) }
        }
        try exec("CREATE TABLE readings(t INTEGER, v REAL, sensor INTEGER); CREATE TABLE labels(t INTEGER, v TEXT);"
                 + "INSERT INTO labels VALUES (1, 'one'), (2, 'two');"
                 + "CREATE TABLE points(x REAL, y REAL, kind TEXT, err REAL, low REAL, high REAL); INSERT INTO points VALUES \(pointRows); BEGIN")
        var insert: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO readings VALUES (?, ?, 7)", -1, &insert, nil)
        for i in 0..<count {
            sqlite3_bind_int64(insert, 1, Int64(x[i]))
            if y[i].isNaN { sqlite3_bind_null(insert, 2) } else { sqlite3_bind_double(insert, 2, y[i]) }
            sqlite3_step(insert)
            sqlite3_reset(insert)
        }
        sqlite3_finalize(insert)
        try exec("COMMIT")
        return url
    }

    /// A PostgreSQL cluster holding the rows in `readings(t bigint, v float8, sensor int)` (loaded with `COPY`), the
    /// view `readings_ts(ts timestamptz, v)`, the text table `labels` and `points`, as SQLite's.
    static let postgres: Result<PostgresCluster, Error> = Result {
        let cluster = try PostgresCluster()
        try cluster.psql(["CREATE TABLE readings(t bigint, v float8, sensor int)",
                          "\\copy readings FROM '\(try csv.get().path)' WITH (FORMAT csv)",
                          "CREATE VIEW readings_ts AS SELECT to_timestamp(t / 1000.0) AS ts, v FROM readings",
                          "CREATE TABLE labels(t bigint, v text); INSERT INTO labels VALUES (1, 'one'), (2, 'two')",
                          "CREATE TABLE points(x float8, y float8, kind text, err float8, low float8, high float8); INSERT INTO points VALUES \(pointRows)",
                          "ANALYZE readings"])
        return cluster
    }

    /// A ClickHouse server holding the rows in `readings(t Int64, v Nullable(Float64), sensor Int32)` (loaded from
    /// tab-separated text), the view `readings_ts(ts Nullable(DateTime), v)`, the text table `labels` and `points`,
    /// as SQLite's (in x order, as written).
    static let clickhouse: Result<ClickHouseServer, Error> = Result {
        let server = try ClickHouseServer()
        let tsv = folder.appendingPathComponent("readings.tsv")
        var text = ""
        text.reserveCapacity(count * 32)
        for i in 0..<count {
            let v = y[i]
            text += "\(Int64(x[i]))\t\(v.isNaN ? (i == 250_000 ? "nan" : "\\N") : v.isInfinite ? "inf" : "\(v)")\t7\n"
        }
        try text.write(to: tsv, atomically: false, encoding: .utf8)
        try server.query("CREATE TABLE readings (t Int64, v Nullable(Float64), sensor Int32) ENGINE = MergeTree ORDER BY t")
        try server.query("INSERT INTO readings FORMAT TabSeparated", input: tsv)
        try server.query("CREATE VIEW readings_ts AS SELECT CAST(toDateTime(intDiv(t, 1000)) AS Nullable(DateTime)) AS ts, v FROM readings")
        try server.query("CREATE TABLE labels (t Int64, v String) ENGINE = Memory")
        try server.query("INSERT INTO labels VALUES (1, 'one'), (2, 'two')")
        try server.query("CREATE TABLE points (x Float64, y Float64, kind String, err Float64, low Float64, high Float64) ENGINE = MergeTree ORDER BY x")
        try server.query("INSERT INTO points VALUES \(pointRows)")
        return server
    }

    /// The database of an engine.
    static func database(_ engine: Engine) throws -> any Database {
        switch engine {
        case .sqlite: return SQLiteDatabase(path: try sqlite.get().path)
        case .postgres: return PostgresDatabase(connection: try postgres.get().uri)
        case .clickhouse: return try ClickHouseDatabase(connection: try clickhouse.get().uri)
        }
    }

    /// The connection string of an engine, for specs.
    static func connection(_ engine: Engine) throws -> String {
        switch engine {
        case .sqlite: return "sqlite:" + (try sqlite.get().path)
        case .postgres: return try postgres.get().uri
        case .clickhouse: return try clickhouse.get().uri
        }
    }

    /// What the database tests run against.
    enum Engine: String, CaseIterable {
        case sqlite, postgres, clickhouse

        /// Why this engine's server cannot be started here (nil when it can, and for SQLite).
        var unavailableReason: String? {
            switch self {
            case .sqlite: return nil
            case .postgres: return PostgresCluster.unavailableReason
            case .clickhouse: return ClickHouseServer.unavailableReason
            }
        }
    }

    /// The drivers a spec may use.
    static let access = DatabaseAccess(drivers: [SQLiteDriver(), PostgresDriver(), ClickHouseDriver()])
}

/// SQLite files a test writes for itself.
enum SQLiteFixture {
    /// Creates the SQLite file `url` by running `sql`.
    static func create(_ url: URL, _ sql: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(url.path, &db) == SQLITE_OK, let db else { throw GlintError.noInput("cannot create \(url.path)") }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw GlintError.badData(String(cString: sqlite3_errmsg(db))) }
    }
}
