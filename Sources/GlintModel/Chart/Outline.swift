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

    /// A dot's stroke for this outline at `scale` device pixels per logical pixel: clear and 0 wide for none.
    package func dotStroke(scale: Double) -> (color: Color, width: Double) {
        color.map { ($0, width * scale) } ?? (.clear, 0)
    }
}

extension Series {
    /// The series outlined in its colour around a light fill (its colour mixed three quarters into `background`):
    /// the second look of dots and bars.
    package func outlinedLook(background: Color) -> Series {
        var look = self
        look.outline = Outline(color: color, width: max(outline.width, 1.5))
        look.color = color?.mixed(with: background, amount: 0.75)
        return look
    }
}
