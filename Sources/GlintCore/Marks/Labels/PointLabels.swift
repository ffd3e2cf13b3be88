/// Text above the points of series that have `labels` (below a point where above would leave the plot or cover a
/// label), placed so that none covers another, a reference label, a legend over the plot or a mark (`MarkBoxes`: a
/// bar not its own, a dot; any error bar's whisker or cap, `ErrorBarPieces`, where a label may stand past the error
/// bar's end instead), or leaves the plot: labels are taken in series order, then point order, and one that finds no place is skipped,
/// with a notice per series (as in LFLineChartView and matplotlib's annotations with collision avoidance). A bar's
/// label goes past its end (centred, else flush with the bar's side away from a taller neighbour), else inside its
/// end in a colour contrasting with the fill when it fits there; a stacked segment's goes inside the segment, and
/// only the segment that ends its stack may put it past the end. At most `PointLabels.limit` labels per series are
/// considered, so a million labelled points cannot stall a render.
import FoundationEssentials
import Glibc

struct PointLabels {
    /// Labels considered per series.
    static let limit = 10_000

    /// The text runs to draw, in placement order.
    let runs: [TextShape]
    /// One line per series some of whose labels found no room.
    let notices: [String]

    /// A place a label may take: its baseline and box, and, inside a bar, the bar it must lie within.
    struct Place {
        /// The text's baseline: a y, or the x of a label turned to read upwards.
        let baseline: Double
        let box: Rect
        let within: Rect?
        /// Whether the label reads upwards (turned 90°), its text starting at the box's bottom.
        var turned = false
    }

