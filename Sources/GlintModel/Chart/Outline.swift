import GlintScales

/// The outline of a series' dots or bars, drawn inside each shape.
public struct Outline: Equatable, Sendable {
    /// Outline colour; nil for no outline.
    public var color: Color?
    /// Width in logical pixels; 0 for none.
    public var width: Double

    /// An outline `width` logical pixels wide in `color`; by default none.
    public init(color: Color? = nil, width: Double = 0) {
        (self.color, self.width) = (color, width)
    }
}
