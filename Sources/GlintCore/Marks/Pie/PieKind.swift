extension SeriesKind {
    /// A slice per point (`Series.pie`): its angle the point's y value's share of the total, named by its label; a
    /// donut with a hole (`PieStyle.inner`). Drawn alone in its chart, without axes.
    public static let pie = SeriesKind(named: "pie")
}

/// A slice per value (`PieMark`): its values are its `y`, its slices named by its `labels`; `inner` (a donut's hole),
/// `startAngle` and `sliceLabels` (what its slices' text shows) are its keys.
enum PieKind: MarkDefinition {
    static let kind = SeriesKind.pie
    static let plural = "pies"
    static let keys = ["inner", "startAngle", "sliceLabels"]
    /// It has no axes, lines, sizes or bars.
    static let unusedKeys = ["x", "data.x", "size", "stack", "orientation", "barWidth", "markers", "errorBars", "band", "axis",
                             "valueLabels", "radius", "sizeRange", "radiusScale", "dash", "width", "join", "cap", "miterLimit",
                             "decimate", "antialias", "rasterize"]
    static let unusedKeysReason = "its slices are its y values, named by its labels, drawn without axes"
    static func pointOrigin(_ series: Series) -> PointOrigin { .slices }

    /// `inner`, the hole's share of the radius (0 up to 1); `startAngle`, where the first slice starts (degrees);
    /// `sliceLabels`, what its slices' text shows. A colour for the whole pie is refused (its slices take the
    /// palette, or a colour each), and its slices are parted by lines in the background colour unless
    /// `strokeWidth` is 0.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if keys.isText("color") {
            throw GlintError.badValue(path: keys.childPath("color"), message: "a pie's slices take the palette in order, or a colour each: "
                                      + "{\"categories\": [...], \"palette\": ...} or {\"column\": ..., \"palette\": ...}")
        }
        if let inner = try keys.number("inner") {
            guard inner >= 0, inner < 1 else {
                throw GlintError.badValue(path: keys.childPath("inner"), message: "expected the hole's share of the radius, from 0 up to 1 "
                                          + "(0.6 for a donut), found \(inner)")
            }
            series.pie.inner = inner
        }
        if let angle = try keys.number("startAngle") { series.pie.startAngle = angle }
        series.pie.labels = try keys.choice("sliceLabels", as: SliceLabelContent.self) ?? .percent
        if keys.has("strokeWidth"), series.outline.width == 0 { series.outline.color = .clear }
    }
    static func cover(_ series: Series) -> PlotCover { .disc }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try chart.validatePie(series, index: index) }
    static let drawsAxes = false
    static let takesPointLabels = false
    static let hitByDistance = false
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? { theme.slicesStyled(series) }
    static func legendEntries(_ series: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry]? {
        sliceEntries(series, index: index, legend: legend, theme: theme)
    }

    /// An entry per point of pie `s` with a value (its slice's name beside a square of its colour), in point order;
    /// a check box each shows the pie's visibility.
    static func sliceEntries(_ s: Series, index: Int, legend: Legend, theme: Theme) -> [LegendBox.Entry] {
        let styled = s.pointColors == nil ? theme.slicesStyled(s) : s
        let color = PieMark.sliceColors(styled), names = PieMark.names(s)
        return s.y.indices.compactMap { i in
            guard s.y[i].isFinite, s.y[i] > 0, let c = color(i) else { return nil }
            return LegendBox.Entry(label: names[i], sample: .item(LegendItem(label: names[i], color: c, marker: .bar)),
                                   checked: legend.checkboxes ? s.visible : nil, seriesIndex: index)
        }
    }
}

extension Theme {
    /// A pie with its slices' colours and parting lines filled in (see `styled(_:at:)`).
    func slicesStyled(_ series: Series) -> Series {
        var s = series
        if s.pointColors == nil {
            let names = PieMark.names(s)
            s.pointColors = PointColors(categories: names, colors: categoricalPalette(for: Set(names).count))
        }
        if s.outline.color == nil { s.outline = Outline(color: background, width: s.outline.width > 0 ? s.outline.width : 1) }
        return s
    }
}

extension Chart {
    /// A pie: alone in its chart (it takes no axes), values of 0 or more, a hole smaller than the pie, no sizes,
    /// error bars or bands.
    func validatePie(_ s: Series, index i: Int) throws {
        if let other = series.indices.first(where: { $0 != i }) {
            throw ChartError.invalidStyle(series: other, field: "type", reason: "a pie is drawn alone in its chart, without axes (series[\(i)] "
                                          + "is a pie); draw this \(series[other].kind.rawValue) series in a chart of its own")
        }
        for (name, axis) in [("x", x), ("y", y)] where axis.range != nil || axis.scale != .linear || axis.categories != nil {
            throw ChartError.invalidAxis(axis: name, reason: "a pie has no axes: leave out \(name)'s range, scale and categories")
        }
        // Slices of one name become one (`CategoryAggregation`, as the pie is drawn): counted as they will be.
        let slices = s.labels.map { labels in Set(labels.prefix(s.y.count).map { $0 ?? "" }).count } ?? s.y.count
        guard slices <= PieStyle.maximumSlices else {
            throw ChartError.invalidStyle(series: i, field: "y", reason: "a pie draws at most \(PieStyle.maximumSlices) slices, found "
                                          + "\(slices) (after slices of one name are combined); name the small ones alike, or draw bars")
        }
        if let k = s.y.firstIndex(where: { $0 < 0 }) {
            throw ChartError.invalidStyle(series: i, field: "y[\(k)]", reason: "a pie's values are shares of a total and must be 0 or more, "
                                          + "found \(s.y[k]); draw values of both signs as bars")
        }
        guard s.pie.inner >= 0, s.pie.inner < 1 else {
            throw ChartError.invalidStyle(series: i, field: "inner", reason: "the hole is a share of the pie's radius from 0 up to 1 (0.6 for a "
                                          + "donut), found \(s.pie.inner)")
        }
        guard s.pie.startAngle.isFinite else {
            throw ChartError.invalidStyle(series: i, field: "startAngle", reason: "must be a finite number of degrees, found \(s.pie.startAngle)")
        }
        for (field, given) in [("size", s.size != nil), ("errorBars", s.errorBars != nil), ("band", s.band != nil)] where given {
            throw ChartError.invalidStyle(series: i, field: field, reason: "a pie's slices take no \(field)")
        }
    }
}

extension Series {
    /// A pie (a donut with `inner` > 0): a slice per value, in proportion to the total, named by `names`, coloured by
    /// the palette in order.
    public static func pie(name: String = "", values: Column, names: [String]? = nil, inner: Double = 0) -> Series {
        var s = Series(kind: .pie, name: name, x: Column(values.indices.map(Double.init)), y: values)
        s.labels = names
        s.pie.inner = inner
        return s
    }
}
