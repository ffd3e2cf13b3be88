import GlintScales

/// Text pointing at a data point (`"annotations"`): a note beside the point, with an arrow to it unless `arrow` is
/// false, in a box when `boxed`. The layout places it clear of other text, the legends and the data's marks where it
/// can (above right of the point first), like every other label; the point takes part in auto ranges.
public struct Annotation: Sendable {
    /// The point, in data units of the x axis and of `axis`.
    public var x: Double, y: Double
    /// The text (one line).
    public var text: String
    /// The vertical axis `y` is measured against.
    public var axis: SeriesAxis
    /// Whether an arrow runs from the text to the point.
    public var arrow: Bool
    /// Whether the text sits in a box (the legend's background and border colours).
    public var boxed: Bool
    /// The colour of the text and the arrow; nil for the theme's text colour.
    public var color: Color?

    /// A note `text` at (`x`, `y`), with an arrow, unboxed, in the text colour by default.
    public init(x: Double, y: Double, text: String, axis: SeriesAxis = .y, arrow: Bool = true, boxed: Bool = false, color: Color? = nil) {
        (self.x, self.y, self.text, self.axis, self.arrow, self.boxed, self.color) = (x, y, text, axis, arrow, boxed, color)
    }
}
