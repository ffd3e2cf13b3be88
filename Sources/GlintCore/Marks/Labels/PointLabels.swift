/// Text above the points of series that have `labels` (below a point where above would leave the plot or cover a
/// label), placed so that none covers another, a reference label or a legend over the plot, or leaves the plot:
/// labels are taken in series order, then point order, and one that fits neither above nor below is skipped, with
/// a notice per series (as in LFLineChartView and matplotlib's annotations with collision avoidance). At most
/// `PointLabels.limit` labels per series are considered, so a million labelled points cannot stall a render.
import Foundation

struct PointLabels {
    /// Labels considered per series.
    static let limit = 10_000

    /// The text runs to draw, in placement order.
    let runs: [TextShape]
    /// One line per series some of whose labels found no room.
    let notices: [String]

    /// `groups` moves each grouped bar series' labels over its own bars; no label covers a box of `taken`.
    init(chart: Chart, layout: ChartLayout, measurer: TextMeasuring, groups: BarGroups, taken: [Rect] = []) {
        let type = layout.typography, plot = layout.plot
        let fontSize = type.tickLabel, gap = type.px(4)
        var placed = OccupiedBoxes(cell: 64)
        for box in taken { placed.insert(box) }
        var runs: [TextShape] = [], notices: [String] = []
        for (index, series) in chart.series.enumerated() {
            guard let labels = series.labels ?? PointLabels.values(of: series) else { continue }
            let shift = series.kind == .bars
                ? ChartLayout.barWidth(series, forward: ChartLayout.barPositions(series, in: chart)) * groups.slot(index).offset : 0
            let transform = layout.transform(for: series)
            let color = series.labelStyle.color ?? chart.theme.text
            // Above the dot when the series draws dots, above the stroke otherwise.
            let lift = (series.drawsDots ? series.radius.upperBound * type.scale : series.line.width * type.scale / 2) + gap
            var considered = 0, skipped = 0
            for i in labels.indices where i < series.x.count && i < series.y.count {
                // Positions in scale space, where bars are shifted and compared with their baseline.
                guard let label = labels[i], !label.isEmpty, let (u, w) = transform.forward(series.x[i], series.y[i]) else { continue }
                considered += 1
                if considered > PointLabels.limit { break }
                let m = measurer.measure(label, fontSize: fontSize)
                let candidates: [(Double, Rect)]
                if series.isHorizontalBars {
                    // Right of a horizontal bar's end (left of a negative one's), or inside it.
                    let p = transform.apply(u, w + shift)
                    let baseline = (p.y + (m.ascent - m.descent) / 2).rounded()
                    let right = (p.x + gap).rounded(), left = (p.x - gap - m.width).rounded()
                    let sides = u < layout.horizontalBarBaseline ? [left, right] : [right, left]
                    candidates = sides.map { (baseline, Rect(x: $0, y: baseline - m.ascent, width: m.width, height: m.lineHeight)) }
                } else {
                    // Above the point, or below it when above would leave the plot or cover a label; a negative
                    // bar's label goes below its end first.
                    let p = transform.apply(u + shift, w)
                    let above = (p.y - lift - m.descent).rounded(), below = (p.y + lift + m.ascent).rounded()
                    let order = series.kind == .bars && w < layout.barBaseline(for: series) ? [below, above] : [above, below]
                    candidates = order.map { (baseline: Double) in
                        (baseline, Rect(x: (p.x - m.width / 2).rounded(), y: baseline - m.ascent, width: m.width, height: m.lineHeight))
                    }
                }
                guard let fits = placed.takeFirst(of: candidates.map(\.1), inside: plot) else {
                    skipped += 1
                    continue
                }
                let (baseline, box) = candidates[fits]
                // A bar's second place is inside its end: the text then contrasts with the bar's fill.
                let inside = series.kind == .bars && fits == 1 && series.labelStyle.color == nil
                runs.append(TextShape(label, origin: Point(box.x, baseline), fontSize: fontSize,
                                      color: inside ? PointLabels.contrasting(series.color ?? chart.theme.text, over: chart.theme.plotBackground) : color,
                                      role: TextRole(.pointLabel, series: index, index: i)))
            }
            if skipped > 0 {
                let kind = series.labels == nil ? "value labels" : "labels"
                notices.append("series[\(index)]: \(skipped) of \(min(considered, PointLabels.limit)) \(kind) left out: no room for them "
                               + "inside the plot clear of other text and legends")
            }
        }
        (self.runs, self.notices) = (runs, notices)
    }
}

