import GlintCore
import GlintDatabase

/// Queries to one ClickHouse server over HTTP. M4 runs in the server as one `GROUP BY` over the pixel sub-columns,
/// its bucket of a row computed in SQL with the painters' exact arithmetic (`ClickHouseSQL.bucket`); a density is
/// counted per cell the same way. On a `Distributed` table each shard aggregates its own rows and the server that
/// was asked merges the partial states, so only the result rows cross the network to Glint.
final class ClickHouseSession: DatabaseSession {
    let connection: ClickHouseConnection
    /// The typed-rows SQL of each request this session has seen (its column types probed once).
    private var typedRows: [ColumnRequest: String] = [:]

    /// A session with the server `endpoint` names, checked with a first query; `DatabaseError.unreachable` when the
    /// server cannot be reached or refuses the user.
    init(endpoint: ClickHouseEndpoint) throws {
        connection = try ClickHouseConnection(endpoint)
        _ = try connection.rows("SELECT toInt64(1)", fields: 1)
    }

    func extent(_ request: ColumnRequest) throws -> DatabaseExtent {
        let result = try connection.rows("""
            SELECT \(integer("count(y)")), \(float("minIf(x, y IS NOT NULL)")), \(float("maxIf(x, y IS NOT NULL)")), \(float("min(y)")), \
            \(float("max(y)")), \(integer("count() - count(y)")) FROM (\(try clean(request)))
            """, fields: 6)
        let count = result.integer(0, 0), gaps = result.integer(0, 5)
        guard count > 0 else { return DatabaseExtent(count: 0, x: nil, y: nil, gaps: gaps) }
        return DatabaseExtent(count: count, x: result.double(0, 1)...result.double(0, 2), y: result.double(0, 3)...result.double(0, 4), gaps: gaps)
    }

    func gapPositions(_ request: ColumnRequest, in buckets: M4Buckets, within: Set<Int>, limit: Int) throws
        -> (positions: [Double], bytes: Int)? {
        let result = try connection.rows("""
            SELECT DISTINCT \(float("x")) AS p FROM (\(try clean(request))) \
            WHERE y IS NULL AND \(ClickHouseSQL.bucket("x", buckets)) IN (\(SQLText.list(within))) ORDER BY p LIMIT \(limit + 1)
            """, fields: 1)
        let positions = (0..<result.count).map { result.double($0, 0) }
        return positions.count > limit ? nil : (positions, result.bytes)
    }

    func reduce(_ request: ColumnRequest, into buckets: M4Buckets, within: Set<Int>?, runsSplitAt gaps: [Double]?) throws
        -> DatabaseReduction {
        // Tuples compare element by element, as PostgreSQL's arrays do: the first point by x (then y), the last,
        // the lowest by y (then x) and the highest by y (then the first by x, through -x).
        let aggregates = "min((x, y)) AS f, max((x, y)) AS l, min((y, x)) AS lo, max((y, -x)) AS hi"
        let run = gaps.flatMap { $0.isEmpty ? nil : runNumber($0, buckets) }
        var filters = run == nil ? [] : ["y IS NOT NULL"]
        if let within { filters.append("k IN (\(SQLText.list(within)))") }
        let element = { (tuple: String, index: Int, negated: Bool) in
            self.float("\(negated ? "-" : "")tupleElement(\(tuple), \(index))")
        }
        let sql = """
            SELECT \(integer("k")), \(integer("r")), \(integer("c")), \(integer("g")), \(element("f", 1, false)), \(element("f", 2, false)), \
            \(element("l", 1, false)), \(element("l", 2, false)), \(element("lo", 2, false)), \(element("lo", 1, false)), \
            \(element("hi", 2, true)), \(element("hi", 1, false)), \(float("gap")) \
            FROM (SELECT k, r, count() AS c, count() - count(y) AS g, \(aggregates), minIf(x, y IS NULL) AS gap \
            FROM (SELECT x, y, k, \(run ?? "0") AS r \
            FROM (SELECT x, y, \(ClickHouseSQL.bucket("x", buckets)) AS k FROM (\(try clean(request))))\
            \(filters.isEmpty ? "" : " WHERE " + filters.joined(separator: " AND "))) GROUP BY k, r)
            """
        let result = try connection.rows(sql, fields: 13)
        var extremes: [BucketExtremes] = []
        for row in 0..<result.count {
            let v = (4..<12).map { result.double(row, $0) }
            var e = BucketExtremes(bucket: result.integer(row, 0), rows: result.integer(row, 2), gaps: result.integer(row, 3),
                                   first: SIMD2(v[0], v[1]), last: SIMD2(v[2], v[3]), low: SIMD2(v[4], v[5]), high: SIMD2(v[6], v[7]))
            // minIf over no rows is 0 in ClickHouse: a first gap only where the bucket has gaps.
            (e.run, e.firstGap) = (result.integer(row, 1), e.gaps > 0 ? result.double(row, 12) : .nan)
            extremes.append(e)
        }
        return DatabaseReduction(buckets: extremes, rows: extremes.count, bytes: result.bytes)
    }

