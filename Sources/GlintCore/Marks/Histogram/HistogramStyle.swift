/// A histogram series' bins (`Series.histogram`): its points are the bins — x each bin's centre, y its height
/// (`statistic`) — and its bars span the bins' edges, touching.
public struct HistogramStyle: MarkStyle, Equatable {
    /// The bins' edges, increasing, one more than the series' points; empty for a series that is not a histogram.
    public var edges: [Double] = []
    /// What the bars' heights show.
    public var statistic: HistogramStatistic = .count
    /// The bars' opacity, 0…1: 1 by default; the histograms of a split overlap at 0.6 so each shows through.
    public var opacity: Double = 1
    /// Finite values the bins left out (outside their edges) and values that were gaps (NaN, ±Inf): a notice
    /// says how many.
    public var outside = 0, nonFinite = 0

    /// The bins of `histogram`, its bars' heights showing `statistic`.
    public init(_ histogram: Histogram, statistic: HistogramStatistic) {
        (edges, self.statistic, outside, nonFinite) = (histogram.edges, statistic, histogram.outside, histogram.nonFinite)
    }

    /// No bins.
    public init() {}
}

extension Series {
    /// The bins of a histogram series (`kind == .histogram`).
    public var histogram: HistogramStyle {
        get { styles[HistogramStyle.self] }
        set { styles[HistogramStyle.self] = newValue }
    }

    /// A histogram of `values`: counted into `bins` over `range` (see `Histogram`), a bar per bin from 0 to its
    /// `statistic`, bars touching. Throws `HistogramProblem` for bins that cannot be made.
    public static func histogram(name: String = "", values: Column, bins: HistogramBins = .auto, range: ClosedRange<Double>? = nil,
                                 statistic: HistogramStatistic = .count, color: Color? = nil,
                                 threads: Int = System.coreCount) throws(HistogramProblem) -> Series {
        let histogram = try Histogram(values, bins: bins, range: range, threads: threads)
        var s = Series(kind: .histogram, name: name, x: Column(histogram.centres), y: Column(histogram.heights(statistic)), color: color)
        s.histogram = HistogramStyle(histogram, statistic: statistic)
        return s
    }
}
