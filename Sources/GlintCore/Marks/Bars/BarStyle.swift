/// Which way bars grow.
public enum BarOrientation: String, CaseIterable, Sendable {
    /// Up from y = 0 (down for negative values), at x.
    case vertical
    /// Right from x = 0 (left for negative values), at y: the value is x, the position y.
    case horizontal
}

/// How the bars of a bar series are drawn (`Series.bars`).
public struct BarStyle: MarkStyle, Equatable {
    /// Bar width as a share (0...1) of the smallest distance between neighbouring positions.
    public var width: Double
    /// Which way bars grow: vertical (the value is y) or horizontal (the value is x, the position y).
    public var orientation: BarOrientation
    /// Bars with the same stack name pile up at each position (positive values on the positive ones before them in
    /// series order, negative ones below the negative ones) and share one slot on a category axis; nil for a bar of
    /// its own.
    public var stack: String?
    /// Whether the bar's stack shows each value as its percentage of the stack's total there (the positive and
    /// negative values' magnitudes together making 100): a 100 % stacked bar chart. Any series of the stack may ask.
    public var normalize = false
    /// On a category axis, how the values of bars that share a category are combined into one bar; nil sums them
    /// with a notice (`CategoryAggregation`). Bars never draw over each other in one slot.
    public var aggregate: Aggregate?

    /// A bar style; every option at its default unless given.
    public init(width: Double = 0.8, orientation: BarOrientation = .vertical, stack: String? = nil, aggregate: Aggregate? = nil) {
        (self.width, self.orientation, self.stack, self.aggregate) = (width, orientation, stack, aggregate)
    }

    /// Vertical bars 0.8 of their slot wide, unstacked.
    public init() { self.init(stack: nil) }
}

extension Series {
    /// How bars are drawn: width, orientation, stack.
    public var bars: BarStyle {
        get { styles[BarStyle.self] }
        set { styles[BarStyle.self] = newValue }
    }

    /// Whether the series draws horizontal bars.
    public var isHorizontalBars: Bool { kind == .bars && bars.orientation == .horizontal }
}
