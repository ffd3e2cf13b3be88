import GlintTable

/// A series whose points live in a database table or query result: the renderer asks the database for only
/// what the picture needs (see `docs/sql.md`). Set it as `Series.source`; the series' own `x`, `y` and `size`
/// are then filled at render time.
public struct DatabaseSource: Sendable {
    /// The rows to draw.
    public enum Rows: Sendable, Hashable {
        /// A `SELECT` statement, run as a subquery.
        case sql(String)
        /// A table (or view), optionally schema-qualified (`schema.table`).
        case table(String)
    }

    /// The database the rows are in: a driver's handle for one connection string.
    public var database: any Database
    /// The rows to draw.
    public var rows: Rows
    /// The column holding x.
    public var x: String
    /// The column holding y.
    public var y: String
    /// The column holding dot sizes, if any.
    public var size: String?
    /// Whether long lines are reduced by M4 inside the database (true) or every row is pulled (false, for
    /// comparisons and for engines whose SQL lacks what the reduction needs).
    public var pushdown: Bool = true

    /// A source reading columns `x` and `y` (and `size`) of `rows` from `database`.
    public init(database: any Database, rows: Rows, x: String, y: String, size: String? = nil) {
        (self.database, self.rows, self.x, self.y, self.size) = (database, rows, x, y, size)
    }
}

/// A database reachable through one connection string, as a driver (SQLite, PostgreSQL, ...) opens it.
public protocol Database: Sendable {
    /// The connection string with any password masked: what messages show.
    var displayName: String { get }
    /// Opens a session; `DatabaseError.unreachable` when the database cannot be reached.
    func open() throws -> any DatabaseSession
    /// Whether its sessions read a table's columns by name (`DatabaseSession.table`); a source handed over through
    /// callbacks gives x, y and size only.
    var readsTables: Bool { get }
    /// What a picture read from it may leave out, for the image's notices (a ClickHouse connection that skips
    /// unavailable shards); nil when nothing.
    var caveat: String? { get }
}

extension Database {
    public var caveat: String? { nil }
    public var readsTables: Bool { true }
}

/// One open connection. A session is used by one thread at a time and closed when released.
public protocol DatabaseSession: AnyObject {
    /// The number of rows with a finite x and y, their extent (y > 0 only when `request.positiveY`), and the number of
    /// gaps (rows with a finite x and a NULL or non-finite y).
    func extent(_ request: ColumnRequest) throws -> DatabaseExtent
    /// The M4 extremes computed by the database, of the buckets in `within` (all when nil). Without `runsSplitAt`,
    /// one entry per bucket, counting its gap rows and giving the first one's x. With it (sorted gap positions),
    /// one entry per run between gaps in each bucket — `run` is the number of those positions ≤ x — and gap rows
    /// left out.
    func reduce(_ request: ColumnRequest, into buckets: M4Buckets, within: Set<Int>?, runsSplitAt gaps: [Double]?) throws
        -> DatabaseReduction
    /// The distinct x of the gaps in the buckets `within`, ascending, and the bytes that took; nil when there are
    /// more than `limit`.
    func gapPositions(_ request: ColumnRequest, in buckets: M4Buckets, within: Set<Int>, limit: Int) throws
        -> (positions: [Double], bytes: Int)?
    /// Every row with a finite x, ordered by x when `request.orderedByX`; only those in the buckets listed when
    /// `only` is given. Non-finite y and size are NaN (a gap).
    func rows(_ request: ColumnRequest, only: (buckets: M4Buckets, indices: Set<Int>)?) throws -> DatabaseRows
    /// The rows with a finite x and y in each cell of `cells` (`DensityCells.index`, in the painters' exact
    /// arithmetic), counted by the database: one entry per non-empty cell, and the bytes that took.
    func densityCounts(_ request: ColumnRequest, cells: DensityCells) throws -> (counts: [(cell: Int, count: Int)], bytes: Int)
    /// The names of the columns of `rows`, in order (no row is read).
    func columnNames(_ rows: DatabaseSource.Rows) throws -> [String]
    /// The columns `names` of every row of `rows`, ordered by the column `orderedBy` when given (else in the order
    /// the database returns them): what a series that names other columns than x, y and size reads as its table,
    /// whole.
    func table(_ rows: DatabaseSource.Rows, columns names: [String], orderedBy: String?) throws -> DatabaseTable
}

