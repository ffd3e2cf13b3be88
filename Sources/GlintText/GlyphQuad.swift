import GlintScales

/// One glyph to draw: four corners on the image and the atlas texels they show.
public struct GlyphQuad: Sendable {
    /// Image positions of the glyph bitmap's top-left, top-right, bottom-right and bottom-left corners, in pixels.
    public let corners: [Point]
    /// Atlas texel rectangle: left, top, right, bottom (exclusive).
    public let texels: (x0: Int, y0: Int, x1: Int, y1: Int)
    /// Text colour.
    public let color: Color
}
