import Glibc
import Glint

/// `glint_source`s: rows that live outside this process (a Dask DataFrame's partitions on a cluster), which Glint
/// asks, through the caller's callbacks, for what it asks a database: the extent, density counts on the plot's
/// cells, the M4 extremes of each bucket, and rows (all, or those of some buckets). A spec names one as
/// `"db": "source:NAME"`; its `table` says which of the source's frames. The callbacks run on the calling thread,
/// during the call.
enum CSources {
    /// `glint_source`: const char *name; void *context; then the extent, density, m4 and rows callbacks.
    static let size = 48

    typealias Extent = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, UnsafeMutableRawPointer,
                                       UnsafeMutablePointer<CChar>, Int) -> Int32
    typealias Density = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, UnsafeRawPointer, UnsafeMutablePointer<UInt64>,
                                        UnsafeMutablePointer<CChar>, Int) -> Int32
    typealias M4 = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, UnsafeRawPointer, UnsafeMutableRawPointer,
                                   UnsafeMutablePointer<CChar>, Int) -> Int32
    typealias Sink = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<Double>?, UnsafePointer<Double>?, Int) -> Void
    typealias Rows = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer, UnsafeRawPointer?, UnsafePointer<UInt8>?, Sink,
                                     UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>, Int) -> Int32

    /// The access a spec decoded with `count` sources at `sources` has: a driver for `source:` naming them.
    static func access(_ sources: UnsafeRawPointer?, count: Int) throws -> DatabaseAccess {
        guard count > 0 else { return DatabaseAccess() }
        guard let sources, count <= 1024 else { throw CArgumentError("sources is null or holds more than 1,024 (source_count \(count))") }
        var named: [String: CallbackSource] = [:]
        for i in 0..<count {
            let p = sources + i * size
            guard let name = p.load(as: UnsafePointer<CChar>?.self).map({ String(cString: $0) }), !name.isEmpty,
                  let extent = p.load(fromByteOffset: 16, as: Extent?.self), let density = p.load(fromByteOffset: 24, as: Density?.self),
                  let m4 = p.load(fromByteOffset: 32, as: M4?.self), let rows = p.load(fromByteOffset: 40, as: Rows?.self) else {
                throw CArgumentError("sources[\(i)]: a null name or callback")
            }
            guard named[name] == nil else { throw CArgumentError("sources[\(i)]: the name \"\(name)\" is given twice") }
            named[name] = CallbackSource(name: name, context: p.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self),
                                         extent: extent, density: density, m4: m4, rows: rows)
        }
        return DatabaseAccess(drivers: [CallbackDriver(sources: named)])
    }
}

/// The callbacks of one `glint_source`, valid for the call that handed them over.
struct CallbackSource: @unchecked Sendable {
    let name: String
    let context: UnsafeMutableRawPointer?
    let extent: CSources.Extent, density: CSources.Density, m4: CSources.M4, rows: CSources.Rows
}

/// Opens `source:NAME` connection strings on the sources of one call.
struct CallbackDriver: DatabaseDriver {
    let schemes = ["source"]
    let sources: [String: CallbackSource]

