extension SeriesKind {
    /// A bar per bin of counted values (`Series.histogram(values:bins:)`): from 0 to y across the bin's edges,
    /// bars touching.
    public static let histogram = SeriesKind(named: "histogram")
}

/// A bar per bin of counted values (`HistogramMark`): `bins` and `statistic` are its keys, `fillOpacity` its bars'.
enum HistogramKind: MarkDefinition {
    static let kind = SeriesKind.histogram
    static let plural = "histograms"
    static let keys = ["bins", "statistic", "fillOpacity"]
    /// Its bins are its points, its bars its own.
    static let unusedKeys = ["y", "size", "labels", "stack", "orientation", "barWidth", "aggregate", "markers"]
    static let unusedKeysReason = "it counts its x values into bins and draws a bar per bin"
    static func pointOrigin(_ series: Series) -> PointOrigin { .bins }
    static let dataShape = DataShape.binnedValues
    static func cover(_ series: Series) -> PlotCover { .points(.verticalBars) }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try chart.validateHistogram(series, index: index) }
}

extension Chart {
    /// A histogram's edges: increasing finite numbers, one more than its bins (its points); one colour for its bars.
    func validateHistogram(_ s: Series, index i: Int) throws {
        let edges = s.histogram.edges
        guard edges.count == s.x.count + 1 else {
            throw ChartError.invalidStyle(series: i, field: "bins", reason: "a histogram of \(s.x.count) bins needs \(s.x.count + 1) edges, found \(edges.count)")
        }
        do {
            try HistogramProblem.check(edges: edges)
        } catch {
            throw ChartError.invalidStyle(series: i, field: "bins", reason: error.description)
        }
        if s.pointColors != nil {
            throw ChartError.invalidStyle(series: i, field: "color", reason: "a histogram's bars take one colour, not a colour per bin")
        }
        if x.categories != nil {
            throw ChartError.invalidStyle(series: i, field: "type", reason: "a histogram counts numbers along x; this x axis has categories")
        }
    }
}
