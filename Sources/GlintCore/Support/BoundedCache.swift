/// A cache that holds at most `capacity` values and at most `maxCost` of their cost (bytes, say), and forgets
/// the least recently used values to make room, so a long-lived process never grows without bound however many
/// distinct keys, or however large values, it sees. A value costlier than `maxCost` alone is made and returned
/// but not kept. A hit costs one hash lookup; only making room looks at every entry.
public struct BoundedCache<Key: Hashable, Value> {
    /// The most values held.
    public let capacity: Int
    /// The most total cost held.
    public let maxCost: Int
    private var entries: [Key: (value: Value, used: UInt64, cost: Int)] = [:]
    private var clock: UInt64 = 0
    /// The cost of the values held.
    public private(set) var totalCost = 0

    /// An empty cache of at most `capacity` values (at least 1) costing at most `maxCost` together.
    public init(capacity: Int, maxCost: Int = .max) {
        self.capacity = max(1, capacity)
        self.maxCost = max(0, maxCost)
    }

    /// How many values are held.
    public var count: Int { entries.count }

    /// The value for `key`, made by `make` (and kept, when it fits) when it is not held; `cost` says what a new
    /// value costs (1 by default, so only `capacity` bounds the cache).
    public mutating func value(for key: Key, cost: (Value) -> Int = { _ in 1 }, make: () throws -> Value) rethrows -> Value {
        clock += 1
        if let entry = entries[key] {
            entries[key] = (entry.value, clock, entry.cost)
            return entry.value
        }
        let value = try make()
        let price = max(0, cost(value))
        guard price <= maxCost else { return value }
        while !entries.isEmpty, entries.count >= capacity || totalCost > maxCost - price,
              let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            totalCost -= oldest.value.cost
            entries[oldest.key] = nil
        }
        entries[key] = (value, clock, price)
        totalCost += price
        return value
    }
}
