/// The chart's extra legends, by id, for live apps (MapsGL's LegendControl): legends are added, fetched, updated
/// and removed by id. A legend added again under the same id (another series using it) is counted, not copied:
/// removing it only drops one use until the last, or `force` removes it at once. Legends are values: update by
/// fetching one, changing it (`Legend.with`) and committing it with `update`.
public struct LegendSet: Sendable, ExpressibleByArrayLiteral {
    /// The legends in the order they were first added (the order they stack in).
    public private(set) var all: [Legend] = []
    private var uses: [String: Int] = [:]

    /// A set holding `legends`, each used once (a repeated id counts as a second use of the first).
    public init(_ legends: [Legend] = []) {
        for legend in legends { add(legend) }
    }

    public init(arrayLiteral legends: Legend...) {
        self.init(legends)
    }

    /// Adds a legend, or counts one more use of the legend already under its id (whose value stays).
    public mutating func add(_ legend: Legend) {
        if uses[legend.id] == nil { all.append(legend) }
        uses[legend.id, default: 0] += 1
    }

    /// The legend with `id`, if any.
    public subscript(id: String) -> Legend? {
        all.first { $0.id == id }
    }

    /// How many uses the legend with `id` has (0 when absent).
    public func uses(of id: String) -> Int { uses[id] ?? 0 }

    /// Replaces the legend with the same id by `legend`; false (and nothing changed) when there is none.
    @discardableResult
    public mutating func update(_ legend: Legend) -> Bool {
        guard let index = all.firstIndex(where: { $0.id == legend.id }) else { return false }
        all[index] = legend
        return true
    }

    /// Changes the legend at `position` of `all` in place; its id stays.
    public mutating func modify(at position: Int, _ change: (inout Legend) -> Void) {
        let id = all[position].id
        change(&all[position])
        all[position].id = id
    }

    /// Drops one use of the legend with `id`, removing it when no use is left, or at once with `force`.
    /// Returns whether it was removed.
    @discardableResult
    public mutating func remove(id: String, force: Bool = false) -> Bool {
        guard let count = uses[id] else { return false }
        guard force || count <= 1 else {
            uses[id] = count - 1
            return false
        }
        uses[id] = nil
        all.removeAll { $0.id == id }
        return true
    }
}
