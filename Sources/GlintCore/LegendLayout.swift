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

    /// Lays out the legend of `chart`: inside `layout.plot` within the legend's margins, or in the room
    /// `layout` kept for it beside the plot.
    public init(chart: Chart, layout: ChartLayout, measurer: TextMeasuring) {
        let type = layout.typography, legend = chart.legend
        let m = legend.margins.scaled(by: type.scale)
        let plot = layout.plot
        let built: LegendBox
        let origin: Point?
        if legend.placement == .outside, let side = LegendLayout.side(legend.position) {
            built = LegendLayout.box(chart, room: LegendLayout.outsideRoom(side, legend: legend, image: layout),
                                     flows: side == .top || side == .bottom, type: type, measurer: measurer)
            origin = layout.outsideLegend.map { Point($0.x, $0.y) }
        } else {
            let room = (width: plot.width - m.left - m.right, height: plot.height - m.top - m.bottom)
            built = LegendLayout.box(chart, room: room, type: type, measurer: measurer)
            origin = Point(plot.x + m.left + legend.position.horizontalFraction * (room.width - built.width),
                           plot.y + m.top + legend.position.verticalFraction * (room.height - built.height))
        }
        overflow = built.overflow
        switch built.problem {
        case let .doesNotFit(message)?:
            (box, entries, labels, commands, tooSmall) = (nil, [], [], [], nil)
            notice = message.isEmpty ? nil : message
            return
        case let .tooSmall(field, needed)?:
            (box, entries, labels, commands, notice) = (nil, [], [], [], nil)
            tooSmall = (field, needed)
            return
        case nil:
            (notice, tooSmall) = (nil, nil)
        }
        guard let origin else {
            (box, entries, labels, commands) = (nil, [], [], [])
            return
        }
        let box = Rect(x: origin.x, y: origin.y, width: built.width, height: built.height).pixelAligned
        self.box = box
        let moved = { (r: Rect) in Rect(x: r.x + box.x, y: r.y + box.y, width: r.width, height: r.height) }
        entries = built.cells.map { cell in
            Entry(seriesIndex: cell.entry.flatMap { built.entries[$0].seriesIndex }, swatch: moved(cell.swatch),
                  checkbox: cell.checkbox.map(moved), labelOrigin: Point(cell.labelOrigin.x + box.x, cell.labelOrigin.y + box.y))
        }
        labels = built.cells.map(\.label)
        commands = built.commands(at: Point(box.x, box.y), legend: legend, theme: chart.theme, type: type)
    }

    /// The entries of `chart`'s legend: the named series its source lists, in series order, then its items.
    static func entries(_ chart: Chart) -> [LegendBox.Entry] {
        let legend = chart.legend
        let series: [LegendBox.Entry] = chart.series.indices.compactMap { index in
            let s = chart.series[index]
            guard !s.name.isEmpty, legend.source.lists(s) else { return nil }
            let color = s.pointColors.map(\.scale.sampleColor) ?? s.color ?? chart.theme.paletteColor(index)
            return LegendBox.Entry(label: s.name, sample: .series(s, color),
                                   checked: legend.checkboxes ? s.visible : nil, seriesIndex: index)
        }
        return series + legend.items.map { LegendBox.Entry(label: $0.label, sample: .item($0), checked: nil, seriesIndex: nil) }
    }

    /// `chart`'s legend laid out within `room`; with `flows`, flowing into the columns the room holds.
    static func box(_ chart: Chart, room: (width: Double, height: Double), flows: Bool = false, type: Typography,
                    measurer: TextMeasuring) -> LegendBox {
        LegendBox(entries(chart), legend: chart.legend, room: room, flows: flows, type: type, measurer: measurer)
    }

    /// The side of the plot an outside legend at `position` sits on; nil for `center`, which has none.
    static func side(_ position: LegendPosition) -> ChartLayout.Side? {
        switch position {
        case .topLeft, .left, .bottomLeft: return .left
        case .topRight, .right, .bottomRight: return .right
        case .top: return .top
        case .bottom: return .bottom
        case .center: return nil
        }
    }

    /// The most an outside legend may take of the image: half its width beside the plot, a third of its height
    /// above or below, less the legend's margins.
    static func outsideRoom(_ side: ChartLayout.Side, legend: Legend, image: (width: Int, height: Int), type: Typography)
        -> (width: Double, height: Double) {
        let m = legend.margins.scaled(by: type.scale)
        let W = Double(image.width), H = Double(image.height)
        switch side {
        case .left, .right: return (W / 2 - m.left - m.right, H - m.top - m.bottom)
        case .top, .bottom: return (W - m.left - m.right, H / 3 - m.top - m.bottom)
        }
    }

    static func outsideRoom(_ side: ChartLayout.Side, legend: Legend, image layout: ChartLayout) -> (width: Double, height: Double) {
        outsideRoom(side, legend: legend, image: (layout.imageWidth, layout.imageHeight), type: layout.typography)
    }
}
