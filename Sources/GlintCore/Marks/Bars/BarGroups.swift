/// Bars (and box plots, whatever kind `sharesCategorySlots`) of several series on a category axis stand side by side
/// in each slot, in series order, sharing the slot's width (a stack of series takes one place); elsewhere each
/// series keeps the whole width.
public struct BarGroups: Sendable {
    /// Where one series' bars sit within the bar width of their slot.
    public struct Slot: Sendable, Equatable {
        /// Share of the bar width this series' bars take.
        public let share: Double
        /// Offset of their centre from the slot centre, as a share of the bar width.
        public let offset: Double
        /// The whole bar width, centred.
        public static let whole = Slot(share: 1, offset: 0)
    }

    private let slots: [Int: Slot]

    /// The groups of `chart`'s bar (and box) series.
    public init(_ chart: Chart) {
        let bars = chart.series.indices.filter { chart.series[$0].kind.definition.sharesCategorySlots && chart.series[$0].visible }
        // A stack is one group member: its series share a place.
        var members: [String] = []
        for index in bars {
            let key = chart.series[index].bars.stack.map { "stack:" + $0 } ?? "series:\(index)"
            if !members.contains(key) { members.append(key) }
        }
        guard chart.x.categories != nil || chart.y.categories != nil, members.count > 1 else {
            slots = [:]
            return
        }
        let share = 1 / Double(members.count)
        slots = Dictionary(uniqueKeysWithValues: bars.map { index in
            let key = chart.series[index].bars.stack.map { "stack:" + $0 } ?? "series:\(index)"
            let k = Double(members.firstIndex(of: key) ?? 0)
            return (index, Slot(share: share, offset: (k + 0.5) * share - 0.5))
        })
    }

    /// The slot of the series at `index` (the whole width when it is not grouped).
    public func slot(_ index: Int) -> Slot { slots[index] ?? .whole }
}
