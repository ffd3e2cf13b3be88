import Synchronization

/// A fixed-capacity ring of values for live data: appending past the capacity drops the oldest. A `Column` made
/// from it sees the values as they were then (oldest first), whatever is appended after.
///
/// The values live in chunks of `RingColumn.chunkSize` that are written once each, in order: an append writes slots
/// past every view's end, and dropping the oldest only moves the start, releasing a chunk once nothing holds a value
/// of it. So an append costs the same whatever the ring holds (no copy of the values: a view shares the chunks and
/// the next append copies only their list, a reference per chunk), and a view taken on one thread stays whole while
/// another appends — the slots it reads are never written again. A copy of the ring that appends too gets a chunk
/// of its own for the slots both could write (copy on write, one chunk at most), and a history of its own
/// (`RingView.history`).
public struct RingColumn: Sendable, Equatable {
    /// Values per chunk.
    public static let chunkSize = 1 << 16

    /// The most values it holds.
    public let capacity: Int
    /// The values as they are now.
    public private(set) var view = RingView()
    /// Shared by the copies of one ring: an append by a copy that shares it first takes the last chunk for itself.
    private var writer = RingWriter()

    /// An empty ring of `capacity` values (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        view.history = writer.history
    }

    /// How many values it holds now.
    public var count: Int { view.count }

    /// Appends `value`, dropping the oldest when full.
    public mutating func append(_ value: Double) {
        if !isKnownUniquelyReferenced(&writer) {
            writer = RingWriter()
            view.ownLastChunk()
            view.history = writer.history
        }
        view.append(value, dropping: view.count == capacity)
    }

    /// Appends every value in order.
    public mutating func append<S: Sequence>(contentsOf values: S) where S.Element == Double {
        for v in values { append(v) }
    }

    /// The `i`-th oldest value (`i` in 0..<count).
    @inlinable @inline(__always)
    public subscript(i: Int) -> Double { view[i] }

    /// Rings are equal when they hold the same values in the same order.
    public static func == (a: RingColumn, b: RingColumn) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}

/// A ring's values at one moment: its chunks, where the oldest value is, and how many there are.
public struct RingView: Sendable {
    @usableFromInline
    private(set) var chunks: [RingChunk] = []
    /// Index of the oldest value in the first chunk.
    @usableFromInline
    private(set) var start = 0
    /// How many values.
    public private(set) var count = 0
    /// How many values were dropped before the oldest: value `i` is the `dropped + i`-th ever appended (its
    /// sequence number).
    public private(set) var dropped = 0
    /// The ring's history: views of one history hold the same value at a sequence number, whenever they were
    /// taken (a copy of a ring that appends on its own starts a history of its own). Memos of work done on a view
    /// (`M4Memo`) are keyed by it.
    public internal(set) var history: UInt64 = 0

    /// A name for the line through rings `x` and `y` that stays the same from frame to frame (`LineShape.liveKey`):
    /// both histories in one number — a hint, as two lines may share it; who reads it checks what it names.
    public static func liveKey(x: RingView, y: RingView) -> UInt64 { x.history &* 0x9E37_79B9_7F4A_7C15 ^ y.history }

    /// The `i`-th oldest value (`i` in 0..<count).
    @inlinable @inline(__always)
    public subscript(i: Int) -> Double {
        let k = start + i
        return chunks[k / RingColumn.chunkSize].values[k % RingColumn.chunkSize]
    }

    /// The values, oldest first, as one array: copied a chunk at a time.
    public var values: [Double] { values(in: 0..<count) }

    /// The values at `indices` (0 the oldest), as one array: copied a chunk at a time.
    public func values(in indices: Range<Int>) -> [Double] {
        [Double](unsafeUninitializedCapacity: indices.count) { out, written in
            var at = 0
            forEachSpan(indices) { chunk, slots in
                (out.baseAddress! + at).initialize(from: chunk.values + slots.lowerBound, count: slots.count)
                at += slots.count
            }
            written = indices.count
        }
    }

