import Glibc

/// A polar chart's axes laid out in its plot (`ChartLayout.polar`): the disc as large as the plot holds with the angle
/// labels around it, the angle axis's ticks (a spoke per category, every 45° or 90° of degrees, nice steps of an x
/// range) and the radius axis's (a ring per tick, the rim on a tick where the radius is fitted to the data).
public struct PolarLayout: Sendable {
    /// An angle label as placed: just outside the rim on its spoke, its near side touching a point `gap` past it.
    public struct AngleLabel: Sendable, Equatable {
        /// The text as drawn, and the whole text where it was shortened with an ellipsis.
        public let text: String, whole: String
        /// The image angle of its spoke.
        public let angle: Double
        /// Its box.
        public let box: Rect
    }

    /// The disc, its hole and its axes' mappings.
    public let geometry: PolarGeometry
    /// The angle axis (its ticks are spokes) and the radius axis (its ticks are rings).
    public let angle: AxisLayout, radius: AxisLayout
    /// The angle labels drawn, thinned to every second, third… where neighbours would touch.
    public let angleLabels: [AngleLabel]
    /// How many thinned labels still lay past the plot at the smallest rim and were left out (a notice says so).
    public let angleLabelsLeftOut: Int

    /// The smallest rim radius, in logical pixels, that the angle labels' room leaves.
    static let smallestRadius = 24.0

    /// The polar axes of `chart` (whose `polar` is set) in `plot`, on the first pass's `domains`.
    init(chart: Chart, domains: AxisDomains, plot: Rect, type: Typography, measurer: TextMeasuring) {
        let polar = chart.polar ?? PolarAxes(), gap = type.px(6), half = max(1, min(plot.width, plot.height) / 2)
        let line = measurer.measure("0", fontSize: type.tickLabel).lineHeight
        let names = chart.x.categories
        let turn = names.map { 0...Double(max(1, $0.count)) } ?? chart.x.range ?? 0...360
        // The angle axis's ticks on a first guess of the rim: its circumference spaces a numeric axis's ticks.
        let guess = max(1, half - line - gap)
        let angle: AxisLayout
        if let names {
            angle = AxisLayout(domain: turn, ticks: names.indices.map(Double.init), labels: names)
        } else if chart.x.range == nil {
            let step = 2 * .pi * guess / 8 >= type.px(50) ? 45.0 : 90.0
            let ticks = Array(stride(from: 0, to: 360, by: step))
            angle = AxisLayout(domain: turn, ticks: ticks, labels: ticks.map { "\(Int($0))°" })
        } else {
            let ticks = AxisLayout(domain: turn, length: 2 * .pi * guess, spacing: type.px(80), scale: chart.x.resolvedScale)
            // The turn's end is its start's spoke: labelled once.
            let kept = ticks.ticks.indices.filter { ticks.ticks[$0] < turn.upperBound || !ticks.ticks.contains(turn.lowerBound) }
            angle = AxisLayout(domain: turn, ticks: kept.map { ticks.ticks[$0] }, labels: kept.map { ticks.labels[$0] })
        }
        self.angle = angle
        // The rim as large as the plot holds it with every angle label outside it (long names shortened to a quarter of
        // its width first): a first guess from the labels' sizes, shrunk by what a placement still puts past the plot.
        let start = Degrees.radians(polar.startAngle)
        // A name keeps at least three letters before its ellipsis, however small the plot: "…" alone names nothing.
        let widest = max(plot.width / 4, measurer.measure("Mmm" + TextFitting.ellipsis, fontSize: type.tickLabel).width)
        let shown = angle.labels.map { TextFitting.truncated($0, fontSize: type.tickLabel, maxWidth: widest, measurer: measurer) }
        let metrics = shown.map { measurer.measure($0, fontSize: type.tickLabel) }
        let reach = hypot(plot.width, plot.height)
        let provisional = PolarGeometry(centre: plot.center, radius: guess, hole: 0, turn: turn, radii: 0...1, start: start,
                                        clockwise: polar.clockwise, reach: reach)
        var rim = half - type.px(2)
        for (tick, m) in zip(angle.ticks, metrics) {
            let a = provisional.angle(tick), (s, c) = (abs(sin(a)), abs(cos(a)))
            if s > 1e-9 { rim = min(rim, (plot.width / 2 - m.width / 2) / s - gap - m.width / 2) }
            if c > 1e-9 { rim = min(rim, (plot.height / 2 - m.lineHeight / 2) / c - gap - m.lineHeight / 2) }
        }
        let smallest = max(1, min(half - type.px(2), type.px(PolarLayout.smallestRadius)))
        rim = max(rim, smallest)
        let labels = zip(shown, zip(angle.labels, metrics)).map { ($0, $1.0, $1.1) }
        var placed = PolarLayout.placed(labels, ticks: angle.ticks, on: provisional, rim: rim, gap: gap)
        for _ in 0..<4 {
            let past = placed.map { max(plot.x - $0.box.x, $0.box.maxX - plot.maxX, plot.y - $0.box.y, $0.box.maxY - plot.maxY) }.max() ?? 0
            guard past > 0.5, rim > smallest else { break }
            rim = max(smallest, rim - past)
            placed = PolarLayout.placed(labels, ticks: angle.ticks, on: provisional, rim: rim, gap: gap)
        }
        let hole = rim * min(max(polar.inner, 0), 0.99)
        radius = PolarLayout.radiusAxis(chart, data: domains.y.data, length: rim - hole, type: type)
        geometry = PolarGeometry(centre: plot.center, radius: rim, hole: hole, turn: turn, radii: radius.domain, start: start,
                                 clockwise: polar.clockwise, reach: reach)
        // Thinned; where the smallest rim still leaves a label past the plot's edges (a tiny chart), that label is left out.
        let thinned = PolarLayout.thinned(placed, gap: type.px(4))
        angleLabels = thinned.filter { plot.insetBy(-0.5).contains($0.box) }
        angleLabelsLeftOut = thinned.count - angleLabels.count
    }

