extension SeriesKind {
    /// A box plot (`Series.box`): per distinct x, a box from the first to the third quartile of the y values there,
    /// a line at their median, whiskers and outliers.
    public static let box = SeriesKind(named: "box")
}

/// Box plots (`BoxMark`): `whiskers`, `notch`, `outliers` and `barWidth` are their keys. Their values are
/// summarised once, before layout (`prepared`); from then on the series' points are its boxes' positions and
/// medians.
enum BoxKind: MarkDefinition {
    static let kind = SeriesKind.box
    static let plural = "box plots"
    static let keys = ["whiskers", "notch", "outliers"]
    static let hasPositions = true
    static let sharesCategorySlots = true
    static let takesPointLabels = false

    /// `whiskers`: a factor of the IQR (0 to 100; 1.5 by default) or `"range"` (to the extremes, no outliers);
    /// `notch` and `outliers`, booleans; `barWidth`, the boxes' share (0, 1] of the distance between groups.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if keys.has("whiskers") {
            if let name = try? keys.string("whiskers") {
                guard name == "range" else {
                    throw ChartError.invalidValue(path: keys.childPath("whiskers"),
                                                  reason: "expected a factor of the IQR (1.5 is Tukey's) or \"range\", found \"\(name)\"")
                }
                series.box.whiskers = .range
            } else if let factor = try keys.number("whiskers", within: .whiskerFactor) {
                series.box.whiskers = .interquartile(factor)
            }
        }
        series.box.notch = try keys.bool("notch") ?? series.box.notch
        series.box.outliers = try keys.bool("outliers") ?? series.box.outliers
        series.box.width = try keys.number("barWidth", within: .boxWidth) ?? series.box.width
    }

    /// Values in memory, one colour, none of the per-point keys a box does not draw.
    static func validate(_ s: Series, index: Int, in chart: Chart) throws {
        try validateGroupedValues(s, index: index, what: "a box plot")
        if case .interquartile(let factor) = s.box.whiskers { try LimitCheck.check(factor, .whiskerFactor, "series[\(index)].whiskers") }
        try LimitCheck.check(s.box.width, .boxWidth, "series[\(index)].barWidth")
    }

    /// Its edges, medians, whiskers and outliers in its colour darkened on a light plot and lightened on a dark one
    /// (where darker lines would sink into the background), unless its outline gives a colour.
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? {
        guard series.outline.color == nil else { return nil }
        var s = series
        let color = series.color ?? theme.paletteColor(index)
        s.outline.color = theme.isDark ? color.mixed(with: .white, amount: 0.5) : color.mixed(with: .black, amount: 0.45)
        return theme.styled(s, at: index)
    }

    /// Its values summarised per group: the boxes, and as points their positions and medians.
    static func prepared(_ series: Series) -> Series {
        guard series.box.summaries == nil else { return series }
        var s = series
        let boxes = BoxStatistics.summaries(x: s.x, y: s.y, whiskers: s.box.whiskers)
        s.box.summaries = boxes
        (s.x, s.y) = (Column(boxes.map(\.position)), Column(boxes.map(\.median)))
        s.xIsSorted = true
        return s
    }
}

extension BoxKind {
    /// What a kind that summarises its values per group (`what`: "a box plot", "a violin plot") refuses: values
    /// read at render time, and the per-point keys it does not draw.
    static func validateGroupedValues(_ s: Series, index: Int, what: String) throws {
        func refuse(_ field: String, _ reason: String) throws { throw ChartError.invalidStyle(series: index, field: field, reason: reason) }
        if s.source != nil { try refuse("data", "\(what) summarises its values in memory; read them into columns (a database series is read at render time)") }
        if s.size != nil { try refuse("size", "\(what) draws no sized points") }
        if s.labels != nil { try refuse("labels", "\(what) names its groups by their x; it takes no point labels") }
        if s.pointColors != nil { try refuse("color", "\(what) takes one colour; split it by a column for a group per value and colour") }
        if s.errorBars != nil || s.band != nil { try refuse(s.band != nil ? "band" : "errorBars", "\(what) draws its own spread") }
        if s.sort != nil { try refuse("sort", "\(what) keeps its groups in the axis's order; give the categories in the order wanted") }
        if s.bars.stack != nil || s.bars.orientation != .vertical || s.bars.aggregate != nil {
            try refuse(s.bars.stack != nil ? "stack" : s.bars.aggregate != nil ? "aggregate" : "orientation",
                       "\(what) stands side by side with others, upright, one shape per group of values")
        }
    }
}

extension ChartLimit {
    /// A box plot's `whiskers` as a factor of the IQR.
    public static let whiskerFactor = ChartLimit(lower: 0, includesLower: true, upper: BoxWhiskers.maximumFactor)
    /// A box's width as a share of the distance between groups.
    public static let boxWidth = ChartLimit(lower: 0, includesLower: false, upper: 1)
}
