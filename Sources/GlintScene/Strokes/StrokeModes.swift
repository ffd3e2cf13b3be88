/// How one end of a line segment is drawn, as the segment shader and the CPU painter both number it
/// (GLSL twin: the END_ constants in Shaders/prelude.glsl).
public enum StrokeEnd: Int, Sendable {
    /// Cut square at the end point.
    case butt = 0
    /// A half disc around the end point (round caps, and round joins: the next segment's disc meets it).
    case round = 1
    /// Cut square half a stroke width past the end point.
    case square = 2
    /// A hard cut at the end point: a miter or bevel join pass covers the rest.
    case cut = 3

    /// The mode of an open end with `cap`.
    public init(cap: LineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }

    /// The mode of an end shared with the next segment, under `join`.
    public init(join: LineJoin) {
        self = join == .round ? .round : .cut
    }
}

extension LineJoin {
    /// The join's number in the shaders (GLSL twin: the JOIN_ constants in Shaders/prelude.glsl).
    public var shaderMode: Int {
        switch self {
        case .round: return 0
        case .miter: return 1
        case .bevel: return 2
        }
    }
}