extension PointLabels {
    /// Text that reads on `fill` (as drawn over `background`): white on a dark fill, near-black on a light one, by
    /// the fill's relative luminance.
    static func contrasting(_ fill: Color, over background: Color) -> Color {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        let mix = { (f: Double, b: Double) in f * fill.alpha + b * (1 - fill.alpha) }
        let luminance = 0.2126 * linear(mix(fill.red, background.red)) + 0.7152 * linear(mix(fill.green, background.green))
            + 0.0722 * linear(mix(fill.blue, background.blue))
        // Where white and black text have the same contrast ratio with the fill: (L + 0.05)² = 1.05 × 0.05.
        return luminance < 0.179 ? .white : Color(rgb: 0x1A1A1A)
    }

    /// A series' values (y, or x for horizontal bars) as labels, when it asks for value labels.
    static func values(of series: Series) -> [String?]? {
        guard series.labelStyle.values else { return nil }
        let values = series.isHorizontalBars ? series.x : series.y
        if let format = series.labelStyle.format {
            return values.map { $0.isFinite ? format.labels(for: [$0], step: abs($0) > 0 ? abs($0) : 1)[0] : nil }
        }
        return values.map { $0.isFinite ? String(format: "%g", $0) : nil }
    }
}

/// Rectangles already taken, binned in square cells so that a new one is tested against its neighbours only.
struct OccupiedBoxes {
    let cell: Double
    private var cells: [Int64: [Rect]] = [:]

    init(cell: Double) {
        self.cell = cell
    }

    /// Whether `box` overlaps a box already inserted (touching edges do not count).
    func overlaps(_ box: Rect) -> Bool {
        keys(box).contains { key in
            cells[key]?.contains { $0.intersects(box) } ?? false
        }
    }

    /// Takes the first of `candidates` that lies inside `area` clear of every box taken, and says which; nil, taking
    /// nothing, when none does.
    mutating func takeFirst(of candidates: [Rect], inside area: Rect) -> Int? {
        guard let index = candidates.firstIndex(where: { area.contains($0) && !overlaps($0) }) else { return nil }
        insert(candidates[index])
        return index
    }

    /// Takes `box`.
    mutating func insert(_ box: Rect) {
        for key in keys(box) { cells[key, default: []].append(box) }
    }

    private func keys(_ box: Rect) -> [Int64] {
        let x0 = Int64((box.x / cell).rounded(.down)), x1 = Int64((box.maxX / cell).rounded(.down))
        let y0 = Int64((box.y / cell).rounded(.down)), y1 = Int64((box.maxY / cell).rounded(.down))
        return (y0...y1).flatMap { y in (x0...x1).map { x in y << 32 | (x & 0xFFFF_FFFF) } }
    }
}

/// Point and value labels as a chart mark: placed over every series at once (they avoid each other across series),
/// over the reference lines.
enum PointLabelMark: ChartMark {
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        let labels = PointLabels(chart: context.chart, layout: context.layout, measurer: context.text.measurer, groups: context.groups,
                                 taken: context.taken)
        return ChartMarkDrawing(layers: labels.runs.isEmpty ? [:] : [.overSeries: [SceneCommand(.text(labels.runs))]],
                                notices: labels.notices)
    }
}
