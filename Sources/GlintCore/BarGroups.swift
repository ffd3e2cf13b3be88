/// Bars of several series on a category axis stand side by side in each slot, in series order, sharing the slot's
/// bar width; elsewhere each bar series keeps the whole width (and may overlap another).
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

    /// The groups of `chart`'s bar series.
    public init(_ chart: Chart) {
        let bars = chart.series.indices.filter { chart.series[$0].kind == .bars }
        guard chart.x.categories != nil, bars.count > 1 else {
            slots = [:]
            return
        }
        let share = 1 / Double(bars.count)
        slots = Dictionary(uniqueKeysWithValues: bars.enumerated().map { k, index in
            (index, Slot(share: share, offset: (Double(k) + 0.5) * share - 0.5))
        })
    }

    /// The slot of the series at `index` (the whole width when it is not grouped).
    public func slot(_ index: Int) -> Slot { slots[index] ?? .whole }
}
