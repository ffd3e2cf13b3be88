import CPostgres
#if canImport(Glibc)
import Glibc
#endif
import GlintDatabase
import GlintCore

/// An open libpq connection. M4 runs in the server as one `GROUP BY` pass over the pixel sub-columns; its bucket
/// of a row is computed in SQL with the painters' exact arithmetic (`PostgresSQL.bucket`), results come back in
/// binary form, and pulled rows stream through `COPY ... TO STDOUT (FORMAT binary)`.
final class PostgresSession: DatabaseSession {
    private let connection: OpaquePointer
    /// The typed-rows SQL of each request this session has seen (its column types probed once).
    private var typedRows: [ColumnRequest: String] = [:]

    init(connection uri: String, timeout: Int) throws {
        // The URI's own connect_timeout, when it has one, comes later and wins.
        let keywords = ["connect_timeout", "dbname"], values = [String(timeout), uri]
        let conn = withCStrings(keywords) { k in withCStrings(values) { v in PQconnectdbParams(k, v, 1) } }
        guard let conn, PQstatus(conn) == CONNECTION_OK else {
            let message = conn.map { PostgresSession.message(PQerrorMessage($0)) } ?? "out of memory"
            PQfinish(conn)
            throw DatabaseError.unreachable(message)
        }
        connection = conn
    }

    deinit { PQfinish(connection) }

    func extent(_ request: ColumnRequest) throws -> DatabaseExtent {
        let point = "FILTER (WHERE y IS NOT NULL)"
        let sql = """
            SELECT count(y), min(x) \(point), max(x) \(point), min(y), max(y), count(*) - count(y) FROM (\(try clean(request))) c
            """
        let result = try execute(sql)
        defer { PQclear(result) }
        let count = Int(integer(result, 0, 0)), gaps = Int(integer(result, 0, 5))
        guard count > 0 else { return DatabaseExtent(count: 0, x: nil, y: nil, gaps: gaps) }
        let v = (1...4).map { double(result, 0, Int32($0)) ?? .nan }
        return DatabaseExtent(count: count, x: v[0]...v[1], y: v[2]...v[3], gaps: gaps)
    }

    func gapPositions(_ request: ColumnRequest, in buckets: M4Buckets, within: Set<Int>, limit: Int) throws
        -> (positions: [Double], bytes: Int)? {
        let result = try execute("""
            SELECT DISTINCT x FROM (\(try clean(request))) c WHERE y IS NULL AND \(PostgresSQL.bucket("x", buckets)) IN (\(SQLText.list(within))) \
            ORDER BY x LIMIT \(limit + 1)
            """)
        defer { PQclear(result) }
        let positions = (0..<PQntuples(result)).map { double(result, $0, 0) ?? .nan }
        return positions.count > limit ? nil : (positions, bytes(result))
    }

    func reduce(_ request: ColumnRequest, into buckets: M4Buckets, within: Set<Int>?, runsSplitAt gaps: [Double]?) throws
        -> DatabaseReduction {
        let first = "min(ARRAY[x, y])", last = "max(ARRAY[x, y])", low = "min(ARRAY[y, x])", high = "max(ARRAY[y, -x])"
        // Runs between gaps: the number of gap positions at or before x (gap rows themselves are left out).
        let run = gaps.flatMap { $0.isEmpty ? nil : "width_bucket(x, '{\($0.map { "\($0)" }.joined(separator: ","))}'::float8[])" }
        var filters = run == nil ? [] : ["y IS NOT NULL"]
        if let within { filters.append("k IN (\(SQLText.list(within)))") }
        let sql = """
            SELECT k, \(run == nil ? "0" : "r"), count(*), count(*) - count(y), \
            (\(first))[1], (\(first))[2], (\(last))[1], (\(last))[2], (\(low))[2], (\(low))[1], -(\(high))[2], (\(high))[1], \
            min(x) FILTER (WHERE y IS NULL) \
            FROM (SELECT x, y, \(PostgresSQL.bucket("x", buckets)) AS k\(run.map { ", \($0) AS r" } ?? "") \
            FROM (\(try clean(request))) c) q\(filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND ")) \
            GROUP BY k\(run == nil ? "" : ", r")
            """
        let result = try execute(sql)
        defer { PQclear(result) }
        var extremes: [BucketExtremes] = []
        for row in 0..<PQntuples(result) {
            let v = (4..<12).map { double(result, row, Int32($0)) ?? .nan }
            var e = BucketExtremes(bucket: Int(integer(result, row, 0)), rows: Int(integer(result, row, 2)),
                                   gaps: Int(integer(result, row, 3)), first: SIMD2(v[0], v[1]), last: SIMD2(v[2], v[3]),
                                   low: SIMD2(v[4], v[5]), high: SIMD2(v[6], v[7]))
            (e.run, e.firstGap) = (Int(integer(result, row, 1)), double(result, row, 12) ?? .nan)
            extremes.append(e)
        }
        return DatabaseReduction(buckets: extremes, rows: extremes.count, bytes: bytes(result))
    }