    /// Calls `body` with the values at `indices` (0 the oldest) as contiguous doubles: in place when they lie in
    /// one chunk, from a temporary copy otherwise.
    public func withUnsafeDoubles<R>(in indices: Range<Int>, _ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        let size = RingColumn.chunkSize, first = start + indices.lowerBound
        if indices.isEmpty || first / size == (start + indices.upperBound - 1) / size {
            let base = indices.isEmpty ? nil : chunks[first / size].values + first % size
            return try body(UnsafeBufferPointer(start: base, count: indices.count))
        }
        return try values(in: indices).withUnsafeBufferPointer(body)
    }

    /// The least and greatest finite value among the values at `indices` (0 the oldest); nil when none is finite.
    /// A chunk whose slots are all written and all inside is answered from its own extent, kept as it was written;
    /// only the ends are read, so the cost is a chunk's at most plus one step per chunk.
    public func finiteExtent(_ indices: Range<Int>) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        forEachSpan(indices) { chunk, slots in
            if slots.count == RingColumn.chunkSize {
                (low, high) = (Swift.min(low, chunk.low), Swift.max(high, chunk.high))
                return
            }
            for i in slots {
                let v = chunk.values[i]
                if v.isFinite { (low, high) = (Swift.min(low, v), Swift.max(high, v)) }
            }
        }
        return low <= high ? low...high : nil
    }

    /// Calls `body` with each chunk holding values at `indices` (0 the oldest), in order, and the slots of it they
    /// fill.
    private func forEachSpan(_ indices: Range<Int>, _ body: (RingChunk, Range<Int>) -> Void) {
        let size = RingColumn.chunkSize, end = start + indices.upperBound
        var k = start + indices.lowerBound
        while k < end {
            let chunkEnd = min(end, (k / size + 1) * size)
            body(chunks[k / size], (k % size)..<(k % size + chunkEnd - k))
            k = chunkEnd
        }
    }

    /// Writes `value` after the newest, then drops the oldest when `dropping`.
    mutating func append(_ value: Double, dropping: Bool) {
        let end = start + count
        if end == chunks.count * RingColumn.chunkSize { chunks.append(RingChunk()) }
        chunks[chunks.count - 1].write(value, at: end % RingColumn.chunkSize)
        guard dropping else {
            count += 1
            return
        }
        start += 1
        dropped += 1
        if start == RingColumn.chunkSize {
            chunks.removeFirst()
            start = 0
        }
    }

    /// Replaces a partly written last chunk with a copy, so that appends write no slot another ring may write.
    mutating func ownLastChunk() {
        let used = (start + count) % RingColumn.chunkSize
        guard used > 0, let last = chunks.last else { return }
        let copy = RingChunk()
        for i in 0..<used { copy.write(last.values[i], at: i) }
        chunks[chunks.count - 1] = copy
    }
}

/// One chunk of a ring's values: written once, slot after slot, by one ring; read by every view that holds it. Its
/// memory is never moved. It keeps the extent of its finite values as they are written, read only once every slot
/// is written (before any view that reads it whole was taken).
public final class RingChunk: @unchecked Sendable {
    @usableFromInline
    let values: UnsafeMutablePointer<Double>
    /// The least and greatest finite value written (±infinity before one).
    private(set) var low = Double.infinity, high = -Double.infinity

    init() {
        values = .allocate(capacity: RingColumn.chunkSize)
    }

    /// Writes slot `i`.
    func write(_ value: Double, at i: Int) {
        values[i] = value
        if value.isFinite { (low, high) = (Swift.min(low, value), Swift.max(high, value)) }
    }

    deinit { values.deallocate() }
}

/// The token the copies of one ring share (see `RingColumn.append`), naming their history.
private final class RingWriter: @unchecked Sendable {
    /// A number no other writer of this process has.
    let history = RingWriter.histories.add(1, ordering: .relaxed).newValue

    private static let histories = Atomic<UInt64>(0)
}
