/// A cache that holds at most `capacity` values and forgets the least recently used one to make room, so a
/// long-lived process never grows without bound however many distinct keys it sees. A hit costs one hash
/// lookup; only making room looks at every entry.
public struct BoundedCache<Key: Hashable, Value> {
    /// The most values held.
    public let capacity: Int
    private var entries: [Key: (value: Value, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    /// An empty cache of at most `capacity` values (at least 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many values are held.
    public var count: Int { entries.count }

    /// The value for `key`, made by `make` (and kept) when it is not held.
    public mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        clock += 1
        if let entry = entries[key] {
            entries[key] = (entry.value, clock)
            return entry.value
        }
        let value = try make()
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        entries[key] = (value, clock)
        return value
    }
}
