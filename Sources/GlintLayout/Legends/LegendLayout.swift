/// The series legend laid out in device pixels: the box, and a cell (check box, swatch, label) per listed series
/// and custom item, inside the plot or beside it.
public struct LegendLayout: Sendable {
    /// One laid-out entry.
    public struct Entry: Sendable {
        /// Index of the series in `Chart.series`; nil for a custom item or the "+N more" entry.
        public let seriesIndex: Int?
        /// Where the swatch is drawn.
        public let swatch: Rect
        /// The check box square, when the legend shows check boxes and the entry is a series.
        public let checkbox: Rect?
        /// Where the label's baseline starts.
        public let labelOrigin: Point
    }

    /// The legend box, on whole pixels; nil when it has no entries or is left out.
    public let box: Rect?
    /// The entries in order: listed series, then custom items, then "+N more" when some did not fit.
    public let entries: [Entry]
    /// The label of each entry as drawn, shortened with an ellipsis where the room is too narrow.
    public let labels: [String]
    /// Entries left out into the "+N more" entry (fixed size or columns only).
    public let overflow: Int
    /// What to draw: box, title, check boxes, swatches, labels.
    public let commands: [SceneCommand]
    /// Why the legend was left out, when it does not fit even with shortened labels; nil when it is drawn (or
    /// has no entries).
    public let notice: String?
    /// A fixed width or height smaller than one entry: the field and the logical pixels one entry needs.
    public let tooSmall: (field: String, needed: Double)?

    /// The fewest characters a shortened legend label keeps before the legend is left out instead.
    public static let minimumLabel = LegendBox.minimumLabel

    /// The legend with `id` (by default the series legend, `chart.legend`) as `layout` placed it: inside
    /// `layout.plot` within the legend's margins, or in the room `layout` kept for it beside the plot. A colour bar
    /// has a box but no entries.
    public init(chart: Chart, layout: ChartLayout, measurer: TextMeasuring, id: String = "series") {
        let placed = layout.legends.first { $0.legend.id == id }
        if let placed, case .colorBar = placed.block {
            let drawn = placed.frame.map {
                placed.block.commands(at: Point($0.x, $0.y), legend: placed.legend, theme: chart.theme, marks: layout.marks,
                                     type: layout.typography)
            }
            (box, entries, labels, overflow, commands, notice, tooSmall) = (placed.frame, [], [], 0, drawn ?? [], placed.notice, nil)
            return
        }
        guard let placed, case let .entries(built) = placed.block else {
            (box, entries, labels, overflow, commands, notice, tooSmall) = (nil, [], [], 0, [], nil, nil)
            return
        }
        overflow = built.overflow
        notice = placed.notice
        if case let .tooSmall(field, needed)? = built.problem { tooSmall = (field, needed) } else { tooSmall = nil }
        guard let box = placed.frame else {
            (self.box, entries, labels, commands) = (nil, [], [], [])
            return
        }
        self.box = box
        let moved = { (r: Rect) in Rect(x: r.x + box.x, y: r.y + box.y, width: r.width, height: r.height) }
        entries = built.cells.map { cell in
            Entry(seriesIndex: cell.entry.flatMap { built.entries[$0].seriesIndex }, swatch: moved(cell.swatch),
                  checkbox: cell.checkbox.map(moved), labelOrigin: Point(cell.labelOrigin.x + box.x, cell.labelOrigin.y + box.y))
        }
        labels = built.cells.map(\.label)
        commands = placed.block.commands(at: Point(box.x, box.y), legend: placed.legend, theme: chart.theme, marks: layout.marks,
                                         type: layout.typography)
    }

    /// The entries of a series legend of `chart`: the named series its source lists, in series order (a pie's
    /// slices, named or not: an entry each), then its items. A series whose colours a colour bar or points legend
    /// already explains (a heatmap beside its colour bar) has no swatch here: one colour of its scale would misname it.
    static func entries(_ chart: Chart, legend: Legend, marks: any LayoutMarks) -> [LegendBox.Entry] {
        // Asked only where some series has colours of its own, and without copying the legends (a chart of
        // thousands of legends asks once per series legend).
        var explained = Set<Int>()
        if chart.series.contains(where: { $0.pointColors != nil }) {
            func note(_ other: Legend) {
                guard other.visible else { return }
                switch other.kind {
                case let .colorBar(bar): if let s = bar.series { explained.insert(s) }
                case let .points(points): if let s = points.series { explained.insert(s) }
                case .series, .sizes: break
                }
            }
            note(chart.legend)
            chart.legends.all.forEach(note)
        }
        let series: [LegendBox.Entry] = chart.series.indices.flatMap { index -> [LegendBox.Entry] in
            let s = marks.legendLook(chart.series[index], index: index)
            guard legend.source.lists(s), !explained.contains(index) || s.pointColors == nil else { return [] }
            if let entries = marks.legendEntries(s, index: index, legend: legend, theme: chart.theme) { return entries }
            guard !s.name.isEmpty else { return [] }
            let color = s.pointColors.map(\.scale.sampleColor) ?? s.color ?? chart.theme.paletteColor(index)
            return [LegendBox.Entry(label: s.name, sample: .series(s, color),
                                    checked: legend.checkboxes ? s.visible : nil, seriesIndex: index)]
        }
        // One series is no reason for a legend unless one was asked for (`Legend.showsLoneSeries`). A legend of some
        // series (the hidden ones, the selected ones) lists what it lists, one or many.
        if series.count == 1, legend.source == .all, !legend.asksForLoneSeries { return [] }
        return series + legend.items.map { LegendBox.Entry(label: $0.label, sample: .item($0), checked: nil, seriesIndex: nil) }
    }
}
