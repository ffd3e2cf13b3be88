import GlintScales

/// A horizontal or vertical mark at fixed data values: a reference line (a target, a threshold) or a band
/// (a normal range), drawn across the whole plot. Lines are drawn over the series, bands behind them; both
/// take part in auto ranges, so a target outside the data still shows.
public struct Reference: Sendable {
    /// The axis whose values the mark sits at: `.y` draws across the plot horizontally, `.x` vertically.
    public enum Axis: String, CaseIterable, Sendable {
        /// Horizontal marks at y values.
        case y
        /// Vertical marks at x values.
        case x
    }

    /// The axis of `values`.
    public var axis: Axis
    /// The values covered: a single value is a line, a range a band.
    public var values: ClosedRange<Double>
    /// Text drawn at the mark's end (a line) or its top-left corner (a band); nil for none.
    public var label: String?
    /// Colour; nil takes the theme's axis colour (a band takes it at 15 % opacity).
    public var color: Color?
    /// Line width in logical pixels (lines only).
    public var width: Double
    /// Dashes in logical pixels (lines only), as `Series.dash`; nil for a solid line.
    public var dash: [Double]?

    /// A mark from its parts; `line(at:)` and `band(_:)` read better.
    public init(axis: Axis, values: ClosedRange<Double>, label: String? = nil, color: Color? = nil, width: Double = 1.5) {
        self.axis = axis
        self.values = values
        self.label = label
        self.color = color
        self.width = width
    }

    /// A reference line at `value`.
    public static func line(at value: Double, axis: Axis = .y, label: String? = nil, color: Color? = nil,
                            width: Double = 1.5) -> Reference {
        Reference(axis: axis, values: value...value, label: label, color: color, width: width)
    }

    /// A band from `range.lowerBound` to `range.upperBound`.
    public static func band(_ range: ClosedRange<Double>, axis: Axis = .y, label: String? = nil,
                            color: Color? = nil) -> Reference {
        Reference(axis: axis, values: range, label: label, color: color, width: 0)
    }

    /// Whether the mark is a band rather than a line.
    public var isBand: Bool { values.lowerBound < values.upperBound }

    /// Its values in the scale space of its axis (`forward`); nil when a bound has no position there (not finite,
    /// or ≤ 0 on a log axis), and the mark is not drawn.
    public func position(on forward: ScaleFunction) -> ClosedRange<Double>? {
        forward.admits(values.lowerBound) && forward.admits(values.upperBound) ? forward.forward(values) : nil
    }
}
