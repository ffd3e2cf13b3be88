extension SeriesKind {
    /// One circle per point, radius scaled from the point's `size`.
    public static let dots = SeriesKind(named: "dots")
}

/// A dot at each point (`DotMark`).
enum DotsKind: MarkDefinition {
    static let kind = SeriesKind.dots
    static let plural = "dot series"
    static let hasPositions = true
    static func drawsDots(_ series: Series) -> Bool { true }
}
