import CSQLite
import GlintDatabase
import GlintCore

/// An open SQLite connection (read-only). The extent and M4 run inside SQLite as the aggregate function
/// `glint_rows(x, y)`, implemented here in Swift (over `M4Accumulator` for M4): one pass over the rows in the
/// engine, no sort, no row leaves it.
final class SQLiteSession: DatabaseSession {
    let db: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(handle)
            throw DatabaseError.unreachable(message)
        }
        db = handle
    }

    deinit { sqlite3_close(db) }

    func extent(_ request: ColumnRequest) throws -> DatabaseExtent {
        var (count, gaps) = (0, 0)
        var low = SIMD2<Double>(repeating: .infinity), high = SIMD2<Double>(repeating: -.infinity)
        try aggregate(request) { x, y in
            guard let y else {
                gaps += 1
                return
            }
            count += 1
            low = pointwiseMin(low, SIMD2(x, y))
            high = pointwiseMax(high, SIMD2(x, y))
        }
        guard count > 0 else { return DatabaseExtent(count: 0, x: nil, y: nil, gaps: gaps) }
        return DatabaseExtent(count: count, x: low.x...high.x, y: low.y...high.y, gaps: gaps)
    }

    func gapPositions(_ request: ColumnRequest, in buckets: M4Buckets, within: Set<Int>, limit: Int) throws
        -> (positions: [Double], bytes: Int)? {
        var positions: [Double] = []
        try define("glint_bucket", BucketFunction(buckets), function: bucketFunction)
        try each("""
            SELECT DISTINCT x FROM (\(select(request))) WHERE \(SQLiteSession.finite("x", positive: false)) \
            AND glint_bucket(x) IN (\(SQLText.list(within))) \
            AND (y IS NULL OR NOT (\(SQLiteSession.finite("y", positive: request.positiveY)))) ORDER BY x LIMIT \(limit + 1)
            """) { statement in positions.append(sqlite3_column_double(statement, 0)) }
        return positions.count > limit ? nil : (positions, 0)
    }

    /// A condition true for finite numbers (and only those > 0 when `positive`): text sorts above every number and
    /// NULL compares to nothing. (Text in a column is reported by the queries that read it.)
    static func finite(_ column: String, positive: Bool) -> String {
        "\(column) BETWEEN \(positive ? "5e-324" : "-1.7976931348623157e308") AND 1.7976931348623157e308"
    }

    func reduce(_ request: ColumnRequest, into buckets: M4Buckets, within: Set<Int>?, runsSplitAt gaps: [Double]?) throws
        -> DatabaseReduction {
        var accumulator = M4Accumulator(buckets: buckets, within: within, splitAt: gaps)
        try aggregate(request) { accumulator.add(x: $0, y: $1) }
        let extremes = accumulator.extremes
        return DatabaseReduction(buckets: extremes, rows: extremes.count, bytes: 0)
    }

    func densityCounts(_ request: ColumnRequest, cells: DensityCells) throws -> (counts: [(cell: Int, count: Int)], bytes: Int) {
        var counts = [Int](repeating: 0, count: cells.count)
        try aggregate(request) { x, y in
            guard let y else { return }
            let cell = cells.index(x, y)
            if cell >= 0 { counts[cell] += 1 }
        }
        return (counts.indices.filter { counts[$0] > 0 }.map { ($0, counts[$0]) }, 0)
    }

    /// Runs the aggregate function `glint_rows(x, y)` over the request's rows inside SQLite, handing `add` each row
    /// with a finite numeric x and its y (nil for a gap). Text in either column fails the query.
    private func aggregate(_ request: ColumnRequest, _ add: @escaping (Double, Double?) -> Void) throws {
        try define("glint_rows", RowAggregate(request: request, add: add), step: aggregateStep, final: aggregateFinal)
        try each("SELECT glint_rows(x, y) FROM (\(select(request)))") { _ in }
    }

    func rows(_ request: ColumnRequest, only: (buckets: M4Buckets, indices: Set<Int>)?) throws -> DatabaseRows {
        var rows = DatabaseRows(size: request.size == nil ? nil : [])
        var row = 0
        var sql = "SELECT * FROM (\(select(request)))"
        if let only {
            try define("glint_bucket", BucketFunction(only.buckets), function: bucketFunction)
            sql += " WHERE glint_bucket(x) IN (\(SQLText.list(only.indices)))"
        }
        try each(sql + (request.orderedByX ? " ORDER BY x" : "")) { statement in
            row += 1
            guard let x = try number(statement, 0, request.x, row: row), x.isFinite else { return }
            rows.x.append(x)
            rows.y.append(try gap(number(statement, 1, request.y, row: row), positive: request.positiveY))
            if let name = request.size { rows.size!.append(try number(statement, 2, name, row: row) ?? .nan) }
        }
        return rows
    }

    /// Defines the SQL function `name` for this connection, implemented by the C callbacks given (a scalar
    /// `function` of x, or an aggregate of x and y with its `step` and `final`), with `state` as its user data.
    private func define(_ name: String, _ state: AnyObject,
                        function: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)? = nil,
                        step: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)? = nil,
                        final: (@convention(c) (OpaquePointer?) -> Void)? = nil) throws {
        let context = Unmanaged.passRetained(state).toOpaque()
        let status = sqlite3_create_function_v2(db, name, function == nil ? 2 : 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, context,
                                                function, step, final, { Unmanaged<AnyObject>.fromOpaque($0!).release() })
        guard status == SQLITE_OK else { throw DatabaseError.query(String(cString: sqlite3_errmsg(db))) }
    }

    /// The request's columns as `x`, `y` (and `size`) of its rows.
    private func select(_ request: ColumnRequest) -> String {
        var columns = ["\(SQLText.identifier(request.x)) AS x", "\(SQLText.identifier(request.y)) AS y"]
        if let size = request.size { columns.append("\(SQLText.identifier(size)) AS size") }
        return "SELECT \(columns.joined(separator: ", ")) FROM \(SQLText.from(request.rows))"
    }

    /// Runs `sql`, calling `body` on each result row.
    func each(_ sql: String, _ body: (OpaquePointer) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DatabaseError.query(String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: try body(statement)
            case SQLITE_DONE: return
            default: throw DatabaseError.query(String(cString: sqlite3_errmsg(db)))
            }
        }
    }

    /// Column `index` of the current row as a number: nil for NULL, an error naming `name` for text or a blob.
    private func number(_ statement: OpaquePointer, _ index: Int32, _ name: String, row: Int) throws -> Double? {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_column_double(statement, index)
        default:
            let text = sqlite3_column_text(statement, index).map { String(cString: $0) } ?? "a blob"
            throw DatabaseError.query(SQLiteSession.notANumber(name, text, row: row))
        }
    }

    static func notANumber(_ column: String, _ text: String, row: Int?) -> String {
        "column \"\(column)\" holds text, not a number ('\(text.prefix(40))'\(row.map { " in result row \($0)" } ?? ""))"
    }
}

