/// A cache that holds at most `capacity` values and forgets the least recently used one to make room, so a
/// long-lived process never grows without bound however many distinct keys it sees.
struct BoundedCache<Key: Hashable, Value> {
    /// The most values held.
    let capacity: Int
    private var values: [Key: Value] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many values are held.
    var count: Int { values.count }

    /// The value for `key`, made by `make` (and kept) when it is not held.
    mutating func value(for key: Key, make: () throws -> Value) rethrows -> Value {
        if let value = values[key] {
            if let i = order.lastIndex(of: key) { order.remove(at: i) }
            order.append(key)
            return value
        }
        let value = try make()
        if values.count >= capacity {
            let oldest = order.removeFirst()
            values[oldest] = nil
        }
        values[key] = value
        order.append(key)
        return value
    }
}
