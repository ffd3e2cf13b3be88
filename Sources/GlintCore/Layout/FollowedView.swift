/// The view of a chart that follows its newest x (`Chart.follow`): its x range the last `follow` of x, ending at the
/// newest x of its line and dots series; its y range the finite extent of the left axis's visible points in that
/// range, widened by a tenth each side. A `RetainedChart` scrolls such a view as points are appended (holding y with
/// hysteresis); a chart rendered as it is draws the view as it stands — what a stateless server renders as a snapshot
/// of a live chart.
public enum FollowedView {
    /// `chart` with the followed view's ranges where its own are auto (an explicit x range is kept, and y is fitted
    /// to it); `chart` itself when it does not follow or has no finite x.
    static func applied(to chart: Chart) -> Chart {
        guard let width = chart.follow, let newest = newestX(of: chart) else { return chart }
        var chart = chart
        let window = chart.x.range ?? (newest - width)...newest
        chart.x.range = window
        if chart.y.range == nil, let shown = yExtent(of: chart, within: window) { chart.y.range = padded(shown) }
        return chart
    }

    /// The y range fitted to `shown`: widened by a tenth of it each side (a tenth of a billionth of its magnitude
    /// when it is one value).
    public static func padded(_ shown: ClosedRange<Double>) -> ClosedRange<Double> {
        let pad = max(shown.upperBound - shown.lowerBound, max(abs(shown.upperBound), 1) * 1e-9) / 10
        return (shown.lowerBound - pad)...(shown.upperBound + pad)
    }

    /// The finite y extent of the points with x inside `window` of `chart`'s visible left-axis series; nil when
    /// none. `known` answers a series' extent without reading its points where it can (a live series' ring kept
    /// extents): nil to read them, `.some(nil)` for none finite. Sorted x (`Series.xIsSorted`) is read only in the
    /// window, found by binary search.
    public static func yExtent(of chart: Chart, within window: ClosedRange<Double>,
                               known: (Int, Series) -> ClosedRange<Double>?? = { _, _ in nil }) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        for (index, s) in chart.series.enumerated() where s.visible && s.axis != .y2 {
            let extent = known(index, s) ?? yExtent(of: s, within: window)
            if let e = extent { (low, high) = (min(low, e.lowerBound), max(high, e.upperBound)) }
        }
        return low <= high ? low...high : nil
    }

    /// The finite y extent of `s`'s points with x inside `window`.
    private static func yExtent(of s: Series, within window: ClosedRange<Double>) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        let range = s.xIsSorted ? VisibleWindow.indices(of: s.x, within: window) : s.x.indices
        for i in range where window.contains(s.x[i]) && s.y[i].isFinite {
            (low, high) = (min(low, s.y[i]), max(high, s.y[i]))
        }
        return low <= high ? low...high : nil
    }

    /// The greatest finite x of `chart`'s visible line and dots series; nil when none.
    private static func newestX(of chart: Chart) -> Double? {
        var newest = -Double.infinity
        for s in chart.series where s.visible && (s.kind == .line || s.kind == .dots) {
            s.x.withUnsafeDoubles { xs in
                for v in xs where v.isFinite && v > newest { newest = v }
            }
        }
        return newest.isFinite ? newest : nil
    }
}
