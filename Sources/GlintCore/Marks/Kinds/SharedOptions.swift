/// The options several kinds share that a kind takes (`MarkDefinition.takes`); `Chart.validate()` and the spec refuse
/// them on the others.
public struct SharedOptions: OptionSet, Sendable {
    public let rawValue: Int

    /// The options `rawValue`'s bits name.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A line that steps between its points (`LineStyle.step`).
    public static let step = SharedOptions(rawValue: 1)
    /// Error bars at its points (`Series.errorBars`): on vertical bars, not horizontal ones.
    public static let errorBars = SharedOptions(rawValue: 2)
    /// A band around its points (`Series.band`).
    public static let band = SharedOptions(rawValue: 4)
    /// A trend fitted to its points, drawn in their place (the spec's `trend`).
    public static let trend = SharedOptions(rawValue: 8)
    /// A kernel density curve of its y values, drawn in their place (the spec's `density`).
    public static let densityCurve = SharedOptions(rawValue: 16)
}

extension Series {
    /// Whether its kind takes `option` (`MarkDefinition.takes`).
    public func takes(_ option: SharedOptions) -> Bool { kind.definition.takes.contains(option) }
}
