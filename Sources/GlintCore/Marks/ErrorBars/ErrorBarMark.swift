/// Error bars (`"errorBars"`) on dots, lines and bars: for each point a bar `width` px wide (whole device pixels,
/// on whole pixels) from the value less
/// its minus reach to the value plus its plus reach, along y and/or x, with a cap `cap` px across each end; drawn as
/// rectangles over the series' own marks and under its dots. On a bar series the bar stands at the bar's centre
/// (its slot in a group) and its top (a stacked bar's top). An end with no place on a log axis (≤ 0) is the plot's
/// edge.
enum ErrorBarMark: Mark {
    static func draws(_ series: Series) -> Bool { series.errorBars != nil }

    /// Error bars add to the series' points; the series' own mark gives its look.
    static var decorates: Bool { true }

    /// The bars' reach, added to the points' extent.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        var fit = MarkFit(x: extent.x, y: extent.y)
        guard let bars = s.errorBars else { return fit }
        let (fx, fy) = (chart.x.function, chart.axis(for: s).function)
        for i in 0..<min(s.x.count, s.y.count) where s.x[i].isFinite && s.y[i].isFinite {
            if let (lo, hi) = bars.y?.ends(i, around: s.y[i]) {
                fit.y = DataRange.union(fit.y, DataRange.finite([fy(lo), fy(hi)].filter(\.isFinite)) ?? fit.y) ?? fit.y
            }
            if let (lo, hi) = bars.x?.ends(i, around: s.x[i]) {
                fit.x = DataRange.union(fit.x, DataRange.finite([fx(lo), fx(hi)].filter(\.isFinite)) ?? fit.x) ?? fit.x
            }
        }
        return fit
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        guard let style = context.series.errorBars else { return [] }
        let s = context.series, layout = context.layout
        let color = style.color ?? (s.kind == .bars ? context.color.mixed(with: .black, amount: 0.45) : context.color)
        let geometry = s.kind == .bars ? BarGeometry(s, layout: layout, group: context.group, bases: context.bases) : nil
        let pieces = ErrorBarPieces(s, layout: layout, geometry: geometry)
        let rects = (0..<min(s.x.count, s.y.count)).flatMap { pieces.rects(at: $0).map { RectShape($0, color) } }
        return rects.isEmpty ? [] : [SceneCommand(.rects(rects), clip: layout.plotClip)]
    }
}

/// Where a series' error bars are drawn, in pixels: per point its whiskers and caps. `ErrorBarMark` draws them and
/// `PointLabels` keeps value labels off them.
struct ErrorBarPieces {
    private let series: Series
    private let style: ErrorBarStyle?
    private let layout: ChartLayout
    private let geometry: BarGeometry?
    private let width: Double, cap: Double

    /// The pieces of `series`' error bars under `layout`; a bar series' stand on its bars (`geometry`).
    init(_ series: Series, layout: ChartLayout, geometry: BarGeometry?) {
        (self.series, style, self.layout, self.geometry) = (series, series.errorBars, layout, geometry)
        let type = layout.typography
        // Whole device pixels across the bar, on whole pixels: crisp as grid lines are.
        width = max(1, type.px(style?.width ?? 1).rounded())
        cap = type.px(style?.cap ?? 0)
    }

    /// Point `i`'s whiskers and caps; none without error bars or a drawable point.
    func rects(at i: Int) -> [Rect] {
        guard let style, i < series.x.count, i < series.y.count else { return [] }
        let t = layout.transform(for: series), plot = layout.plot, w = width
        func across(_ centre: Double) -> Double { (centre - w / 2).rounded() }
        // Pixels far outside the image are held just outside it: the same pixels, small numbers.
        func nearX(_ v: Double) -> Double { min(max(v, -GuardBand.margin), Double(layout.imageWidth) + GuardBand.margin) }
        func nearY(_ v: Double) -> Double { min(max(v, -GuardBand.margin), Double(layout.imageHeight) + GuardBand.margin) }
        func pixelX(_ v: Double) -> Double { t.forwardX.admits(v) ? nearX(t.apply(t.forwardX(v), 0).x) : plot.x }
        func pixelY(_ v: Double) -> Double { t.forwardY.admits(v) ? nearY(t.apply(0, t.forwardY(v)).y) : plot.maxY }
        guard let p = t.point(series.x[i], series.y[i]) else { return [] }
        var rects: [Rect] = []
        // A bar's error bar stands at its centre, on its top.
        let centre = geometry?.corners(i).map { Point(($0.0.x + $0.1.x) / 2, $0.1.y) } ?? p
        let (cx, cy) = (nearX(centre.x), nearY(centre.y))
        if let (lo, hi) = style.y?.ends(i, around: series.y[i]) {
            let (top, bottom) = (pixelY(hi), pixelY(lo))
            rects.append(Rect(x: across(cx), y: top, width: w, height: bottom - top))
            if cap > 0 {
                for end in [top, bottom] { rects.append(Rect(x: cx - cap / 2, y: across(end), width: cap, height: w)) }
            }
        }
        if let (lo, hi) = style.x?.ends(i, around: series.x[i]) {
            let (left, right) = (pixelX(lo), pixelX(hi))
            rects.append(Rect(x: left, y: across(cy), width: right - left, height: w))
            if cap > 0 {
                for end in [left, right] { rects.append(Rect(x: across(end), y: cy - cap / 2, width: w, height: cap)) }
            }
        }
        return rects
    }
}
