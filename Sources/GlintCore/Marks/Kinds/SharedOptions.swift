/// The options several kinds share that a kind takes (`MarkDefinition.takes`); `Chart.validate()` refuses them on
/// the others.
struct SharedOptions: OptionSet {
    let rawValue: Int

    /// A line that steps between its points (`LineStyle.step`).
    static let step = SharedOptions(rawValue: 1)
    /// Error bars at its points (`Series.errorBars`): on vertical bars, not horizontal ones.
    static let errorBars = SharedOptions(rawValue: 2)
    /// A band around its points (`Series.band`).
    static let band = SharedOptions(rawValue: 4)
}