    /// `groups` and `stacks` place each bar series' labels over its own bars; no label covers a box of `taken` or,
    /// outside its own bar, of `marks`, nor is crossed by a line of `lines`.
    init(chart: Chart, layout: ChartLayout, measurer: TextMeasuring, groups: BarGroups, stacks: StackedBars? = nil,
         marks: OccupiedBoxes, lines: LineSegments, taken: [Rect] = []) {
        let type = layout.typography, plot = layout.plot
        let fontSize = type.tickLabel, gap = type.px(4)
        var placed = OccupiedBoxes(cell: 64, bounds: plot)
        for box in taken { placed.insert(box) }
        let geometries = BarGeometry.all(chart, layout: layout, groups: groups, stacks: stacks)
        // Error bars' whiskers and caps: no label lies on one, its own bar's included.
        let pieces = chart.series.indices.map { ErrorBarPieces(chart.series[$0], layout: layout, geometry: geometries[$0]) }
        var whiskers = OccupiedBoxes(cell: 64, bounds: plot), kept = 0
        for (index, series) in chart.series.enumerated() where series.visible && series.errorBars != nil {
            for i in 0..<min(series.x.count, series.y.count) where kept < MarkBoxes.limit {
                kept += 1
                for r in pieces[index].rects(at: i) where r.intersects(plot) { whiskers.insert(r) }
            }
        }
        var runs: [TextShape] = [], notices: [String] = []
        for (index, series) in chart.series.enumerated() {
            guard series.hasLabels, let labels = series.labels ?? PointLabels.values(of: series) else { continue }
            let transform = layout.transform(for: series)
            // A bar series' bars, or a histogram's (by bin), which its labels stand on.
            let histogramBars = series.kind == .histogram
                ? Dictionary(HistogramMark.bars(series, layout: layout).map { ($0.bin, $0.rect) }, uniquingKeysWith: { first, _ in first }) : nil
            let bar: ((Int) -> Rect?)? = geometries[index].map { geometry in { geometry.rect($0) } } ?? histogramBars.map { bars in { bars[$0] } }
            let color = series.labelStyle.color ?? chart.theme.text
            let fill = PointLabels.contrasting(series.color ?? chart.theme.text, over: chart.theme.plotBackground)
            // Above the dot when the series draws dots, above the stroke otherwise.
            let lift = (series.drawsDots ? series.radius.upperBound * type.scale : series.line.width * type.scale / 2) + gap
            // Every label's places, in order; then placed first-fit, or regularly thinned where some find no room.
            var candidates: [Candidate] = []
            for i in labels.indices where i < series.x.count && i < series.y.count && candidates.count < PointLabels.limit {
                // Positions in scale space, where bars are compared with their baseline.
                guard let label = labels[i], !label.isEmpty, let (u, w) = transform.forward(series.x[i], series.y[i]) else { continue }
                let m = measurer.measure(label, fontSize: fontSize)
                // The reach of the point's error bars, which a label may also stand past.
                let reach = pieces[index].rects(at: i).reduce(nil as Rect?) { sofar, r in sofar.map { $0.union(r) } ?? r }
                var places: [Place]
                // A histogram's empty bin has no bar: its count stands on the baseline as a point's label.
                if let bar = bar?(i) {
                    let negative = series.isHorizontalBars ? u < layout.horizontalBarBaseline : w < layout.barBaseline(for: series)
                    let ends = stacks?.ends[index].map { i < $0.count && $0[i] } ?? true
                    places = PointLabels.places(m, bar: bar, horizontal: series.isHorizontalBars, negative: negative,
                                                stacked: series.bars.stack != nil, ends: ends, lift: lift, gap: gap)
                    if let reach {
                        places += PointLabels.places(m, bar: bar.union(reach), horizontal: series.isHorizontalBars, negative: negative,
                                                     stacked: false, ends: ends, lift: gap, gap: gap).filter { $0.within == nil }
                    }
                } else {
                    // Above the point, or below it when above would leave the plot, cover a label or cross a line;
                    // then beside it, above or below on the right or the left (clear of a line through the point).
                    let p = transform.apply(u, w)
                    let (above, below) = ((p.y - lift - m.descent).rounded(), (p.y + lift + m.ascent).rounded())
                    var spots = [(above, 0.0), (below, 0.0)]
                    if let reach { spots += [((reach.y - gap - m.descent).rounded(), 0), ((reach.maxY + gap + m.ascent).rounded(), 0)] }
                    spots += [(above, 1), (above, -1), (below, 1), (below, -1)]
                    places = spots.map { baseline, side in
                        let x = side == 0 ? p.x - m.width / 2 : side > 0 ? p.x + lift / 2 : p.x - lift / 2 - m.width
                        return Place(baseline: baseline, box: Rect(x: x.rounded(), y: baseline - m.ascent, width: m.width, height: m.lineHeight),
                                     within: nil)
                    }
                }
                // Lines do not move as labels are placed: places a line runs through are dropped once, here.
                candidates.append(Candidate(index: i, text: label, places: places.filter { !lines.crosses($0.box) }, value: series.isHorizontalBars ? u : w))
            }
            // Labels side by side keep a gap (a space's width), so that "1", "0", "1" never read as "101".
            let apart = type.px(3)
            let fits = { (place: Place, placed: OccupiedBoxes) in
                plot.contains(place.box) && !whiskers.overlaps(place.box)
                    && !placed.overlaps(Rect(x: place.box.x - apart, y: place.box.y, width: place.box.width + 2 * apart, height: place.box.height))
                    && (place.within.map { $0.contains(place.box) } ?? !marks.overlaps(place.box))
            }
            // Value labels are thinned regularly; a series' own labels (names of single points) are placed first-fit.
            let (taken, after, every, skipped) = PointLabels.thinned(candidates, on: placed, regularly: series.labels == nil, fits: fits)
            placed = after
            for (k, place) in taken {
                // Inside a bar the text contrasts with the bar's fill.
                let inside = place.within != nil && series.labelStyle.color == nil
                runs.append(TextShape(candidates[k].text, origin: place.turned ? Point(place.baseline, place.box.maxY) : Point(place.box.x, place.baseline),
                                      fontSize: fontSize, color: inside ? fill : color, rotation: place.turned ? .counterClockwise : .none,
                                      role: TextRole(.pointLabel, series: index, index: candidates[k].index)))
            }
            let kind = series.labels == nil ? "value labels" : "labels"
            if every > 1 {
                notices.append("series[\(index)]: \(candidates.count - taken.count) of \(candidates.count) \(kind) left out to draw every "
                               + "\(PointLabels.ordinal(every)) (the largest and smallest among them): no room for all of them clear of "
                               + "other text, legends and marks")
            } else if skipped > 0 {
                notices.append("series[\(index)]: \(skipped) of \(candidates.count) \(kind) left out: no room for them "
                               + "inside the plot clear of other text, legends and marks")
            }
        }
        (self.runs, self.notices) = (runs, notices)
    }

    /// A label to place: its point's index, its text, the places it may take in order, and its point's value
    /// (scale space) by which the largest and smallest are kept when labels are thinned.
    struct Candidate {
        let index: Int
        let text: String
        let places: [Place]
        let value: Double
    }

