/// A fixed-capacity ring of values for live data: appending past the capacity drops the oldest. A `Column` made
/// from it sees the values as they were then (oldest first); the ring's storage is shared with it until the next
/// append, which then copies (Swift's copy on write), so a render never sees a half-appended ring.
public struct RingColumn: Sendable, Equatable {
    /// The most values it holds.
    public let capacity: Int
    @usableFromInline
    private(set) var storage: [Double] = []
    /// Index in `storage` of the oldest value.
    @usableFromInline
    private(set) var head = 0

    /// An empty ring of `capacity` values (at least 1).
    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// How many values it holds now.
    @inlinable
    public var count: Int { storage.count }

    /// Appends `value`, dropping the oldest when full.
    public mutating func append(_ value: Double) {
        if storage.count < capacity {
            storage.append(value)
        } else {
            storage[head] = value
            head = head + 1 == capacity ? 0 : head + 1
        }
    }

    /// Appends every value in order.
    public mutating func append<S: Sequence>(contentsOf values: S) where S.Element == Double {
        for v in values { append(v) }
    }

    /// The `i`-th oldest value (`i` in 0..<count).
    @inlinable @inline(__always)
    public subscript(i: Int) -> Double {
        let k = head + i
        return storage[k < storage.count ? k : k - storage.count]
    }

    /// Rings are equal when they hold the same values in the same order.
    public static func == (a: RingColumn, b: RingColumn) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}