    func densityCounts(_ request: ColumnRequest, cells: DensityCells) throws -> (counts: [(cell: Int, count: Int)], bytes: Int) {
        // Rows are kept by plain comparisons of their values with the cells' bounds (which also leave out NULL,
        // NaN and ±Infinity), so each row's pixel is computed once, in its cell.
        guard let bounds = cells.scaleSpaceBounds else { return ([], 0) }
        let sql = """
            SELECT \(PostgresSQL.densityCell(x: "x", y: "y", cells)) AS k, count(*) FROM (\(try typed(request))) c \
            WHERE x >= \(PostgresSQL.float8(bounds.x.lowerBound)) AND x <= \(PostgresSQL.float8(bounds.x.upperBound)) \
            AND y >= \(PostgresSQL.float8(bounds.y.lowerBound)) AND y <= \(PostgresSQL.float8(bounds.y.upperBound)) GROUP BY k
            """
        let result = try execute(sql)
        defer { PQclear(result) }
        let counts = (0..<PQntuples(result)).map { row in (cell: Int(integer(result, row, 0)), count: Int(integer(result, row, 1))) }
        return (counts, bytes(result))
    }

    /// The bytes of a result's values.
    private func bytes(_ result: OpaquePointer) -> Int {
        (0..<PQntuples(result)).reduce(0) { sum, row in
            (0..<PQnfields(result)).reduce(sum) { $0 + Int(PQgetlength(result, row, $1)) }
        }
    }

    func rows(_ request: ColumnRequest, only: (buckets: M4Buckets, indices: Set<Int>)?) throws -> DatabaseRows {
        var sql = try clean(request)
        if let only {
            sql = "SELECT * FROM (\(sql)) c WHERE \(PostgresSQL.bucket("x", only.buckets)) IN (\(SQLText.list(only.indices)))"
        }
        if request.orderedByX { sql = "SELECT * FROM (\(sql)) o ORDER BY x" }
        var rows = DatabaseRows(size: request.size == nil ? nil : [])
        let reader = BinaryCopyReader(fields: request.size == nil ? 2 : 3)
        try copy(sql) { chunk in
            rows.bytes += chunk.count
            try reader.read(chunk) { values in
                rows.x.append(values[0])
                rows.y.append(values[1])
                if values.count > 2 { rows.size!.append(values[2]) }
            }
        }
        return rows
    }

    /// The request's rows as float8 `x`, `y` (and `size`): non-finite y (and y ≤ 0 on a log axis) as NULL, rows
    /// without a finite x left out. Column types are checked first, once per request and session: numbers and
    /// timestamps (as epoch milliseconds) only.
    ///
    /// The rows are read through a `UNION ALL` with an empty branch. That changes no row, but hides the columns'
    /// statistics from the planner: it then estimates a few hundred groups for the computed bucket key instead of
    /// one per distinct x, and aggregates in parallel workers (1.6× faster on 2 cores for 10^7 rows) where it
    /// would otherwise aggregate in one process.
    private func clean(_ request: ColumnRequest) throws -> String {
        let size = request.size != nil ? ", CASE WHEN \(PostgresSQL.finite("size")) THEN size END AS size" : ""
        return """
            SELECT x, CASE WHEN \(PostgresSQL.finite("y", positive: request.positiveY)) THEN y END AS y\(size) \
            FROM (\(try typed(request))) s WHERE \(PostgresSQL.finite("x"))
            """
    }

