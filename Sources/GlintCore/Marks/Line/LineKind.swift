extension SeriesKind {
    /// A polyline through the points in order; NaN or ±Inf breaks it.
    public static let line = SeriesKind(named: "line")
}

/// A polyline through the points (`LineMark`, `StepLineMark`), with dots at them when it has markers.
enum LineKind: MarkDefinition {
    static let kind = SeriesKind.line
    static let plural = "lines"
    static let hasPositions = true
    static func drawsDots(_ series: Series) -> Bool { series.line.markers }
}
