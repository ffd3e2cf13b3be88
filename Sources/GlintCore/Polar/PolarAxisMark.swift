import Glibc

/// A polar chart's axes (`ChartLayout.polar`): under the series, a ring at each radius tick and a spoke at each angle
/// tick in the grid's colour (as the axes' `grid` asks), the rim and the hole's edge in the axis colour; over them,
/// the angle labels the layout placed outside the rim, and the radius labels centred on their rings along the spoke
/// half-way between two angle ticks that the fewest marks cross and no legend covers (the first from the start on a
/// tie: 22.5° past 12 o'clock for degrees).
enum PolarAxisMark: ChartMark {
    /// The most spokes the radius labels are tried on.
    static let candidates = 24

    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        guard let polar = context.layout.polar, !context.layout.isEmptyView else { return ChartMarkDrawing() }
        let chart = context.chart, layout = context.layout, g = polar.geometry, type = layout.typography, theme = chart.theme
        let width = type.px(1)
        // Rings at the radius ticks inside the disc, spokes at every angle tick, as NaN-parted lines.
        var rings: (x: [Double], y: [Double]) = ([], []), spokes = rings
        func add(_ points: [Point], to line: inout (x: [Double], y: [Double])) {
            line.x += points.map(\.x) + [.nan]
            line.y += points.map(\.y) + [.nan]
        }
        if chart.y.grid {
            for tick in layout.y.ticks {
                let d = g.distance(tick)
                if d > g.hole + width, d < g.radius - width { add(g.arc(d, from: 0, to: 2 * .pi), to: &rings) }
            }
        }
        if chart.x.grid {
            for tick in layout.x.ticks {
                let a = g.angle(tick)
                add([g.point(angle: a, distance: g.hole), g.point(angle: a, distance: g.radius)], to: &spokes)
            }
        }
        var frame: (x: [Double], y: [Double]) = ([], [])
        add(g.arc(g.radius, from: 0, to: 2 * .pi), to: &frame)
        if g.hole > 0 { add(g.arc(g.hole, from: 0, to: 2 * .pi), to: &frame) }
        let lines = [(rings, theme.grid), (spokes, theme.grid), (frame, theme.axis)].filter { !$0.0.x.isEmpty }.map { line, color in
            SceneCommand(.line(LineShape(x: Column(line.x), y: Column(line.y), transform: .identity, color: color, width: width, cap: .butt)))
        }
        // The angle labels where the layout put them, then the radius labels on their spoke.
        var runs = polar.angleLabels.map { label in
            let m = context.text.measurer.measure(label.text, fontSize: type.tickLabel)
            return TextShape(label.text, origin: Point(label.box.x.rounded(), (label.box.y + m.ascent).rounded()), fontSize: type.tickLabel,
                             color: theme.text, role: TextRole(.tickLabel, axis: "angle")).shortened(from: label.whole)
        }
        runs += radiusLabels(context, polar: polar, avoiding: context.taken + polar.angleLabels.map(\.box))
        let leftOut = polar.angleLabelsLeftOut
        let notices = leftOut == 0 ? [] : ["\(leftOut) angle label\(leftOut == 1 ? "" : "s") left out: the plot is too small for "
                                            + "\(leftOut == 1 ? "it" : "them") beside the smallest disc (make the chart larger, or the names shorter)"]
        return ChartMarkDrawing(layers: [.underSeries: lines, .overSeries: [SceneCommand(.text(runs))]], notices: notices)
    }

    /// The radius labels on the spoke the fewest marks cross, each centred where its ring meets the spoke; a label
    /// that would touch the one before it is left out (the centre's too, where there is no hole), and so is one that
    /// still covers a line, a dot or a legend there.
    static func radiusLabels(_ context: ChartMarkContext, polar: PolarLayout, avoiding taken: [Rect]) -> [TextShape] {
        let layout = context.layout, g = polar.geometry, type = layout.typography
        // Half-way between neighbouring spokes, going round from the start (and from the last spoke back to the first).
        let turn = g.clockwise ? 1.0 : -1.0, spokes = layout.x.ticks.map(g.angle)
        // At most `PolarAxisMark.candidates` of them, evenly spread (hundreds of categories give as many spokes).
        let every = max(1, (spokes.count + PolarAxisMark.candidates - 1) / PolarAxisMark.candidates)
        let candidates = spokes.count < 2 ? [g.start + turn * .pi / 4] : stride(from: 0, to: spokes.count, by: every).map { i in
            let next = i + 1 < spokes.count ? spokes[i + 1] : spokes[0] + turn * 2 * .pi
            return (spokes[i] + next) / 2
        }
        let marks = PolarMarkSamples(context.chart)
        var best: (labels: [(run: TextShape, box: Rect)], score: Int)?
        for angle in candidates where angle.isFinite {
            var labels: [(run: TextShape, box: Rect)] = []
            for (tick, label) in zip(layout.y.ticks, layout.y.labels) {
                let d = g.distance(tick)
                guard d > g.hole + 1 || g.hole > 0, d <= g.radius + 0.5 else { continue }
                let p = g.point(angle: angle, distance: d)
                let run = context.text.centered(label, x: p.x, middleY: p.y, fontSize: type.tickLabel, color: context.chart.theme.text,
                                                role: TextRole(.tickLabel, axis: "radius"))
                let box = context.text.box(of: run)
                if let last = labels.last?.box, last.insetBy(-type.px(2)).intersects(box) { continue }
                labels.append((run, box))
            }
            let score = labels.reduce(0) { total, label in
                total + marks.crossings(label.box.insetBy(-type.px(1))) + (taken.contains(where: label.box.intersects) ? 1_000_000 : 0)
            }
            if best.map({ score < $0.score }) ?? true { best = (labels, score) }
        }
        // On the best spoke, a label that would still lie over a line, a dot or a legend is left out (one over a wedge
        // stays, dark on its fill or light on the background around it).
        return (best?.labels ?? []).filter { label in
            !taken.contains(where: label.box.intersects) && !marks.touchesLineOrDot(label.box.insetBy(-type.px(1)))
        }.map(\.run)
    }
}

