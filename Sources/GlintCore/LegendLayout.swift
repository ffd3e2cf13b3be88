/// The series legend laid out in device pixels: the box, one swatch and label per named series.
public struct LegendLayout: Sendable {
    /// One legend row or column item.
    public struct Entry: Sendable {
        /// Index of the series in `Chart.series`.
        public let seriesIndex: Int
        /// Where the swatch is drawn.
        public let swatch: Rect
        /// Where the label's baseline starts.
        public let labelOrigin: Point
    }

    /// The legend box, on whole pixels; nil when no series has a name.
    public let box: Rect?
    /// The entries in series order.
    public let entries: [Entry]
    /// The label of each entry as drawn: the series' name, shortened with an ellipsis when the legend would
    /// otherwise be wider than the plot.
    public let labels: [String]
    /// What to draw: box, swatches, labels.
    public let commands: [SceneCommand]
    /// Why the legend was left out, when it does not fit inside the plot even with shortened labels; nil
    /// when it is drawn (or has no entries).
    public let notice: String?

    /// The largest cap such that `widths`, each cut to the cap, add up to at most `total` (the widest of them
    /// when they fit uncut).
    static func cap(_ widths: [Double], total: Double) -> Double {
        guard widths.reduce(0, +) > total else { return widths.max() ?? 0 }
        var low = 0.0, high = widths.max() ?? 0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if widths.map({ min($0, mid) }).reduce(0, +) <= total { low = mid } else { high = mid }
        }
        return low
    }

    /// The fewest characters a shortened legend label keeps before the legend is left out instead.
    public static let minimumLabel = 3

    /// Lays out the legend of `chart` inside `layout.plot`, within the legend's margins. Labels are shortened
    /// with an ellipsis when the legend would be wider than that room; a legend that still does not fit (too
    /// tall, or labels that would keep fewer than `minimumLabel` characters) is left out, with a `notice`.
    public init(chart: Chart, layout: ChartLayout, measurer: TextMeasuring) {
        let type = layout.typography
        let named = chart.series.indices.filter { !chart.series[$0].name.isEmpty }
        let none = { (notice: String?) in (box: Rect?.none, entries: [Entry](), labels: [String](), commands: [SceneCommand](), notice: notice) }
        guard !named.isEmpty else {
            (self.box, self.entries, self.labels, self.commands, self.notice) = none(nil)
            return
        }
        let padding = type.px(8), swatchWidth = type.px(24), labelGap = type.px(6)
        let rowGap = type.px(4), entryGap = type.px(14)
        let plot = layout.plot, m = chart.legend.margins.scaled(by: type.scale)
        let room = (width: plot.width - m.left - m.right, height: plot.height - m.top - m.bottom)
        let vertical = chart.legend.orientation == .vertical
        let count = Double(named.count)

        // The widest a label may be for the box to fit the room's width: in a row, the longest labels are
        // shortened first, down to a common cap that makes the row fit.
        let fixedWidth = 2 * padding + (vertical ? 1 : count) * (swatchWidth + labelGap) + (vertical ? 0 : entryGap * (count - 1))
        let natural = named.map { measurer.measure(chart.series[$0].name, fontSize: type.legend).width.rounded(.up) }
        let labelRoom = vertical ? room.width - fixedWidth
                                 : LegendLayout.cap(natural, total: room.width - fixedWidth)
        let labels = named.map {
            TextFitting.truncated(chart.series[$0].name, fontSize: type.legend, maxWidth: labelRoom.rounded(.down), measurer: measurer)
        }
        let metrics = labels.map { measurer.measure($0, fontSize: type.legend) }
        let rowHeight = max(metrics.map(\.lineHeight).max() ?? 0, type.px(12)).rounded(.up)
        let itemWidths = metrics.map { swatchWidth + labelGap + $0.width.rounded(.up) }

        let contentWidth = vertical ? itemWidths.max()! : itemWidths.reduce(0, +) + entryGap * (count - 1)
        let contentHeight = vertical ? rowHeight * count + rowGap * (count - 1) : rowHeight
        let size = (width: contentWidth + 2 * padding, height: contentHeight + 2 * padding)
        let tooShort = zip(labels, named).contains { label, index in
            label != chart.series[index].name && label.count - 1 < LegendLayout.minimumLabel
        }
        guard size.width <= room.width, size.height <= room.height, !tooShort else {
            let needed = "\(Int(size.width.rounded(.up)))x\(Int(size.height.rounded(.up)))"
            (self.box, self.entries, self.labels, self.commands, self.notice) = none(
                "legend left out: its \(named.count) entries need \(needed) px and the plot has "
                + "\(Int(max(0, room.width)))x\(Int(max(0, room.height))) px inside the legend's margins")
            return
        }
        self.labels = labels
        self.notice = nil
        let position = chart.legend.position
        let x = plot.x + m.left + position.horizontalFraction * (plot.width - m.left - m.right - size.width)
        let y = plot.y + m.top + position.verticalFraction * (plot.height - m.top - m.bottom - size.height)
        let box = Rect(x: x, y: y, width: size.width, height: size.height).pixelAligned
        self.box = box

        var entries: [Entry] = []
        var cursor = Point(box.x + padding, box.y + padding)
        for (k, index) in named.enumerated() {
            let swatch = Rect(x: cursor.x, y: cursor.y, width: swatchWidth, height: rowHeight)
            let baseline = (cursor.y + rowHeight / 2 + (metrics[k].ascent - metrics[k].descent) / 2).rounded()
            entries.append(Entry(seriesIndex: index, swatch: swatch,
                                 labelOrigin: Point((cursor.x + swatchWidth + labelGap).rounded(), baseline)))
            if vertical {
                cursor.y += rowHeight + rowGap
            } else {
                cursor.x += itemWidths[k] + entryGap
            }
        }
        self.entries = entries

        let theme = chart.theme
        var commands = [SceneCommand(.rects([RectShape(box, theme.legendBackground)]
                                            + RectShape.outline(box, width: type.px(1), color: theme.legendBorder)))]
        for entry in entries {
            let series = chart.series[entry.seriesIndex]
            let color = series.color ?? theme.paletteColor(entry.seriesIndex)
            commands += LegendLayout.swatch(series, color: color, in: entry.swatch, type: type)
        }
        commands.append(SceneCommand(.text(zip(entries, labels).map { entry, label in
            TextShape(label, origin: entry.labelOrigin, fontSize: type.legend, color: theme.text)
        })))
        self.commands = commands
    }

    /// A small sample of a series' look: its line, its dot, or a bar square, centred in `rect`.
    static func swatch(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let c = rect.center
        var commands: [SceneCommand] = []
        switch s.kind {
        case .line:
            let width = min(s.lineWidth * type.scale, rect.height * 0.6)
            var sample = LineShape(x: [rect.x, rect.maxX], y: [c.y, c.y], transform: .identity, color: color, width: width, cap: .butt)
            sample.dash = s.dash.flatMap { DashPattern($0.map { $0 * type.scale }) }
            commands.append(SceneCommand(.line(sample)))
        case .bars:
            let side = (rect.height * 0.8).rounded()
            let square = Rect(x: (c.x - side / 2).rounded(), y: (c.y - side / 2).rounded(), width: side, height: side)
            let outline = s.strokeColor.map { RectShape.outline(square, width: s.strokeWidth * type.scale, color: $0) } ?? []
            commands.append(SceneCommand(.rects([RectShape(square, color)] + outline)))
        case .dots:
            break
        }
        if s.drawsDots {
            let r = min(s.radius.upperBound * type.scale, rect.height / 2 - type.px(1))
            commands.append(SceneCommand(.dots(DotShape(
                x: [c.x], y: [c.y], size: nil, transform: .identity, radius: r...r, sizeRange: 0...0, fill: color,
                stroke: s.strokeColor ?? .clear, strokeWidth: s.strokeColor == nil ? 0 : s.strokeWidth * type.scale))))
        }
        return commands
    }
}