/// Columns of every row of a database's rows, read whole (`DatabaseSession.table`).
public struct DatabaseTable: Sendable {
    /// A column's values, by its type in the database: numbers (dates and times as epoch milliseconds, as a series
    /// read when drawn takes them), NULL NaN; or texts, NULL nil.
    public enum Values: Sendable, Equatable {
        case numbers([Double])
        case texts([String?])
    }

    /// The columns asked for, in that order.
    public var columns: [(name: String, values: Values)]
    /// Bytes the database sent (0 for an engine in this process).
    public var bytes: Int

    /// A table of `columns`.
    public init(columns: [(name: String, values: Values)], bytes: Int = 0) { (self.columns, self.bytes) = (columns, bytes) }
}

/// The columns a series reads, and how.
public struct ColumnRequest: Sendable, Hashable {
    /// The rows.
    public var rows: DatabaseSource.Rows
    /// Column names.
    public var x: String, y: String, size: String?
    /// Whether y ≤ 0 counts as a gap (a log y axis).
    public var positiveY: Bool
    /// Whether rows come back ordered by x (lines).
    public var orderedByX: Bool

    /// The request for `source`'s columns.
    public init(_ source: DatabaseSource, positiveY: Bool, orderedByX: Bool) {
        (rows, x, y, size) = (source.rows, source.x, source.y, source.size)
        (self.positiveY, self.orderedByX) = (positiveY, orderedByX)
    }
}

/// How many rows have a finite x and y, and their extent (nil when none has).
public struct DatabaseExtent: Sendable, Equatable {
    /// Rows with a finite x and y.
    public var count: Int
    /// Their extent, nil when `count` is 0.
    public var x: ClosedRange<Double>?, y: ClosedRange<Double>?
    /// Rows with a finite x whose y is a gap.
    public var gaps: Int

    public init(count: Int, x: ClosedRange<Double>?, y: ClosedRange<Double>?, gaps: Int) {
        (self.count, self.x, self.y, self.gaps) = (count, x, y, gaps)
    }
}

/// What M4 keeps of one bucket (or of one run between gaps in it): its first and last point by x, its lowest and
/// highest by y (the first by x among equal values), how many rows it holds and how many of them are gaps (a finite
/// x with a non-finite y).
public struct BucketExtremes: Sendable, Equatable {
    /// The bucket (see `M4Buckets.bucket`).
    public var bucket: Int
    /// The run: how many gap positions lie at or before its rows (0 when runs are not asked for).
    public var run: Int = 0
    /// The x of the bucket's first gap row (NaN when it has none, or runs were asked for).
    public var firstGap: Double = .nan
    /// Rows in the bucket, gaps included.
    public var rows: Int
    /// Rows whose y is a gap.
    public var gaps: Int
    /// The extremes (meaningful when some row is not a gap).
    public var first: SIMD2<Double>, last: SIMD2<Double>, low: SIMD2<Double>, high: SIMD2<Double>

    public init(bucket: Int, rows: Int, gaps: Int, first: SIMD2<Double>, last: SIMD2<Double>, low: SIMD2<Double>, high: SIMD2<Double>) {
        (self.bucket, self.rows, self.gaps) = (bucket, rows, gaps)
        (self.first, self.last, self.low, self.high) = (first, last, low, high)
    }
}

/// The M4 extremes of a source's buckets, and how much was transferred.
public struct DatabaseReduction: Sendable {
    /// One entry per non-empty bucket.
    public var buckets: [BucketExtremes]
    /// Result rows the database sent (one per bucket, or up to four).
    public var rows: Int
    /// Bytes the database sent (0 for an engine in this process).
    public var bytes: Int

    public init(buckets: [BucketExtremes], rows: Int, bytes: Int) {
        (self.buckets, self.rows, self.bytes) = (buckets, rows, bytes)
    }
}

/// Rows pulled from a database, and how much was transferred.
public struct DatabaseRows: Sendable {
    public var x: [Double] = [], y: [Double] = [], size: [Double]? = nil
    /// Bytes the database sent for them (0 when it runs in the process).
    public var bytes: Int = 0

    public init(x: [Double] = [], y: [Double] = [], size: [Double]? = nil, bytes: Int = 0) {
        (self.x, self.y, self.size, self.bytes) = (x, y, size, bytes)
    }
}

/// A database failure, as a driver reports it; the renderer adds the series' path.
public enum DatabaseError: Error, Equatable, CustomStringConvertible {
    /// The database could not be reached or opened (a bad connection string, no server, refused login).
    case unreachable(String)
    /// The engine refused the query, or a column holds something that is not a number.
    case query(String)

    public var description: String {
        switch self {
        case let .unreachable(m), let .query(m): return m
        }
    }
}
