/// What an area is filled to from its line.
public enum AreaBaseline: Equatable, Sendable {
    /// A constant value on the series' vertical axis (0 by default; on a log axis a value ≤ 0 is the plot's
    /// bottom edge).
    case value(Double)
    /// Another series of the chart, by name: the area fills between the two lines (fill-between, a band), that
    /// series' y taken at this one's x, linearly between its points.
    case series(String)
}

/// How an area series is drawn (`Series.area`): filled from its line to its baseline in the series colour at
/// `opacity`, the line itself drawn over the fill when `edge` is set (with the series' `line` style).
public struct AreaStyle: MarkStyle, Equatable {
    /// What the area is filled to.
    public var baseline: AreaBaseline
    /// Whether the line along the top is drawn.
    public var edge: Bool
    /// The fill's opacity, 0…1, times the series colour's own.
    public var opacity: Double
    /// Areas with the same stack name pile up (as stacked bars do: positive values on the positive ones before them
    /// in series order, negative ones below the negative ones), each filled from the top of the one below; nil for
    /// an area of its own. A stacked area's `baseline` is the stack's.
    public var stack: String? = nil
    /// Whether the stack shows each value as its percentage of the stack's total there (a 100 % stacked area).
    public var normalize = false

    /// The fill colour of an area drawn in `color`: its alpha times `opacity` (held to 0…1).
    public func fill(_ color: Color) -> Color { color.withAlpha(color.alpha * min(max(opacity, 0), 1)) }

    /// An area style; every option at its default unless given.
    public init(baseline: AreaBaseline = .value(0), edge: Bool = true, opacity: Double = 0.35) {
        (self.baseline, self.edge, self.opacity) = (baseline, edge, opacity)
    }

    /// An area filled down to 0 at 0.35 opacity, its edge drawn.
    public init() { self.init(baseline: .value(0)) }
}

extension Series {
    /// How an area series is filled (`kind == .area`).
    public var area: AreaStyle {
        get { styles[AreaStyle.self] }
        set { styles[AreaStyle.self] = newValue }
    }
}