    func densityCounts(_ request: ColumnRequest, cells: DensityCells) throws -> (counts: [(cell: Int, count: Int)], bytes: Int) {
        // Rows are kept by plain comparisons of their values with the cells' bounds (which also leave out NULL,
        // NaN and ±Infinity), so each row's pixel is computed once, in its cell.
        guard let bounds = cells.scaleSpaceBounds else { return ([], 0) }
        let f = ClickHouseSQL.float64
        let result = try connection.rows("""
            SELECT \(integer("k")), \(integer("count()")) FROM (SELECT \(ClickHouseSQL.densityCell(x: "glint_x", y: "glint_y", cells)) AS k \
            FROM (\(try typed(request))) WHERE glint_x >= \(f(bounds.x.lowerBound)) AND glint_x <= \(f(bounds.x.upperBound)) \
            AND glint_y >= \(f(bounds.y.lowerBound)) AND glint_y <= \(f(bounds.y.upperBound))) GROUP BY k
            """, fields: 2)
        return ((0..<result.count).map { (cell: result.integer($0, 0), count: result.integer($0, 1)) }, result.bytes)
    }

    func rows(_ request: ColumnRequest, only: (buckets: M4Buckets, indices: Set<Int>)?) throws -> DatabaseRows {
        var sql = try clean(request)
        if let only {
            sql = "SELECT * FROM (\(sql)) WHERE \(ClickHouseSQL.bucket("x", only.buckets)) IN (\(SQLText.list(only.indices)))"
        }
        let columns = ["x", "y"] + (request.size == nil ? [] : ["size"])
        sql = "SELECT \(columns.map { float($0) }.joined(separator: ", ")) FROM (\(sql))\(request.orderedByX ? " ORDER BY x" : "")"
        let result = try connection.rows(sql, fields: columns.count)
        var rows = DatabaseRows(size: request.size == nil ? nil : [])
        (rows.x, rows.y) = ((0..<result.count).map { result.double($0, 0) }, (0..<result.count).map { result.double($0, 1) })
        if request.size != nil { rows.size = (0..<result.count).map { result.double($0, 2) } }
        rows.bytes = result.bytes
        return rows
    }

    /// The run between gaps of a row with bucket `k` and value `x`: the number of gap positions at or before x
    /// (gap rows themselves are left out). Those are the positions of the earlier buckets, all of them, and those
    /// of the row's own bucket up to x: each row finds its bucket's first position and count by a hash lookup
    /// (`transform`) and compares x with those few positions only, not with every gap.
    private func runNumber(_ positions: [Double], _ buckets: M4Buckets) -> String {
        var slices: [Int: (first: Int, count: Int)] = [:]
        for (i, p) in positions.enumerated() { slices[buckets.bucket(p), default: (i, 0)].count += 1 }
        let ids = slices.keys.sorted()
        let list = { (values: [Int]) in "CAST([\(values.map(String.init).joined(separator: ", "))] AS Array(Int64))" }
        let first = "transform(k, \(list(ids)), \(list(ids.map { slices[$0]!.first })), toInt64(0))"
        let count = "transform(k, \(list(ids)), \(list(ids.map { slices[$0]!.count })), toInt64(0))"
        let array = "[\(positions.map(ClickHouseSQL.float64).joined(separator: ", "))]"
        return "(\(first) + arrayCount(p -> p <= x, arraySlice(\(array), \(first) + 1, \(count))))"
    }

    /// An expression as Float64, NULL as NaN: every float a query returns, so that each field is 8 bytes (a
    /// `Nullable` one would carry a flag byte).
    private func float(_ expression: String) -> String { "toFloat64(ifNull(\(expression), nan))" }

    /// An expression as a non-`Nullable` Int64 (a bucket or cell of a nullable column is `Nullable`, though the
    /// query has left the NULL rows out): every whole number a query returns.
    private func integer(_ expression: String) -> String { "toInt64(ifNull(\(expression), 0))" }

    /// The request's rows as Float64 `x`, `y` (and `size`): non-finite y (and y ≤ 0 on a log axis) as NULL, rows
    /// without a finite x left out, and x not `Nullable` (a lambda over it must return a plain `UInt8`).
    private func clean(_ request: ColumnRequest) throws -> String {
        let size = request.size != nil ? ", if(\(ClickHouseSQL.finite("glint_size")), glint_size, NULL) AS size" : ""
        return """
            SELECT assumeNotNull(glint_x) AS x, if(\(ClickHouseSQL.finite("glint_y", positive: request.positiveY)), glint_y, NULL) AS y\(size) \
            FROM (\(try typed(request))) WHERE \(ClickHouseSQL.finite("glint_x"))
            """
    }

    /// The request's rows as they are, as Float64 `glint_x`, `glint_y` (and `glint_size`: names no alias of a
    /// later query refers back to, which ClickHouse would call cyclic). Column types are asked first, once per
    /// request and session: numbers, dates and times (as epoch milliseconds) only.
    private func typed(_ request: ColumnRequest) throws -> String {
        if let sql = typedRows[request] { return sql }
        let names = [request.x, request.y] + (request.size.map { [$0] } ?? [])
        let from = ClickHouseSQL.from(request.rows)
        let types = try connection.types(of: "SELECT \(names.map(ClickHouseSQL.identifier).joined(separator: ", ")) FROM \(from) LIMIT 0")
        guard types.count == names.count else {
            throw DatabaseError.query("the server described \(types.count) columns where \(names.count) were asked for")
        }
        let columns = try zip(names, types).map { name, type in
            try ClickHouseSQL.double(ClickHouseSQL.identifier(name), type: type, column: name)
        }
        let sql = "SELECT \(columns[0]) AS glint_x, \(columns[1]) AS glint_y\(columns.count > 2 ? ", \(columns[2]) AS glint_size" : "") FROM \(from)"
        typedRows[request] = sql
        return sql
    }
}
