/// The levels of contours with `"levelLabels": true` written on their lines, as matplotlib's `clabel` writes them:
/// a level's value at the middle of each line long enough to hold it (or a quarter of the way along either end when
/// the middle is taken), in the axis text's colour — or over a filled contour, white or near-black against the
/// bands' colour at that level — clear of the legends, of other labels and of every other line;
/// each line parted under its label. The lines of a labelled contour are drawn here, over the series, with the
/// labels; a filled contour's bands stay with `ContourMark` and only its labels are drawn here.
enum ContourLabelMark: ChartMark {
    /// The label's margin around its text, across and up, in logical pixels.
    static let margin = (x: 3.0, y: 1.0)
    /// The most labels a chart's contours take.
    static let maximumLabels = 200

    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        var commands: [SceneCommand] = [], runs: [TextShape] = []
        let layout = context.layout, type = layout.typography, fontSize = type.px(10)
        var taken = context.taken
        for (index, s) in context.chart.series.enumerated() where s.kind == .contour && s.visible && s.contour.levelLabels {
            let t = layout.transform(for: s)
            guard let drawn = s.contour.drawn, t.isLinear, !drawn.levels.isEmpty else { continue }
            let scale = ContourMark.resolvedScale(s)
            let under = context.chart.series.first { $0.kind == .contour && $0.visible && $0.contour.filled }
            let lines = drawn.lines.map { $0.map { $0.map { t.apply($0.x, $0.y) } } }
            let all = lines.enumerated().flatMap { k, level in level.indices.map { (k, $0) } }
            let pieces = ContourPieces(all.map { lines[$0.0][$0.1] }, within: layout.plot)
            let gaps = zip(drawn.levels, drawn.levels.dropFirst()).map { $1 - $0 }
            let texts = NiceTicks.labels(for: drawn.levels, step: gaps.min() ?? max(abs(drawn.levels[0]), 1))
            var boxes: [Rect] = []
            for (n, (k, i)) in all.enumerated() {
                let line = lines[k][i], m = context.text.measurer.measure(texts[k], fontSize: fontSize)
                let (w, h) = (m.width + 2 * type.px(margin.x), m.lineHeight + 2 * type.px(margin.y))
                guard runs.count < maximumLabels, length(line) >= 3 * w else { continue }
                for fraction in [0.5, 0.25, 0.75] {
                    let p = point(line, at: fraction * length(line))
                    let box = Rect(x: p.x - w / 2, y: p.y - h / 2, width: w, height: h)
                    guard layout.plot.insetBy(2).contains(box), !taken.contains(where: box.intersects), !boxes.contains(where: box.intersects) else { continue }
                    guard !pieces.crosses(box, except: n) else { continue }
                    boxes.append(box)
                    let band = under.flatMap { ContourMark.resolvedScale($0).color(for: drawn.levels[k]) }
                    let color = band.map { PointLabels.contrasting($0, over: context.chart.theme.plotBackground) } ?? context.chart.theme.text
                    runs.append(context.text.centered(texts[k], x: p.x, middleY: p.y, fontSize: fontSize, color: color,
                                                      role: TextRole(.pointLabel, series: index, index: k)))
                    break
                }
            }
            taken += boxes
            guard !s.contour.filled else { continue }
            for (k, level) in lines.enumerated() where !level.isEmpty {
                let parted = level.flatMap { parts($0, outside: boxes) }
                var command = SceneCommand(.line(ContourMark.lineShape(parted, color: ContourMark.lineColor(s, level: drawn.levels[k], scale: scale),
                                                                       width: s.line.width * type.scale)), clip: layout.plotClip)
                command.series = index
                commands.append(command)
            }
        }
        if !runs.isEmpty { commands.append(SceneCommand(.text(runs), clip: layout.plotClip)) }
        return ChartMarkDrawing(layers: commands.isEmpty ? [:] : [.overSeries: commands])
    }

    /// A polyline's length.
    static func length(_ line: [Point]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + (($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot() }
    }

    /// The point `distance` along a polyline.
    static func point(_ line: [Point], at distance: Double) -> Point {
        var left = distance
        for (a, b) in zip(line, line.dropFirst()) {
            let d = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
            if d > 0, left <= d { return Point(a.x + (b.x - a.x) * left / d, a.y + (b.y - a.y) * left / d) }
            left -= d
        }
        return line.last ?? Point(0, 0)
    }

    /// The polyline with what lies inside any of `boxes` taken out: the polylines left.
    static func parts(_ line: [Point], outside boxes: [Rect]) -> [[Point]] {
        var result: [[Point]] = [], current: [Point] = []
        for (a, b) in zip(line, line.dropFirst()) {
            var pieces = [(0.0, 1.0)]
            for box in boxes {
                guard let (t0, t1) = LineSegments.fractions(a, b, within: box), t0 < t1 else { continue }
                pieces = pieces.flatMap { p -> [(Double, Double)] in
                    [(p.0, min(p.1, t0)), (max(p.0, t1), p.1)].filter { $0.1 > $0.0 }
                }
            }
            for (u, v) in pieces {
                let p = Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u), q = Point(a.x + (b.x - a.x) * v, a.y + (b.y - a.y) * v)
                if current.last != p {
                    if current.count > 1 { result.append(current) }
                    current = [p]
                }
                current.append(q)
            }
        }
        if current.count > 1 { result.append(current) }
        return result
    }
}

/// The pieces of a chart's contour lines in `LineSegments`' cells, each with the line it belongs to, so that a
/// label's box is tested against the pieces near it only. A cell more than `densest` pieces run through counts as crossed
/// by every line but the one asked about (a label there would sit in a thicket of lines anyway).
struct ContourPieces {
    static let densest = 64
    private var cells: [SIMD2<Int32>: [(line: Int, a: Point, b: Point)]] = [:]
    private var dense: Set<SIMD2<Int32>> = []

    /// The pieces of `lines` inside `clip`.
    init(_ lines: [[Point]], within clip: Rect) {
        for (index, line) in lines.enumerated() {
            for (a, b) in zip(line, line.dropFirst()) {
                guard let (p, q) = LineSegments.clipped(a, b, to: clip) else { continue }
                for key in LineSegments.cells(along: p, q) where !dense.contains(key) {
                    cells[key, default: []].append((index, p, q))
                    if cells[key]!.count > ContourPieces.densest {
                        dense.insert(key)
                        cells[key] = nil
                    }
                }
            }
        }
    }

    /// Whether a piece of a line other than `line` runs through `box`.
    func crosses(_ box: Rect, except line: Int) -> Bool {
        LineSegments.keys(box).contains { key in
            dense.contains(key) || (cells[key]?.contains { $0.line != line && LineSegments.clipped($0.a, $0.b, to: box) != nil } ?? false)
        }
    }
}
