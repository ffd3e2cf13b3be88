/// A column of numbers — a series' x, y or sizes — viewed where it lives: a Swift array of `Double` or `Float`,
/// memory a caller lends with an offset and a stride (a numpy array, a memory-mapped file: `ColumnBuffer`), or a
/// ring buffer of live data (`RingColumn`). It reads as a random-access collection of `Double`, whatever the
/// storage; the scans that want contiguous doubles (extents, M4, the painters' uploads) take them in place when
/// the storage is contiguous `Double` and from one temporary copy otherwise (`withUnsafeDoubles`).
///
/// A column is a value: taking one from an array or a ring shares the storage (copy on write), and a borrowed
/// buffer keeps its owner alive for as long as any column views it.
public struct Column: Sendable {
    @usableFromInline
    enum Storage: Sendable {
        case doubles([Double])
        case floats([Float])
        case buffer(ColumnBuffer)
        case ring(RingView)
    }

    @usableFromInline
    let storage: Storage

    /// The values of `array`, shared with it (no copy).
    public init(_ array: [Double]) { storage = .doubles(array) }
    /// Single-precision values, read as `Double`.
    public init(_ array: [Float]) { storage = .floats(array) }
    /// Memory a caller lends (see `ColumnBuffer` for who keeps it alive).
    public init(_ buffer: ColumnBuffer) { storage = .buffer(buffer) }
    /// The values of a ring buffer, oldest first, as they are now.
    public init(_ ring: RingColumn) { storage = .ring(ring.view) }

    /// The values as a `Double` array: the array itself for an array column, a copy for every other storage.
    public var doubles: [Double] {
        switch storage {
        case let .doubles(array): return array
        case let .floats(array): return array.map(Double.init)
        case let .buffer(buffer): return buffer.copiedDoubles(in: 0..<buffer.count)
        case let .ring(r): return r.values
        }
    }

    /// The values at `indices` as a `Double` array: copied in one typed pass (a ring's a chunk at a time).
    public func doubles(in indices: Range<Int>) -> [Double] {
        switch storage {
        case let .doubles(array): return Array(array[indices])
        case let .floats(array): return array[indices].map(Double.init)
        case let .buffer(buffer): return buffer.copiedDoubles(in: indices)
        case let .ring(r): return r.values(in: indices)
        }
    }

    /// Whether the values are contiguous doubles read in place (`withUnsafeDoubles` copies nothing).
    public var isContiguousDoubles: Bool { withContiguousStorageIfAvailable { _ in true } ?? false }

    /// Calls `body` with the values as contiguous doubles: in place for a `Double` array or a `Double` buffer of
    /// stride 8, from one temporary copy otherwise.
    public func withUnsafeDoubles<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        if let result = try withContiguousStorageIfAvailable(body) { return result }
        return try doubles.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the values at `indices` as contiguous doubles: in place where `withUnsafeDoubles` would be
    /// (and for indices in one chunk of a ring), from a temporary copy of those values only otherwise.
    public func withUnsafeDoubles<R>(in indices: Range<Int>, _ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        if let ring { return try ring.withUnsafeDoubles(in: indices, body) }
        if let result = try withContiguousStorageIfAvailable({ try body(UnsafeBufferPointer(rebasing: $0[indices])) }) {
            return result
        }
        return try doubles(in: indices).withUnsafeBufferPointer(body)
    }

    /// The ring a ring column views (nil for other storage): a live series' points, each named for good by its
    /// sequence number (`RingView.dropped` + its index).
    public var ring: RingView? {
        if case let .ring(r) = storage { return r }
        return nil
    }

    /// The storage kind, for diagnostics and tests: `double`, `float`, `buffer` or `ring`.
    public var storageKind: String {
        switch storage {
        case .doubles: return "double"
        case .floats: return "float"
        case .buffer: return "buffer"
        case .ring: return "ring"
        }
    }
}

extension Column: RandomAccessCollection {
    public var startIndex: Int { 0 }

    @inlinable
    public var endIndex: Int {
        switch storage {
        case let .doubles(a): return a.count
        case let .floats(a): return a.count
        case let .buffer(b): return b.count
        case let .ring(r): return r.count
        }
    }

    /// Value `i` as a `Double`.
    @inlinable
    public subscript(i: Int) -> Double {
        read(i)
    }

    @inlinable
    func read(_ i: Int) -> Double {
        switch storage {
        case let .doubles(a): return a[i]
        case let .floats(a): return Double(a[i])
        case let .buffer(b): return b[i]
        case let .ring(r): return r[i]
        }
    }

    public func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R? {
        switch storage {
        case let .doubles(a): return try a.withUnsafeBufferPointer(body)
        case let .buffer(b): return try b.withContiguousDoubles(body)
        case .floats, .ring: return nil
        }
    }
}

extension Column: ExpressibleByArrayLiteral {
    /// A column of the listed values.
    public init(arrayLiteral values: Double...) { self.init(values) }
}

extension Column: Equatable {
    /// Columns are equal when their values are, whatever their storage (NaN equals nothing, as in arrays).
    public static func == (a: Column, b: Column) -> Bool { a.elementsEqual(b) }
}