    /// `candidates` placed on `placed`, each at its first place that `fits`: all of them in order when every one
    /// finds room (or when not thinned `regularly`); else the largest and the smallest value's, then every k-th (k = 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, …), for
    /// the smallest k whose labels all find room — a reader sees a regular pattern, not labels missing at random;
    /// else (no k works) all of them first-fit, those without room left out. The labels taken (candidate index and
    /// place), the boxes after them, the k (1 when not thinned) and how many found no room.
    static func thinned(_ candidates: [Candidate], on placed: OccupiedBoxes, regularly: Bool, fits: (Place, OccupiedBoxes) -> Bool)
        -> (taken: [(Int, Place)], placed: OccupiedBoxes, every: Int, skipped: Int) {
        func attempt(_ order: [Int]) -> (taken: [(Int, Place)], placed: OccupiedBoxes, skipped: Int) {
            var boxes = placed, taken: [(Int, Place)] = [], skipped = 0
            for k in order {
                guard let place = candidates[k].places.first(where: { fits($0, boxes) }) else {
                    skipped += 1
                    continue
                }
                boxes.insert(place.box)
                taken.append((k, place))
            }
            return (taken, boxes, skipped)
        }
        let all = attempt(Array(candidates.indices))
        guard regularly, all.skipped > 0, candidates.count > 2 else { return (all.taken, all.placed, 1, all.skipped) }
        let values = candidates.indices
        let extremes = [values.max { candidates[$0].value < candidates[$1].value }!, values.min { candidates[$0].value < candidates[$1].value }!]
        var every = 2
        while every < candidates.count {
            let order = Array(Set(extremes)).sorted() + values.filter { $0 % every == 0 && !extremes.contains($0) }
            let thinned = attempt(order)
            if thinned.skipped == 0 { return (thinned.taken, thinned.placed, every, 0) }
            every = every < 6 ? every + 1 : every + every / 4
        }
        return (all.taken, all.placed, 1, all.skipped)
    }

    /// "2nd", "3rd", "4th", … for the notice of thinned labels.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// The places, in order, for a label measured `m` on `bar` (pixels): past the bar's end (`lift` beyond a vertical
    /// bar's end, `gap` beyond a horizontal one's; centred on the bar, or for a vertical bar the label is wider than,
    /// turned to read upwards past its end, then level centred or flush with either side), then inside its end. A
    /// stacked segment's label goes inside the segment's middle first, and past the end only when the segment
    /// `ends` its stack.
    static func places(_ m: TextMetrics, bar: Rect, horizontal: Bool, negative: Bool, stacked: Bool, ends: Bool,
                       lift: Double, gap: Double) -> [Place] {
        func place(_ x: Double, _ baseline: Double, within: Rect?) -> Place {
            Place(baseline: baseline, box: Rect(x: x, y: baseline - m.ascent, width: m.width, height: m.lineHeight), within: within)
        }
        let middle = (bar.center.y + (m.ascent - m.descent) / 2).rounded(), centre = (bar.center.x - m.width / 2).rounded()
        var past: [Place], inside: [Place]
        if horizontal {
            let right = (bar.maxX + gap).rounded(), left = (bar.x - gap - m.width).rounded()
            let end = negative ? bar.x : bar.maxX
            past = [place(negative ? left : right, middle, within: nil)]
            inside = [place(negative ? (end + gap).rounded() : (end - gap - m.width).rounded(), middle, within: bar)]
        } else {
            let end = negative ? bar.maxY : bar.y
            let beyond = negative ? (end + lift + m.ascent).rounded() : (end - lift - m.descent).rounded()
            let within = negative ? (end - lift - m.descent).rounded() : (end + lift + m.ascent).rounded()
            var xs = [centre]
            if m.width > bar.width { xs += [(bar.maxX - m.width).rounded(.down), bar.x.rounded(.up)] }
            past = xs.map { place($0, beyond, within: nil) }
            if m.width > bar.width {
                // Turned: the line's height across the bar, its width along the bar's axis, past the end.
                let x = (bar.center.x - m.lineHeight / 2).rounded()
                let y = negative ? (end + lift).rounded() : (end - lift - m.width).rounded()
                let turned = Place(baseline: (x + m.ascent).rounded(), box: Rect(x: x, y: y, width: m.lineHeight, height: m.width), within: nil, turned: true)
                past.insert(turned, at: 0)
            }
            inside = [place(centre, within, within: bar)]
        }
        if stacked {
            let segment = [place(horizontal ? (bar.center.x - m.width / 2).rounded() : centre, middle, within: bar)]
            return ends ? segment + past : segment
        }
        return past + inside
    }
}