/// What a polar chart's marks cover, for the radius labels to keep clear of: points a few pixels apart along each
/// line as drawn (`PolarMark.path`), each dot, and each bar's wedge, at most `limit` of each over the chart.
struct PolarMarkSamples {
    private var points: [Point] = []
    private var dots: [(centre: Point, radius: Double)] = []
    private var wedges: [(polar: PolarDrawing, index: Int)] = []
    /// The most line points, dots and wedges sampled over the chart.
    static let limit = 20_000

    init(_ chart: Chart) {
        let limit = PolarMarkSamples.limit
        for s in chart.series where s.visible {
            guard let polar = s.polarDrawing else { continue }
            let n = min(s.x.count, s.y.count)
            if s.polarShape == .wedges { wedges += (0..<min(n, limit - wedges.count)).map { (polar, $0) } }
            if s.drawsDots {
                let r = s.radius.upperBound * chart.scale
                dots += (0..<min(n, limit - dots.count)).map { (Point(s.x[$0], s.y[$0]), r) }
            }
            guard s.polarShape == .line || (s.polarShape == .area && s.area.edge) else { continue }
            let path = PolarMark.path(polar, gaps: true)
            for (p, q) in zip(path, path.dropFirst()) where points.count < limit {
                guard p.x.isFinite, p.y.isFinite, q.x.isFinite, q.y.isFinite else { continue }
                // Every 3 pixels (in Double first: a segment far past the plot is millions of pixels long).
                let steps = Int(min(Double(limit - points.count), max(1, (hypot(q.x - p.x, q.y - p.y) / 3).rounded(.up))))
                for k in 0...steps {
                    let t = Double(k) / Double(steps)
                    points.append(Point(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
                }
            }
        }
    }

    /// Whether a line passes through `box` or a dot reaches into it.
    func touchesLineOrDot(_ box: Rect) -> Bool {
        points.contains(where: box.contains) || dots.contains { box.insetBy(-$0.radius).contains($0.centre) }
    }

    /// How many samples lie in `box`: points of lines, dots reaching into it, wedges holding its centre or a corner.
    func crossings(_ box: Rect) -> Int {
        var count = points.reduce(0) { $0 + (box.contains($1) ? 1 : 0) }
        count += dots.reduce(0) { $0 + (box.insetBy(-$1.radius).contains($1.centre) ? 1 : 0) }
        let probes = [box.center, Point(box.x, box.y), Point(box.maxX, box.y), Point(box.x, box.maxY), Point(box.maxX, box.maxY)]
        for (polar, i) in wedges { count += probes.reduce(0) { $0 + (polar.wedge(i, holds: $1) ? 1 : 0) } }
        return count
    }
}
