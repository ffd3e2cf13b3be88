/// Where the bars of one series lie in pixels: bar i spans its width (its group slot's share, shifted to the
/// slot's place) around its position and reaches its value from its base. Drawing and hit testing both ask here.
struct BarGeometry {
    let series: Series
    let transform: DataTransform
    let baseline: Double
    let bases: [Double]?
    let half: Double, shift: Double

    /// The bars of `s` under `transform`, from `baseline` (or each bar's own base in a stack) in `group`'s slot.
    init(_ s: Series, transform: DataTransform, baseline: Double, group: BarGroups.Slot = .whole, bases: [Double]? = nil) {
        series = s
        self.transform = transform
        self.baseline = baseline
        self.bases = bases
        let width = BarGeometry.width(s, forward: s.isHorizontalBars ? transform.forwardY : transform.forwardX)
        half = width * group.share / 2
        shift = width * group.offset
    }

    /// The bars of `s` as `layout` places them: from its bar baseline (the left end of the x axis for horizontal
    /// bars), in `group`'s slot, from `bases` in a stack.
    init(_ s: Series, layout: ChartLayout, group: BarGroups.Slot = .whole, bases: [Double]? = nil) {
        self.init(s, transform: layout.transform(for: s), baseline: s.isHorizontalBars ? layout.horizontalBarBaseline : layout.barBaseline(for: s),
                  group: group, bases: bases)
    }

    /// Every series' bars as `layout` places them, in its `groups` slot and from its `stacks` bases; nil for
    /// series that are not bars, and a polar chart's (wedges, `PolarDrawing`).
    static func all(_ chart: Chart, layout: ChartLayout, groups: BarGroups, stacks: StackedBars?) -> [BarGeometry?] {
        chart.series.indices.map { index in
            chart.series[index].kind == .bars && chart.series[index].polarDrawing == nil
                ? BarGeometry(chart.series[index], layout: layout, group: groups.slot(index), bases: stacks?.bases[index]) : nil
        }
    }

    /// Bar i's rectangle in pixels; nil for a gap.
    func rect(_ i: Int) -> Rect? {
        guard let (a, b) = corners(i) else { return nil }
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// Two opposite corners of bar i, in pixels: vertical bars span x around their position and reach y,
    /// horizontal ones the other way round. Widths, shifts and bases are in scale space (decades on a log axis,
    /// where a stack's first bar starts at the baseline); nil for a gap.
    func corners(_ i: Int) -> (Point, Point)? {
        let s = series, t = transform
        guard let (u, w) = t.forward(s.x[i], s.y[i]) else { return nil }
        let valueScale = s.isHorizontalBars ? t.forwardX : t.forwardY
        let base = bases.map { valueScale.admits($0[i]) ? valueScale($0[i]) : baseline } ?? baseline
        return s.isHorizontalBars
            ? (t.apply(base, w + shift - half), t.apply(u, w + shift + half))
            : (t.apply(u + shift - half, base), t.apply(u + shift + half, w))
    }
}

extension BarGeometry {
    /// Bar width in scale-space units of the bars' position axis (mapped by `forward`): the series' share of the
    /// smallest gap between its positions (1 when single).
    static func width(_ s: Series, forward: ScaleFunction) -> Double {
        s.bars.width * (DataRange.smallestGap(s.isHorizontalBars ? s.y : s.x, forward: forward) ?? 1)
    }

    /// The scale function of the axis `series`' bars are placed along (y for horizontal bars, else x).
    static func positionScale(_ s: Series, in chart: Chart) -> ScaleFunction {
        s.isHorizontalBars ? chart.axis(for: s).function : chart.x.function
    }
}