    func database(_ connection: String, relativeTo directory: String) throws -> any Database {
        let name = String(connection.dropFirst("source:".count))
        guard let source = sources[name] else {
            throw GlintError.badData("no source is named \"\(name)\" (this call hands over \(sources.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        return CallbackDatabase(source: source)
    }
}

struct CallbackDatabase: Database {
    let source: CallbackSource
    var displayName: String { "source:\(source.name)" }
    func open() throws -> any DatabaseSession { CallbackSession(source) }
    var readsTables: Bool { false }
}

/// A source asked through its callbacks. Runs between gaps are not asked for (`gapPositions` is nil): the buckets
/// holding both gaps and points come as rows.
final class CallbackSession: DatabaseSession {
    private let source: CallbackSource

    init(_ source: CallbackSource) { self.source = source }

    func extent(_ request: ColumnRequest) throws -> DatabaseExtent {
        var out = [UInt8](repeating: 0, count: CSourceLayout.extentSize)
        try call(request) { r, error, size in out.withUnsafeMutableBytes { source.extent(source.context, r, $0.baseAddress!, error, size) } }
        let extent = out.withUnsafeBytes { CSourceLayout.Extent($0.baseAddress!) }
        let (count, gaps, v) = (extent.count, max(0, extent.gaps), extent.bounds)
        guard count > 0 else { return DatabaseExtent(count: 0, x: nil, y: nil, gaps: gaps) }
        guard v.allSatisfy(\.isFinite), v[0] <= v[1], v[2] <= v[3] else {
            throw DatabaseError.query("the source's extent of \(count) rows is not finite bounds, low to high: x \(v[0])...\(v[1]), y \(v[2])...\(v[3])")
        }
        return DatabaseExtent(count: count, x: v[0]...v[1], y: v[2]...v[3], gaps: gaps)
    }

    func reduce(_ request: ColumnRequest, into buckets: M4Buckets, within: Set<Int>?, runsSplitAt gaps: [Double]?) throws
        -> DatabaseReduction {
        guard gaps == nil else { throw DatabaseError.query("a source is not asked for runs between gaps") }
        var described = [UInt8](repeating: 0, count: CSourceLayout.bucketsSize)
        described.withUnsafeMutableBytes { CSourceLayout.store(buckets, $0.baseAddress!) }
        var out = [UInt8](repeating: 0, count: CSourceLayout.extremesSize * buckets.count)
        try call(request) { r, error, size in
            described.withUnsafeBytes { b in out.withUnsafeMutableBytes { source.m4(source.context, r, b.baseAddress!, $0.baseAddress!, error, size) } }
        }
        let extremes = out.withUnsafeBytes { p in
            (0..<buckets.count).compactMap { b in within?.contains(b) == false ? nil : CSourceLayout.extremes(p.baseAddress! + b * CSourceLayout.extremesSize, bucket: b) }
        }
        return DatabaseReduction(buckets: extremes, rows: extremes.count, bytes: extremes.count * CSourceLayout.extremesSize)
    }

    func gapPositions(_ request: ColumnRequest, in buckets: M4Buckets, within: Set<Int>, limit: Int) throws -> (positions: [Double], bytes: Int)? {
        nil
    }

    /// Its callbacks name no columns (`CallbackDatabase.readsTables` is false): a source is asked for a series' x,
    /// y and size only.
    func columnNames(_ rows: DatabaseSource.Rows) throws -> [String] {
        throw DatabaseError.query("a source given through callbacks is asked for x, y and size only")
    }

    func table(_ rows: DatabaseSource.Rows, columns names: [String], orderedBy: String?) throws -> DatabaseTable {
        throw DatabaseError.query("a source given through callbacks is asked for x, y and size only")
    }

    func rows(_ request: ColumnRequest, only: (buckets: M4Buckets, indices: Set<Int>)?) throws -> DatabaseRows {
        var described = [UInt8](repeating: 0, count: CSourceLayout.bucketsSize)
        var flags: [UInt8] = []
        if let only {
            described.withUnsafeMutableBytes { CSourceLayout.store(only.buckets, $0.baseAddress!) }
            flags = (0..<only.buckets.count).map { only.indices.contains($0) ? 1 : 0 }
        }
        let received = RowsReceived()
        let sink: CSources.Sink = { target, x, y, count in
            guard let target, let x, let y, count > 0 else { return }
            let rows = Unmanaged<RowsReceived>.fromOpaque(target).takeUnretainedValue()
            // A row without a finite x is left out, as a database leaves it out.
            for i in 0..<count where x[i].isFinite {
                rows.x.append(x[i])
                rows.y.append(y[i])
            }
        }
        try withExtendedLifetime(received) {
            let target = Unmanaged.passUnretained(received).toOpaque()
            try call(request) { r, error, size in
                described.withUnsafeBytes { b in
                    flags.withUnsafeBufferPointer { f in
                        source.rows(source.context, r, only == nil ? nil : b.baseAddress!, only == nil ? nil : f.baseAddress, sink, target, error, size)
                    }
                }
            }
        }
        var rows = DatabaseRows(x: received.x, y: received.y)
        if request.orderedByX {
            let order = rows.x.indices.sorted { (rows.x[$0], $0) < (rows.x[$1], $1) }
            (rows.x, rows.y) = (order.map { received.x[$0] }, order.map { received.y[$0] })
        }
        rows.bytes = 16 * rows.x.count
        return rows
    }

    func densityCounts(_ request: ColumnRequest, cells: DensityCells) throws -> (counts: [(cell: Int, count: Int)], bytes: Int) {
        var described = [UInt8](repeating: 0, count: CSourceLayout.cellsSize)
        described.withUnsafeMutableBytes { CSourceLayout.store(cells, $0.baseAddress!) }
        var counts = [UInt64](repeating: 0, count: cells.count)
        try call(request) { r, error, size in
            described.withUnsafeBytes { c in counts.withUnsafeMutableBufferPointer { source.density(source.context, r, c.baseAddress!, $0.baseAddress!, error, size) } }
        }
        return (counts.indices.filter { counts[$0] > 0 }.map { (cell: $0, count: Int(clamping: counts[$0])) }, 8 * counts.count)
    }

    /// Calls a callback with a `glint_source_request` for `request` and a buffer for its message: status 0 is
    /// success, 2 an unreachable source (`DatabaseError.unreachable`), any other its failure (`.query`).
    private func call(_ request: ColumnRequest, _ body: (UnsafeRawPointer, UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        guard case let .table(table) = request.rows else { throw DatabaseError.query("a source names its frames by table, not sql") }
        guard request.size == nil else { throw DatabaseError.query("a source gives x and y only, not size") }
        let names: [String] = [table, request.x, request.y]
        let strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        // glint_source_request: const char *table, *x, *y; int positive_y.
        var described = [UInt8](repeating: 0, count: 32)
        described.withUnsafeMutableBytes { p in
            for (i, s) in strings.enumerated() { p.storeBytes(of: UnsafePointer(s), toByteOffset: 8 * i, as: UnsafePointer<CChar>?.self) }
            p.storeBytes(of: Int32(request.positiveY ? 1 : 0), toByteOffset: 24, as: Int32.self)
        }
        var message = [CChar](repeating: 0, count: 1024)
        let status = described.withUnsafeBytes { r in message.withUnsafeMutableBufferPointer { body(r.baseAddress!, $0.baseAddress!, $0.count) } }
        guard status == 0 else {
            message[message.count - 1] = 0
            let text = String(cString: message)
            let said = text.isEmpty ? "the source's callback failed (status \(status))" : text
            throw status == 2 ? DatabaseError.unreachable(said) : DatabaseError.query(said)
        }
    }
}

/// The rows a `rows` callback delivers, in order.
private final class RowsReceived {
    var x: [Double] = [], y: [Double] = []
}
