/// An option several kinds share, which a kind takes or not (`MarkDefinition.takes`); `Chart.validate()` and the spec
/// refuse it on the others.
public enum SharedOption: Sendable {
    /// A line that steps between its points (`LineStyle.step`).
    case step
    /// Error bars at its points (`Series.errorBars`): on vertical bars, not horizontal ones.
    case errorBars
    /// A band around its points (`Series.band`).
    case band
    /// A trend fitted to its points, drawn in their place (the spec's `trend`).
    case trend
    /// A kernel density curve of its y values, drawn in their place (the spec's `density`).
    case densityCurve
}

extension SharedOption {
    /// The kinds that take it, as a message lists them ("lines and dot series").
    var takers: String { SeriesKind.listed { $0.definition.takes.contains(self) } }
}

extension Series {
    /// Whether its kind takes `option` (`MarkDefinition.takes`).
    public func takes(_ option: SharedOption) -> Bool { kind.definition.takes.contains(option) }
}
