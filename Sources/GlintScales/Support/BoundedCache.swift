/// A cache that holds at most `capacity` values and at most `maxCost` of their cost (bytes, say), and forgets
/// the least recently used values to make room, so a long-lived process never grows without bound however many
/// distinct keys, or however large values, it sees. A value costlier than `maxCost` alone is made and returned
/// but not kept. A hit, a new value and each value forgotten cost one hash lookup: the entries are a list in order
/// of use (the least recent first), kept in arrays of slots.
public struct BoundedCache<Key: Hashable, Value> {
    /// The most values held.
    public let capacity: Int
    /// The most total cost held.
    public let maxCost: Int
    /// The slot of each key held.
    private var slots: [Key: Int] = [:]
    private var entries: [Entry] = []
    /// Slots of forgotten entries, to be used again.
    private var unused: [Int] = []
    /// The least and the most recently used slots (-1 when empty).
    private var oldest = -1, newest = -1
    /// The cost of the values held.
    public private(set) var totalCost = 0

    private struct Entry {
        var key: Key
        var value: Value?
        var cost: Int
        var older: Int, newer: Int
    }

    /// An empty cache of at most `capacity` values (at least 1) costing at most `maxCost` together.
    public init(capacity: Int, maxCost: Int = .max) {
        self.capacity = max(1, capacity)
        self.maxCost = max(0, maxCost)
    }

    /// How many values are held.
    public var count: Int { slots.count }

    /// The value for `key`, made by `make` (and kept, when it fits) when it is not held; `cost` says what a new
    /// value costs (1 by default, so only `capacity` bounds the cache).
    public mutating func value(for key: Key, cost: (Value) -> Int = { _ in 1 }, make: () throws -> Value) rethrows -> Value {
        if let slot = slots[key] {
            unlink(slot)
            append(slot)
            return entries[slot].value!
        }
        let value = try make()
        let price = max(0, cost(value))
        guard price <= maxCost else { return value }
        while oldest >= 0, slots.count >= capacity || totalCost > maxCost - price { forget(oldest) }
        let entry = Entry(key: key, value: value, cost: price, older: -1, newer: -1)
        let slot: Int
        if let free = unused.popLast() {
            (slot, entries[free]) = (free, entry)
        } else {
            (slot, _) = (entries.count, entries.append(entry))
        }
        append(slot)
        slots[key] = slot
        totalCost += price
        return value
    }

    /// Drops the entry in `slot`.
    private mutating func forget(_ slot: Int) {
        unlink(slot)
        slots[entries[slot].key] = nil
        totalCost -= entries[slot].cost
        entries[slot].value = nil
        unused.append(slot)
    }

    /// Takes `slot` out of the order of use.
    private mutating func unlink(_ slot: Int) {
        let (older, newer) = (entries[slot].older, entries[slot].newer)
        if older >= 0 { entries[older].newer = newer } else { oldest = newer }
        if newer >= 0 { entries[newer].older = older } else { newest = older }
    }

    /// Puts `slot` last in the order of use: the most recent.
    private mutating func append(_ slot: Int) {
        entries[slot].older = newest
        entries[slot].newer = -1
        if newest >= 0 { entries[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}