    /// The request's rows as they are, as float8 `x`, `y` (and `size`), through the `UNION ALL` `clean` describes.
    private func typed(_ request: ColumnRequest) throws -> String {
        if let sql = typedRows[request] { return sql }
        let names = [request.x, request.y] + (request.size.map { [$0] } ?? [])
        let from = SQLText.from(request.rows)
        let probe = try execute("SELECT \(names.map(SQLText.identifier).joined(separator: ", ")) FROM \(from) LIMIT 0")
        defer { PQclear(probe) }
        let columns = try names.enumerated().map { i, name in
            try PostgresSQL.double(SQLText.identifier(name), type: PQftype(probe, Int32(i)), column: name)
        }
        let select = "SELECT \(columns[0]) AS x, \(columns[1]) AS y\(columns.count > 2 ? ", \(columns[2]) AS size" : "") FROM \(from)"
        let sql = "\(select) UNION ALL \(select) WHERE false"
        typedRows[request] = sql
        return sql
    }

    /// Runs `sql` with results in binary form (or text, when not `binary`); the engine's message on failure.
    func execute(_ sql: String, binary: Bool = true) throws -> OpaquePointer {
        let result = PQexecParams(connection, sql, 0, nil, nil, nil, nil, binary ? 1 : 0)
        guard let result, PQresultStatus(result) == PGRES_TUPLES_OK else {
            let message = result.map(PostgresSession.failure) ?? PostgresSession.message(PQerrorMessage(connection))
            PQclear(result)
            throw DatabaseError.query(message)
        }
        return result
    }

    /// Streams `COPY (sql) TO STDOUT (FORMAT binary)`, one chunk at a time.
    private func copy(_ sql: String, _ chunk: (UnsafeRawBufferPointer) throws -> Void) throws {
        let start = PQexec(connection, "COPY (\(sql)) TO STDOUT (FORMAT binary)")
        let status = start.map { PQresultStatus($0) }
        let startMessage = start.map(PostgresSession.failure) ?? PostgresSession.message(PQerrorMessage(connection))
        PQclear(start)
        guard status == PGRES_COPY_OUT else { throw DatabaseError.query(startMessage) }
        var failure: Error?
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(connection, &buffer, 0)
            guard length >= 0, let buffer else { break }
            if failure == nil {
                do { try chunk(UnsafeRawBufferPointer(start: buffer, count: Int(length))) } catch { failure = error }
            }
            PQfreemem(buffer)
        }
        // Collect the command's result so the connection is ready again.
        var message: String?
        while let result = PQgetResult(connection) {
            if PQresultStatus(result) != PGRES_COMMAND_OK { message = PostgresSession.failure(result) }
            PQclear(result)
        }
        if let failure { throw failure }
        if let message { throw DatabaseError.query(message) }
    }

    /// A binary int8/int4 field.
    private func integer(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> Int64 {
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else { return 0 }
        let raw = UnsafeRawPointer(value)
        return PQgetlength(result, row, column) == 8 ? Int64(bigEndian: raw.loadUnaligned(as: Int64.self))
                                                     : Int64(Int32(bigEndian: raw.loadUnaligned(as: Int32.self)))
    }

    /// A binary float8 field; nil for NULL.
    private func double(_ result: OpaquePointer, _ row: Int32, _ column: Int32) -> Double? {
        guard PQgetisnull(result, row, column) == 0, let value = PQgetvalue(result, row, column) else { return nil }
        return Double(bitPattern: UInt64(bigEndian: UnsafeRawPointer(value).loadUnaligned(as: UInt64.self)))
    }

    /// The engine's primary message for a failed result (without the generated query it quotes), or libpq's.
    static func failure(_ result: OpaquePointer) -> String {
        let primary = PQresultErrorField(result, Int32(UInt8(ascii: "M")))  // PG_DIAG_MESSAGE_PRIMARY
        return message(primary ?? PQresultErrorMessage(result))
    }

    /// A libpq message without its trailing newline and severity prefix.
    static func message(_ text: UnsafePointer<CChar>?) -> String {
        var message = text.map { String(cString: $0) } ?? ""
        while message.last?.isNewline == true { message.removeLast() }
        for prefix in ["ERROR:  ", "FATAL:  "] where message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        return BoundedText.replacing("\n", with: " ", in: message)
    }
}

/// Calls `body` with `strings` as a NULL-terminated C array.
private func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
