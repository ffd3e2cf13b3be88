/// The view of a chart that follows its newest x (`Chart.follow`): its x range the last `follow` of x, ending at the
/// newest x of its line and dots series; each vertical axis's range (`y`, and `y2` when a series uses it) the extent
/// of its visible points in that range, widened by a tenth each side (of decades on a log axis). A `RetainedChart`
/// scrolls such a view as points are appended (holding y with hysteresis); a chart rendered as it is draws the view
/// as it stands — what a stateless server renders as a snapshot of a live chart.
public enum FollowedView {
    /// `chart` with the followed view's ranges where its own are auto (an explicit x range is kept, and the vertical
    /// axes are fitted to it); `chart` itself when it does not follow or has no finite x.
    static func applied(to chart: Chart) -> Chart {
        guard let width = chart.follow, let newest = newestX(of: chart) else { return chart }
        var chart = chart
        let window = chart.x.range ?? FollowedView.window(endingAt: newest, width: width)
        chart.x.range = window
        for axis in verticalAxes(of: chart) where chart[axis].range == nil {
            if let shown = yExtent(of: chart, axis: axis, within: window) { chart[axis].range = padded(shown, on: chart[axis].function) }
        }
        return chart
    }

    /// The last `width` of x ending at `newest`: from the lowest finite x where the width reaches past it, and no
    /// narrower than an axis can hold (`DataRange.minimumSpan`, and one step of Double at `newest`) where the width
    /// is below what x resolves there (1e-300 at 1e300).
    public static func window(endingAt newest: Double, width: Double) -> ClosedRange<Double> {
        let narrowest = min(newest - DataRange.minimumSpan, newest.nextDown)
        let lower = max(min(newest - width, narrowest), -.greatestFiniteMagnitude)
        // At the lowest finite x itself, the one step above it.
        return lower < newest ? lower...newest : newest...newest.nextUp
    }

    /// The vertical axes a followed view fits: `y`, and `y2` when a series uses it.
    public static func verticalAxes(of chart: Chart) -> [SeriesAxis] {
        chart.usesY2 ? [.y, .y2] : [.y]
    }

    /// The range fitted to `shown` on an axis of `function`: widened by a tenth of it each side in scale space, so a
    /// log axis keeps above 0; a single value (a flat series) as a chart's own axis widens one (`DataRange.padded`:
    /// a tenth of its size each side, ±1 around 0).
    public static func padded(_ shown: ClosedRange<Double>, on function: ScaleFunction = .identity) -> ClosedRange<Double> {
        let u = function.forward(shown)
        guard SafeSpan.half(u.lowerBound, u.upperBound) >= DataRange.minimumSpan / 2 else {
            return function.inverse(DataRange.padded(u, by: 0))
        }
        let pad = SafeSpan.half(u.lowerBound, u.upperBound) / 5
        return function.inverse(SafeSpan.finite(u.lowerBound - pad)...SafeSpan.finite(u.upperBound + pad))
    }

    /// The extent of the y values with a position on `axis` (finite; above 0 on a log axis) of the points with x
    /// inside `window` of `chart`'s visible series on `axis`; nil when none. `known` answers a series' extent
    /// without reading its points where it can (a live series' ring kept extents): nil to read them, `.some(nil)`
    /// for none. Sorted x (`Series.xIsSorted`) is read only in the window, found by binary search.
    public static func yExtent(of chart: Chart, axis: SeriesAxis, within window: ClosedRange<Double>,
                               known: (Int, Series) -> ClosedRange<Double>?? = { _, _ in nil }) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        let function = chart[axis].function
        for (index, s) in chart.series.enumerated() where s.visible && s.axis == axis {
            let extent = known(index, s) ?? yExtent(of: s, within: window, admitting: function)
            if let e = extent { (low, high) = (min(low, e.lowerBound), max(high, e.upperBound)) }
        }
        return low <= high ? low...high : nil
    }

    /// The extent of `s`'s y values that `function` admits, of the points with x inside `window`.
    private static func yExtent(of s: Series, within window: ClosedRange<Double>, admitting function: ScaleFunction) -> ClosedRange<Double>? {
        var (low, high) = (Double.infinity, -Double.infinity)
        let range = s.xIsSorted ? VisibleWindow.indices(of: s.x, within: window) : s.x.indices
        for i in range where window.contains(s.x[i]) && function.admits(s.y[i]) {
            (low, high) = (min(low, s.y[i]), max(high, s.y[i]))
        }
        return low <= high ? low...high : nil
    }

    /// The greatest finite x of `chart`'s visible line and dots series; nil when none.
    private static func newestX(of chart: Chart) -> Double? {
        var newest = -Double.infinity
        for s in chart.series where s.visible && s.streams {
            s.x.withUnsafeDoubles { xs in
                for v in xs where v.isFinite && v > newest { newest = v }
            }
        }
        return newest.isFinite ? newest : nil
    }
}