/// y as drawn: NULL, non-finite values (and values ≤ 0 on a log axis) are gaps.
private func gap(_ y: Double?, positive: Bool) -> Double {
    guard let y, y.isFinite, !positive || y > 0 else { return .nan }
    return y
}

/// The state of one `glint_rows` aggregate: what it hands each row to.
private final class RowAggregate {
    let request: ColumnRequest
    let add: (Double, Double?) -> Void

    init(request: ColumnRequest, add: @escaping (Double, Double?) -> Void) { (self.request, self.add) = (request, add) }
}

/// `glint_rows(x, y)` for one row: rows without a finite numeric x are skipped; text is an error.
private func aggregateStep(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    let state = Unmanaged<RowAggregate>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
    func value(_ i: Int, _ name: String) -> Double?? {
        let v = values![i]
        switch sqlite3_value_type(v) {
        case SQLITE_NULL: return .some(nil)
        case SQLITE_INTEGER, SQLITE_FLOAT: return sqlite3_value_double(v)
        default:
            let text = sqlite3_value_text(v).map { String(cString: $0) } ?? "a blob"
            sqlite3_result_error(context, SQLiteSession.notANumber(name, text, row: nil), -1)
            return nil
        }
    }
    guard let x = value(0, state.request.x), let y = value(1, state.request.y) else { return }
    guard let x, x.isFinite else { return }
    let drawn = gap(y, positive: state.request.positiveY)
    state.add(x, drawn.isNaN ? nil : drawn)
}

private func aggregateFinal(_ context: OpaquePointer?) {
    sqlite3_result_null(context)
}

/// The buckets of `glint_bucket(x)`.
private final class BucketFunction {
    let buckets: M4Buckets

    init(_ buckets: M4Buckets) { self.buckets = buckets }
}

/// `glint_bucket(x)`: the M4 bucket of a finite numeric x, NULL for anything else.
private func bucketFunction(_ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
    let state = Unmanaged<BucketFunction>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
    let v = values![0]
    let type = sqlite3_value_type(v)
    let x = sqlite3_value_double(v)
    guard type == SQLITE_INTEGER || type == SQLITE_FLOAT, x.isFinite else { return sqlite3_result_null(context) }
    sqlite3_result_int64(context, Int64(state.buckets.bucket(x)))
}
