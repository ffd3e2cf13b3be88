/// One axis after the first layout pass: what its domain is made of, in scale space.
public struct AxisDomain: Sendable, Equatable {
    /// The range the marks and references need (nil when no series has a finite point on this axis).
    public var data: ClosedRange<Double>?
    /// The axis's explicit range, if any.
    public var explicit: ClosedRange<Double>?
    /// A category axis's slots (-0.5…count-0.5), when it has names and no explicit range.
    public var slots: ClosedRange<Double>?
    /// Whether the domain starts from zero (bars on a linear axis).
    public var baselineZero: Bool

    /// The domain before placement: the slots, else the explicit range, else the data padded by 4 % (from zero
    /// for bars), else 0…1. Placement may widen an auto domain to leave room for dots (`AxisLayout.fit`).
    public var domain: ClosedRange<Double> {
        slots ?? AxisLayout.domain(explicit: explicit, data: data, baselineZero: baselineZero)
    }

    /// Whether placement may widen the domain for dots: it is fitted to data, not given.
    var isAuto: Bool { explicit == nil && slots == nil && data != nil }
}

/// The first pass of layout: each axis's domain from the data, the references and the explicit ranges, before
/// any text, legend or plot is placed (`ChartLayout.init(chart:domains:frame:measurer:decimated:)` is the second).
/// Plots whose axes are linked — panels sharing an x axis — join their first passes (`linked`) and are then each
/// placed in their own frame, so they show the same domain.
public struct AxisDomains: Sendable, Equatable {
    /// The horizontal axis, the left and the right vertical axes.
    public var x: AxisDomain, y: AxisDomain, y2: AxisDomain
    /// Whether no series has a single finite point.
    public var isEmpty: Bool

    /// Measures `chart`'s series (on `threads` threads, in each axis's scale space) and references. `extents` may
    /// give the data extents of some series (see `ChartLayout.init(chart:measurer:threads:extents:decimated:)`).
    public init(chart: Chart, threads: Int, extents: [Int: DataExtent] = [:]) {
        var xData: ClosedRange<Double>?, yData: ClosedRange<Double>?, y2Data: ClosedRange<Double>?
        // Axes whose domain starts from zero on a linear scale, because a mark asks (bars do).
        var zeroX = false, zeroY = false, zeroY2 = false
        // With every range given, extents only decide whether the chart is empty: the first finite point says so
        // without reading the rest (a panned view of a long series costs what it shows).
        let rangesGiven = chart.x.range != nil && chart.y.range != nil && (!chart.usesY2 || chart.y2.range != nil)
        // Data are measured, and domains made, in each axis's scale space (decades on a log axis).
        let (fx, fy, fy2) = (chart.x.function, chart.y.function, chart.y2.function)
        for (index, s) in chart.series.enumerated() where s.visible {
            let forward = (x: fx, y: s.axis == .y2 ? fy2 : fy)
            if rangesGiven, extents[index] == nil {
                if xData == nil, DataRange.hasFinitePoint(x: s.x, y: s.y, forward: forward) {
                    (xData, yData) = (chart.x.range.map(fx.forward), chart.y.range.map(fy.forward))
                }
                continue
            }
            let known = extents[index].map { (x: forward.x.forward($0.x), y: forward.y.forward($0.y)) }
            guard let extent = known ?? DataRange.finiteExtent(x: s.x, y: s.y, forward: forward, threads: threads),
                  let fit = Marks.fit(s, extent: extent, in: chart) else { continue }
            xData = DataRange.union(xData, fit.x)
            zeroX = zeroX || fit.zeroBaselineX
            if s.axis == .y2 {
                y2Data = DataRange.union(y2Data, fit.y)
                zeroY2 = zeroY2 || fit.zeroBaselineY
            } else {
                yData = DataRange.union(yData, fit.y)
                zeroY = zeroY || fit.zeroBaselineY
            }
        }
        isEmpty = xData == nil
        // Chart marks (references) take part in auto ranges of a chart with data, so a target beyond it still shows.
        if !isEmpty {
            let fit = ChartMarks.fit(chart)
            (xData, yData) = (DataRange.union(xData, fit.x), DataRange.union(yData, fit.y))
        }
        x = AxisDomain(data: xData, explicit: chart.x.range.map(fx.forward), slots: AxisDomains.categorySlots(chart.x),
                       baselineZero: zeroX && chart.x.scale == .linear)
        y = AxisDomain(data: yData, explicit: chart.y.range.map(fy.forward), slots: AxisDomains.categorySlots(chart.y),
                       baselineZero: zeroY && chart.y.scale == .linear)
        y2 = AxisDomain(data: y2Data, explicit: chart.y2.range.map(fy2.forward), slots: nil,
                        baselineZero: zeroY2 && chart.y2.scale == .linear)
    }

    /// `domains` with the x axes (with `x`) and the left y axes (with `y`) linked: each linked axis's data range is
    /// the union of all of theirs, so every plot fitted to data shows the same domain (an explicit range stays its
    /// plot's own).
    public static func linked(_ domains: [AxisDomains], x linkX: Bool, y linkY: Bool) -> [AxisDomains] {
        let xData = domains.map(\.x.data).reduce(nil, DataRange.union), yData = domains.map(\.y.data).reduce(nil, DataRange.union)
        return domains.map { d in
            var linked = d
            if linkX, !d.isEmpty { linked.x.data = xData }
            if linkY, !d.isEmpty { linked.y.data = yData }
            return linked
        }
    }

    /// The domain of a category axis without an explicit range: one slot per name, -0.5…count-0.5; nil otherwise.
    static func categorySlots(_ axis: Axis) -> ClosedRange<Double>? {
        guard let categories = axis.categories, axis.range == nil, !categories.isEmpty else { return nil }
        return -0.5...(Double(categories.count) - 0.5)
    }
}
