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
        half = ChartLayout.barWidth(s) * group.share / 2
        shift = ChartLayout.barWidth(s) * group.offset
    }

    /// Two opposite corners of bar i, in pixels: vertical bars span x around their position and reach y,
    /// horizontal ones the other way round.
    func corners(_ i: Int) -> (Point, Point) {
        let s = series, base = bases?[i] ?? baseline
        return s.isHorizontalBars
            ? (transform.apply(base, s.y[i] + shift - half), transform.apply(s.x[i], s.y[i] + shift + half))
            : (transform.apply(s.x[i] + shift - half, base), transform.apply(s.x[i] + shift + half, s.y[i]))
    }
}
