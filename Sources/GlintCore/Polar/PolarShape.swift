/// How a kind of series is drawn on a polar chart's disc (`MarkDefinition.polarShape`): the polar marks ask this,
/// never which kind a series is.
enum PolarShape: Sendable {
    /// A line through the points (closed over category names: a radar chart's).
    case line
    /// An area filled from the hole (or the centre) out to its line, its edge drawn over it when it has one.
    case area
    /// A wedge per point from the hole (or its stack's base) out to its value, centred on its angle (a rose chart's).
    case wedges
    /// A dot at each point, drawn by the dots' mark at the points' pixels.
    case dots
}

extension Series {
    /// How the series is drawn on a polar chart; nil for a kind a polar chart does not draw.
    var polarShape: PolarShape? { kind.definition.polarShape }
}
