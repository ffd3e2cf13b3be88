extension SeriesKind {
    /// A stem from a baseline up (or down) to each point, with a dot at its head: a lollipop chart
    /// (`Series.stem`).
    public static let stem = SeriesKind(named: "stem")
}

/// Stems (`StemMark`, their heads drawn by `DotMark`): `baseline` is their key, and `shape` their heads' (with dots and
/// lines); the dots' and lines' keys style their heads and stems.
enum StemKind: MarkDefinition {
    static let kind = SeriesKind.stem
    static let plural = "stems"
    static let keys = ["baseline", "shape"]
    static let hasPositions = true
    static func drawsDots(_ series: Series) -> Bool { true }

    /// `baseline`: the value the stems start from, a finite number (0 by default).
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if let baseline = try keys.number("baseline", within: .data) { series.stemStyle.baseline = baseline }
    }

    static func validate(_ series: Series, index: Int, in chart: Chart) throws {
        try LimitCheck.check(series.stemStyle.baseline, .data, "series[\(index)].baseline")
    }
}
