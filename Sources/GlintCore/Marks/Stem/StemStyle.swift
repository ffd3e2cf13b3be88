/// How stems are drawn (`"type": "stem"`): where they start. Their width and dashes are the series' `line`, their
/// heads its `dots`.
public struct StemStyle: MarkStyle, Equatable {
    /// The value every stem starts from, on the series' vertical axis. On a log axis a baseline of 0 or less has no
    /// place: stems then start at the plot's bottom edge.
    public var baseline: Double = 0

    /// Stems from 0.
    public init() {}
}

extension Series {
    /// How the series' stems are drawn (`kind == .stem`).
    public var stemStyle: StemStyle {
        get { styles[StemStyle.self] }
        set { styles[StemStyle.self] = newValue }
    }

    /// A stem (lollipop) series: a stem from `baseline` to each point, a dot of `radius` at its head.
    public static func stem(name: String = "", x: Column, y: Column, baseline: Double = 0, color: Color? = nil,
                            width: Double = 2, radius: ClosedRange<Double> = DotStyle.plainRadius) -> Series {
        var s = Series(kind: .stem, name: name, x: x, y: y, color: color, line: LineStyle(width: width),
                       dots: DotStyle(radius: radius))
        s.stemStyle.baseline = baseline
        return s
    }
}
