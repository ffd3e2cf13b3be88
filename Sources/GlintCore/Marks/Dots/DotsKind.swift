extension SeriesKind {
    /// One circle per point, radius scaled from the point's `size`.
    public static let dots = SeriesKind(named: "dots")
}

/// A dot at each point (`DotMark`): `shape` is its key (with lines' markers and stems' heads).
enum DotsKind: MarkDefinition {
    static let kind = SeriesKind.dots
    static let plural = "dot series"
    static let keys = ["shape"]
    static let hasPositions = true
    static func drawsDots(_ series: Series) -> Bool { true }
    static let takes: Set<SharedOption> = [.errorBars, .band]
    static let polarShape: PolarShape? = .dots
    static let streams = true
}

extension Series {
    /// A dot series; with `size`, each dot's radius is mapped from its size into `radius`.
    public static func dots(name: String = "", x: Column, y: Column, size: Column? = nil,
                            radius: ClosedRange<Double>? = nil, color: Color? = nil) -> Series {
        Series(kind: .dots, name: name, x: x, y: y, size: size, color: color, dots: DotStyle(radius: radius))
    }
}
