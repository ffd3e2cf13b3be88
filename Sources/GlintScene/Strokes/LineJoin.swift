/// How two segments of a line meet.
public enum LineJoin: String, CaseIterable, Sendable {
    /// A circular arc around the shared point.
    case round
    /// The outer edges extended until they meet; past `miterLimit` it falls back to bevel.
    case miter
    /// The outer corners joined by a straight edge.
    case bevel
}

/// How the open ends of a line are drawn.
public enum LineCap: String, CaseIterable, Sendable {
    /// Cut square at the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// Cut square half a stroke width past the end point.
    case square
}
