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
    /// Whether an auto domain is padded beyond the data (4 % each side); not when every mark on the axis fills its
    /// extent exactly (heatmap cells).
    public var padded = true

    /// The domain before placement: the slots, else the explicit range, else the data padded by 4 % (from zero
    /// for bars), else 0…1. Placement may widen an auto domain to leave room for dots (`AxisLayout.fit`).
    public var domain: ClosedRange<Double> {
        slots ?? AxisLayout.domain(explicit: explicit, data: data, baselineZero: baselineZero, padding: padded ? 0.04 : 0)
    }

    /// The domain of `axis` for the scale-space `data` the marks need, from zero when a mark asks (`zeroBaseline`,
    /// which only a linear axis honours).
    init(_ axis: Axis, data: ClosedRange<Double>?, zeroBaseline: Bool) {
        self.data = data
        explicit = axis.range.map(axis.function.forward)
        slots = AxisDomains.categorySlots(axis)
        baselineZero = zeroBaseline && axis.scale == .linear
    }

    /// The domain on an axis `length` pixels long: an auto domain (fitted to data, not given) widened so that dots
    /// of `dotRadius` pixels at the data's extremes stay clear of the plot's edges (`AxisLayout.fit`), so that
    /// `labelRoom` pixels are left beyond the largest value and below the smallest negative one, where their labels
    /// go, and `noteRoom` pixels beyond the largest and the smallest value, where notes on them go (both where they
    /// take under half of the axis, else the top one alone; below data of zero or more, down to zero at most).
    func fitted(dotRadius: Double, length: Double, labelRoom: Double = 0,
                noteRoom: (above: Double, below: Double) = (0, 0)) -> ClosedRange<Double> {
        guard explicit == nil, slots == nil, let data else { return domain }
        let fit = AxisLayout.fit(domain, data: data, radius: dotRadius, length: length, baselineZero: baselineZero)
        // Labels take room where it is under a quarter of the axis, notes (a text each) where under half of it —
        // both ends' notes, else the top one's alone.
        let label = length > 4 * labelRoom ? labelRoom : 0
        var note = noteRoom
        if length <= 2 * (note.above + note.below) { note.below = 0 }
        if length <= 2 * note.above { note.above = 0 }
        let above = max(label, note.above), below = max(data.lowerBound < 0 ? label : 0, note.below)
        guard above > 0 || below > 0 else { return fit }
        // The value v sits `room` pixels inside the bound b when (b − v) / (b − other bound) = room / length.
        // With room at both ends each bound depends on the other: a few rounds settle them (the shares add up to
        // under three quarters, so each round shrinks the error at least threefold).
        var (lower, upper) = (fit.lowerBound, fit.upperBound)
        for _ in 0..<(above > 0 && below > 0 ? 6 : 1) {
            if above > 0 { upper = max(fit.upperBound, SafeSpan.finite((data.upperBound - above / length * lower) / (1 - above / length))) }
            if below > 0 { lower = min(fit.lowerBound, SafeSpan.finite((data.lowerBound - below / length * upper) / (1 - below / length))) }
            // Room below data that are all zero or more (a note's: labels take none there) stops at zero, so
            // counts keep their floor.
            if data.lowerBound >= 0 { lower = max(lower, min(0, fit.lowerBound)) }
        }
        return lower...upper
    }
}

/// The first pass of layout: each axis's domain from the data, the references and the explicit ranges, before
/// any text, legend or plot is placed (`ChartLayout.init(chart:marks:domains:frame:align:panel:measurer:decimated:)`
/// is the second).
/// Plots whose axes are linked — panels sharing an x axis — join their first passes (`linked`) and are then each
/// placed in their own frame, so they show the same domain.
public struct AxisDomains: Sendable, Equatable {
    /// The horizontal axis, the left and the right vertical axes.
    public var x: AxisDomain, y: AxisDomain, y2: AxisDomain
    /// Whether no series has a single finite point.
    public var isEmpty: Bool

    /// Measures `chart`'s series (on `threads` threads, in each axis's scale space) and references, as `marks` fit
    /// them. `extents` may give the data extents of some series (see
    /// `ChartLayout.init(chart:marks:measurer:threads:extents:decimated:)`).
    package init(chart: Chart, marks: any LayoutMarks, threads: Int, extents: [Int: DataExtent] = [:]) {
        var xData: ClosedRange<Double>?, yData: ClosedRange<Double>?, y2Data: ClosedRange<Double>?
        // Axes whose domain starts from zero on a linear scale, because a mark asks (bars do).
        var zeroX = false, zeroY = false, zeroY2 = false
        // Axes some mark wants padded (all but heatmaps do).
        var padX = false, padY = false, padY2 = false
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
                  let fit = marks.fit(s, extent: extent, in: chart) else { continue }
            xData = DataRange.union(xData, fit.x)
            zeroX = zeroX || fit.zeroBaselineX
            padX = padX || !fit.tight
            if s.axis == .y2 {
                y2Data = DataRange.union(y2Data, fit.y)
                zeroY2 = zeroY2 || fit.zeroBaselineY
                padY2 = padY2 || !fit.tight
            } else {
                yData = DataRange.union(yData, fit.y)
                zeroY = zeroY || fit.zeroBaselineY
                padY = padY || !fit.tight
            }
        }
        isEmpty = xData == nil
        // Chart marks (references) take part in auto ranges of a chart with data, so a target beyond it still shows.
        if !isEmpty {
            let fit = marks.fit(chart)
            (xData, yData) = (DataRange.union(xData, fit.x), DataRange.union(yData, fit.y))
        }
        // A right axis has no categories (`Chart.validate()`), so its slots are none.
        (x, y, y2) = (AxisDomain(chart.x, data: xData, zeroBaseline: zeroX), AxisDomain(chart.y, data: yData, zeroBaseline: zeroY),
                      AxisDomain(chart.y2, data: y2Data, zeroBaseline: zeroY2))
        (x.padded, y.padded, y2.padded) = (padX, padY, padY2)
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
