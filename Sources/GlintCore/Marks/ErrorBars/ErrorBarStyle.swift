/// How far an error bar reaches from its point along one axis: `minus` below (or left of) the value and `plus`
/// above (or right of) it, one per point, in data units; a gap (NaN) draws no bar there.
public struct ErrorExtent: Equatable, Sendable {
    public var minus: Column, plus: Column

    /// The same reach both ways (a standard deviation, a ± tolerance).
    public init(symmetric: Column) { (minus, plus) = (symmetric, symmetric) }

    /// Different reaches below and above (a confidence interval around a skewed estimate).
    public init(minus: Column, plus: Column) { (self.minus, self.plus) = (minus, plus) }

    /// The ends of point i's bar around `value`; nil when a reach is a gap or negative.
    func ends(_ i: Int, around value: Double) -> (low: Double, high: Double)? {
        guard i < minus.count, i < plus.count else { return nil }
        let (m, p) = (minus[i], plus[i])
        guard m.isFinite, p.isFinite, m >= 0, p >= 0 else { return nil }
        return (value - m, value + p)
    }
}

/// Error bars on a series' points (`Series.errorBars`): a line through each point along y, x or both, reaching
/// each point's extent, with a cap across each end.
public struct ErrorBarStyle: Equatable, Sendable {
    /// The reach along y (vertical bars), and along x (horizontal bars).
    public var y: ErrorExtent?, x: ErrorExtent?
    /// The bars' width and the caps' length across them, in logical pixels (0 for no caps).
    public var width = 1.0, cap = 6.0
    /// Their colour; nil draws them in the series' colour, darkened for bars.
    public var color: Color?

    /// Error bars along `y` and/or `x`.
    public init(y: ErrorExtent? = nil, x: ErrorExtent? = nil) { (self.y, self.x) = (y, x) }
}

extension Series {
    /// Error bars on the series' points (dots, lines, bars); nil for none.
    public var errorBars: ErrorBarStyle? {
        get { styles[ifSet: ErrorBarStyle.self] }
        set { styles[ifSet: ErrorBarStyle.self] = newValue }
    }
}