    /// Each of `labels` (shown text, whole text, metrics) on the spoke of its tick, its box pushed out along the
    /// spoke until no part of it comes within `gap` of a rim of radius `rim` on `disc`.
    static func placed(_ labels: [(String, String, TextMetrics)], ticks: [Double], on disc: PolarGeometry, rim: Double,
                       gap: Double) -> [AngleLabel] {
        zip(ticks, labels).map { tick, label in
            let a = disc.angle(tick), (text, whole, m) = label
            let anchor = disc.point(angle: a, distance: rim + gap)
            var centre = Point(anchor.x + sin(a) * m.width / 2, anchor.y - cos(a) * m.lineHeight / 2)
            func box() -> Rect { Rect(x: centre.x - m.width / 2, y: centre.y - m.lineHeight / 2, width: m.width, height: m.lineHeight) }
            // The box's nearest point to the disc's centre, moved out to `rim + gap` (twice: each push moves it a little).
            for _ in 0..<3 {
                let b = box(), c = disc.centre
                let nearest = hypot(min(max(c.x, b.x), b.maxX) - c.x, min(max(c.y, b.y), b.maxY) - c.y)
                guard nearest < rim + gap - 0.01 else { break }
                centre = Point(centre.x + sin(a) * (rim + gap - nearest), centre.y - cos(a) * (rim + gap - nearest))
            }
            return AngleLabel(text: text, whole: whole, angle: a, box: box())
        }
    }

    /// Every `k`-th of `labels` around the circle, for the smallest `k` at which no two neighbours kept (the last and
    /// the first included) come within `gap` of each other.
    static func thinned(_ labels: [AngleLabel], gap: Double) -> [AngleLabel] {
        guard labels.count > 1 else { return labels }
        for k in 1...labels.count {
            let kept = stride(from: 0, to: labels.count, by: k).map { labels[$0] }
            let apart = kept.count < 2 || kept.indices.allSatisfy { i in
                !kept[i].box.insetBy(-gap / 2).intersects(kept[(i + 1) % kept.count].box.insetBy(-gap / 2))
            }
            if apart { return kept }
        }
        return [labels[0]]
    }

    /// The radius axis: over the y range, else from 0 (or the smallest value below it) to the largest value, both
    /// ends moved out to the next tick so that the rim (and the centre or the hole's edge) are labelled rings; ticks
    /// about every 45 logical pixels of `length`.
    static func radiusAxis(_ chart: Chart, data: ClosedRange<Double>?, length: Double, type: Typography) -> AxisLayout {
        let scale = chart.y.resolvedScale, spacing = type.px(45), length = max(1, length)
        if let range = chart.y.range { return AxisLayout(domain: range, length: length, spacing: spacing, scale: scale) }
        let lower = min(0, data?.lowerBound ?? 0)
        var upper = max(data?.upperBound ?? 1, lower)
        if upper == lower { upper = lower + 1 }
        let first = AxisLayout(domain: lower...upper, length: length, spacing: spacing, scale: scale)
        guard first.ticks.count >= 2, let low = first.ticks.first, let high = first.ticks.last else { return first }
        let step = first.ticks[1] - first.ticks[0]
        let outer = (lower: low - ((low - lower) / step).rounded(.up) * step, upper: high + ((upper - high) / step).rounded(.up) * step)
        guard outer.lower.isFinite, outer.upper.isFinite, outer.lower <= lower, outer.upper >= upper,
              outer.lower != lower || outer.upper != upper else { return first }
        // The first layout's step over the wider domain (laid out again, it might pick another and miss the ends).
        let steps = (outer.lower / step).rounded()...(outer.upper / step).rounded()
        guard steps.lowerBound > -1e6, steps.upperBound < 1e6 else { return first }
        let ends = (Int(steps.lowerBound), Int(steps.upperBound))
        let ticks = (ends.0...max(ends.0, ends.1)).map { Double($0) * step }
        return AxisLayout(domain: outer.lower...outer.upper, ticks: ticks,
                          labels: chart.y.format?.labels(for: ticks, step: step) ?? NiceTicks.labels(for: ticks, step: step))
    }

    /// Points a few pixels apart over what the axes take: the disc out to its labels' anchors and each angle label's
    /// box, which a legend placed inside the plot keeps clear of.
    var samples: [SIMD2<Float>] {
        let r = geometry.radius + 4
        var disc = BestPosition.discSamples(in: Rect(x: geometry.centre.x - r, y: geometry.centre.y - r, width: 2 * r, height: 2 * r))
        for label in angleLabels { disc += BestPosition.gridSamples(in: label.box) }
        return disc
    }
}