extension PointLabels {
    /// Text that reads on `fill` (as drawn over `background`): white on a dark fill, near-black on a light one, by
    /// the fill's relative luminance.
    static func contrasting(_ fill: Color, over background: Color) -> Color {
        let mix = { (f: Double, b: Double) in f * fill.alpha + b * (1 - fill.alpha) }
        let luminance = Color(red: mix(fill.red, background.red), green: mix(fill.green, background.green),
                              blue: mix(fill.blue, background.blue)).relativeLuminance
        // Where white and black text have the same contrast ratio with the fill: (L + 0.05)² = 1.05 × 0.05.
        return luminance < 0.179 ? .white : Color(rgb: 0x1A1A1A)
    }

    /// A series' values (y, or x for horizontal bars) as labels, when it asks for value labels. A histogram's
    /// empty bins have none: there is no bar to name, and their zeros would take the places of real counts.
    static func values(of series: Series) -> [String?]? {
        guard series.labelStyle.values else { return nil }
        let values = series.isHorizontalBars ? series.x : series.y
        let labels: [String?]
        if let format = series.labelStyle.format {
            labels = values.map { $0.isFinite ? format.labels(for: [$0], step: abs($0) > 0 ? abs($0) : 1)[0] : nil }
        } else {
            let largest = values.reduce(0.0) { $1.isFinite ? max($0, abs($1)) : $0 }
            labels = values.map { $0.isFinite ? ReadableNumbers.label($0, largest: largest) : nil }
        }
        guard series.kind == .histogram else { return labels }
        return zip(values, labels).map { $0 == 0 ? nil : $1 }
    }
}

/// Rectangles already taken within `bounds` (the plot), binned in square cells so that a new one is tested against
/// its neighbours only. Boxes are binned as far as they lie in `bounds`: a bar reaching to 1e20 px costs the cells
/// of the plot, and what lies outside is neither kept nor found.
struct OccupiedBoxes {
    let cell: Double
    let bounds: Rect
    private var cells: [Int64: [Rect]] = [:]

    init(cell: Double, bounds: Rect) {
        self.cell = cell
        self.bounds = bounds
    }

    /// Whether `box` overlaps a box already inserted (touching edges do not count).
    func overlaps(_ box: Rect) -> Bool {
        keys(box).contains { key in
            cells[key]?.contains { $0.intersects(box) } ?? false
        }
    }

    /// Takes the first of `candidates` that lies inside `area` clear of every box taken (and of `other`'s, and not
    /// crossed by `lines`), and says which; nil, taking nothing, when none does.
    mutating func takeFirst(of candidates: [Rect], inside area: Rect, clearOf other: OccupiedBoxes? = nil, lines: LineSegments? = nil) -> Int? {
        guard let index = candidates.firstIndex(where: {
            area.contains($0) && !overlaps($0) && !(other?.overlaps($0) ?? false) && !(lines?.crosses($0) ?? false)
        }) else { return nil }
        insert(candidates[index])
        return index
    }

    /// Takes `box`.
    mutating func insert(_ box: Rect) {
        for key in keys(box) { cells[key, default: []].append(box) }
    }

    private func keys(_ box: Rect) -> [Int64] {
        let left = max(box.x, bounds.x), right = min(box.maxX, bounds.maxX)
        let top = max(box.y, bounds.y), bottom = min(box.maxY, bounds.maxY)
        // Nothing in bounds (or not a number): no cell.
        guard left <= right, top <= bottom else { return [] }
        func index(_ v: Double) -> Int64 { Int64(Int(saturating: (v / cell).rounded(.down))) }
        let (x0, x1, y0, y1) = (index(left), index(right), index(top), index(bottom))
        return (y0...y1).flatMap { y in (x0...x1).map { x in y << 32 | (x & 0xFFFF_FFFF) } }
    }
}

/// Point and value labels as a chart mark: placed over every series at once (they avoid each other across series),
/// over the reference lines.
enum PointLabelMark: ChartMark {
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        let labels = PointLabels(chart: context.chart, layout: context.layout, measurer: context.text.measurer, groups: context.groups,
                                 stacks: context.stacks, marks: context.marks, lines: context.lines, taken: context.taken)
        return ChartMarkDrawing(layers: labels.runs.isEmpty ? [:] : [.overSeries: [SceneCommand(.text(labels.runs))]],
                                notices: labels.notices)
    }
}
