import GlintScales

/// How a path's outlines decide what is inside (SVG's and PDF's fill rule).
public enum FillRule: String, CaseIterable, Sendable {
    /// Inside where the outlines wind round the point a non-zero number of times: a hole runs the other way round
    /// from its outline.
    case nonZero
    /// Inside where a ray from the point crosses the outlines an odd number of times: every nested outline is a
    /// hole, whichever way it runs.
    case evenOdd
}

/// A filled area bounded by closed outlines in device pixels: polygons, with holes as the fill rule says (the area
/// under a line, a pie slice, a candle's body). Vector painters write it as one path; raster painters draw its
/// anti-aliased coverage on the pixel grid (`PathMask`), the same bytes on the CPU and on GL.
public struct PathShape: Equatable, Sendable {
    /// Closed outlines, each a list of vertices in pixels (the last vertex joins the first). A vertex that is not
    /// finite is left out of its outline.
    public var outlines: [[Point]]
    /// Which points the outlines enclose.
    public var fillRule: FillRule
    /// Fill colour.
    public var color: Color

    /// An area bounded by `outlines`, filled in `color` by `fillRule`.
    public init(outlines: [[Point]], fillRule: FillRule = .nonZero, color: Color) {
        (self.outlines, self.fillRule, self.color) = (outlines, fillRule, color)
    }

    /// The finite vertices of each outline, in order; outlines with fewer than three are left out (they enclose
    /// nothing).
    public var finiteOutlines: [[Point]] {
        outlines.map { $0.filter { $0.x.isFinite && $0.y.isFinite } }.filter { $0.count >= 3 }
    }
}
