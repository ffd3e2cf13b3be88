extension SeriesKind {
    /// A polyline through the points in order; NaN or ±Inf breaks it.
    public static let line = SeriesKind(named: "line")
}

/// A polyline through the points (`LineMark`, `StepLineMark`), with dots at them when it has markers: `step` is its
/// key, `shape` (its markers') one it shares with dots and stems.
enum LineKind: MarkDefinition {
    static let kind = SeriesKind.line
    static let plural = "lines"
    static let keys = ["step", "shape"]
    static let hasPositions = true
    static func cover(_ series: Series) -> PlotCover { .points(.segments) }
    static func drawsDots(_ series: Series) -> Bool { series.line.markers }
    static let takes: Set<SharedOption> = [.step, .errorBars, .band, .trend, .densityCurve]
    static let polarShape: PolarShape? = .line
    static let streams = true
    static let joinsPoints = true
    /// Unless it asks to keep every point (`decimate: false`) or is dashed (a dash pattern needs every point).
    static func decimates(_ series: Series) -> Bool { series.line.decimate && series.line.dash == nil }
}

extension Series {
    /// A line series.
    public static func line(name: String = "", x: Column, y: Column, color: Color? = nil,
                            width: Double = 2, markers: Bool = false) -> Series {
        Series(kind: .line, name: name, x: x, y: y, color: color, line: LineStyle(width: width, markers: markers))
    }
}
