extension SeriesKind {
    /// A violin plot (`Series.violin`): per distinct x, the kernel density of the y values there mirrored about x,
    /// with their quartiles and median inside.
    public static let violin = SeriesKind(named: "violin")
}

/// Violin plots (`ViolinMark`): `bandwidth`, `cut` and `barWidth` are their keys. Their values are summarised once,
/// before layout (`prepared`), as box plots' are.
enum ViolinKind: MarkDefinition {
    static let kind = SeriesKind.violin
    static let plural = "violin plots"
    static let keys = ["bandwidth", "cut"]
    static let hasPositions = true
    static let sharesCategorySlots = true
    static let takesPointLabels = false

    /// `bandwidth`: `"scott"`, `"silverman"` or a kernel standard deviation in data units (above 0); `cut`, the
    /// bandwidths a curve reaches past the values (0 to 10); `barWidth`, the widest violin's share (0, 1].
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        series.violin.bandwidth = try KernelBandwidth.read(keys, "bandwidth") ?? series.violin.bandwidth
        series.violin.cut = try keys.number("cut", within: .densityCut) ?? series.violin.cut
        series.violin.width = try keys.number("barWidth", within: .boxWidth) ?? series.violin.width
    }

    static func validate(_ s: Series, index: Int, in chart: Chart) throws {
        try BoxKind.validateGroupedValues(s, index: index, what: "a violin plot")
        if case .given(let sigma) = s.violin.bandwidth { try LimitCheck.check(sigma, .bandwidth, "series[\(index)].bandwidth") }
        try LimitCheck.check(s.violin.cut, .densityCut, "series[\(index)].cut")
        try LimitCheck.check(s.violin.width, .boxWidth, "series[\(index)].barWidth")
    }

    /// Edged as box plots are.
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? { BoxKind.styled(series, at: index, theme: theme) }

    /// Its values summarised per group: the violins, and as points their positions and medians.
    static func prepared(_ series: Series) -> Series {
        guard series.violin.violins == nil else { return series }
        var s = series
        let style = s.violin
        let violins = BoxStatistics.groups(x: s.x, y: s.y).map { group -> Violin in
            let summary = BoxStatistics.summary(of: group.values, at: group.position, whiskers: .tukey)
            let curve = KernelDensity(group.values, bandwidth: style.bandwidth).curve(points: ViolinStyle.curvePoints, cut: style.cut)
            return Violin(summary: summary, y: curve?.x ?? [], density: curve?.density ?? [])
        }
        s.violin.violins = violins
        (s.x, s.y) = (Column(violins.map(\.summary.position)), Column(violins.map(\.summary.median)))
        s.xIsSorted = true
        return s
    }
}

extension ChartLimit {
    /// A violin's kernel width in data units.
    public static let bandwidth = ChartLimit(lower: 0, includesLower: false, upper: .greatestFiniteMagnitude)
    /// How many bandwidths a violin's curve reaches past its values.
    public static let densityCut = ChartLimit(lower: 0, includesLower: true, upper: 10)
}
