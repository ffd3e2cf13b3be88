extension SeriesKind {
    /// The points aggregated into the plot's pixels (`Series.density`): each pixel coloured by how many points land
    /// in it, or by a reduction of their values, drawn as one image.
    public static let density = SeriesKind(named: "density")
}

/// Points aggregated into the plot's pixels (`DensityMark`): `reduce`, `spread`, `value`, `category`, `geometry` and
/// `normalize` are its keys.
enum DensityKind: MarkDefinition {
    static let kind = SeriesKind.density
    static let plural = "density series"
    static let keys = ["reduce", "spread", "value", "category", "geometry", "normalize"]
    static let unusedKeys = ["size", "labels", "stack", "orientation", "barWidth", "aggregate", "markers", "width", "dash", "radius",
                             "sizeRange", "valueLabels", "errorBars", "band"]
    static let unusedKeysReason = "it colours the pixels by the points in them"
    static let dataColumns = ["value", "category"]
    static let readsOwnColors = true
    static func checkLimits(_ series: Series, path: String) throws { try series.density.scale.checkLimits(path: path + ".color.scale") }
    static func cover(_ series: Series) -> PlotCover { .plot }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try chart.validateDensity(series, index: index) }

    /// On a dark plot the default scale (pale to navy, datashader's) would lose its densest cells in the background:
    /// it takes `DensityStyle.darkScale` (dim to pale blue) instead.
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? {
        guard theme.isDark, series.density.scale == DensityStyle.lightScale else { return nil }
        var s = series
        s.density.scale = DensityStyle.darkScale
        return theme.styled(s, at: index)
    }

    /// Its points are hit through the cell they land in, not one by one.
    static let hitByDistance = false

    /// The cell under the pixel: its count and value.
    static func underlyingHit(_ pixel: Point, series: Series, index: Int, layout: ChartLayout, threads: Int) -> ChartHit? {
        DensityMark.drawing(series, layout: layout, threads: threads).cell(at: pixel).map {
            .cell(series: index, x: $0.x, y: $0.y, count: $0.count, value: $0.value)
        }
    }
}

extension Series {
    /// Whether it is a density counting its points, unweighted (`count` of `points`): what a database can count in
    /// the plot's cells itself (`DensityPushdown`).
    public var countsPointsInCells: Bool {
        kind == .density && density.reduction == .count && density.geometry == .points && density.weights == nil
    }
}

extension Chart {
    /// Whether the chart has a density series: one whose colours (and colour bar) come from counting its points on
    /// the chart's layout (`DensityPreparation`).
    var hasDensities: Bool { series.contains { $0.kind == .density } }

    /// Whether the chart has a density series with points to count: it is laid out once to count them, then with
    /// the counts' colour bar (`DensityPreparation.prepared`).
    var countsDensities: Bool { series.contains { $0.kind == .density && !$0.x.isEmpty } }

    /// A density's values (a value or category code per point when its reduction reads them), its scale (categorical
    /// for `countBy`, numeric otherwise) and spread.
    func validateDensity(_ s: Series, index i: Int) throws {
        let style = s.density
        if style.reduction.readsValues {
            let what = style.reduction == .countBy ? "category" : "value"
            guard let values = style.values else {
                throw ChartError.invalidStyle(series: i, field: what, reason: "\"\(style.reduction.rawValue)\" reduces a \(what) per point; give them")
            }
            guard values.count == s.x.count else {
                throw ChartError.invalidStyle(series: i, field: what, reason: "has \(values.count) values but the series has \(s.x.count) points")
            }
        } else if style.values != nil {
            throw ChartError.invalidStyle(series: i, field: "value", reason: "\"count\" counts points; it reads no values (reduce them with sum, mean, min or max)")
        }
        if let weights = style.weights, style.reduction != .count || weights.count != s.x.count {
            throw ChartError.invalidStyle(series: i, field: "weights", reason: style.reduction != .count ? "weights count points; \"\(style.reduction.rawValue)\" reduces values"
                                          : "has \(weights.count) weights but the series has \(s.x.count) points")
        }
        guard style.scale.isCategorical == (style.reduction == .countBy), !style.scale.stops.isEmpty else {
            throw ChartError.invalidStyle(series: i, field: "color", reason: style.reduction == .countBy
                                          ? "count_by mixes its categories' colours: give categories" : "a density's colours are a continuous scale")
        }
        if let categories = style.scale.categories, categories.count > DensityStyle.maximumCategories {
            throw ChartError.invalidStyle(series: i, field: "category", reason: "count_by counts at most \(DensityStyle.maximumCategories) "
                                          + "categories, found \(categories.count)")
        }
        guard (0...DensityStyle.maximumSpread).contains(style.spread) else {
            throw ChartError.invalidStyle(series: i, field: "spread", reason: "must be 0 to \(DensityStyle.maximumSpread) pixels, found \(style.spread)")
        }
        if s.pointColors != nil || s.size != nil {
            throw ChartError.invalidStyle(series: i, field: s.size != nil ? "size" : "color", reason: "a density colours its cells by what lands in them, not its points")
        }
    }
}
