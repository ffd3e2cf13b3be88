import FoundationEssentials
import Glibc

/// The entries of a legend laid out in a box: an optional title, then a grid of cells (check box, sample, label).
/// Sizes are in device pixels and positions relative to the box's top-left corner, so the same box can be placed
/// inside the plot or beside it.
///
/// Without a fixed size or column count, a vertical legend is one column and a horizontal one a row, labels
/// shortened with an ellipsis to fit the room. With a fixed `width`, `height` or `columns`, entries flow into the
/// grid that fits (column by column when vertical, row by row when horizontal) and whatever still does not fit
/// ends in a "+N more" entry.
package struct LegendBox {
    /// What an entry shows before its label.
    package enum Sample {
        /// The look of a series, in its colour.
        case series(Series, Color)
        /// A custom item's marker or drawing.
        case item(LegendItem)
        /// Nothing.
        case none
    }

    /// One entry to lay out.
    package struct Entry {
        /// Its text.
        package var label: String
        /// What is drawn before it.
        package var sample: Sample
        /// The check box state; nil for no check box.
        package var checked: Bool?
        /// The series it stands for, if any.
        package var seriesIndex: Int?

        /// An entry labelled `label` after `sample`, with a check box when `checked` is given.
        package init(label: String, sample: Sample, checked: Bool? = nil, seriesIndex: Int? = nil) {
            (self.label, self.sample, self.checked, self.seriesIndex) = (label, sample, checked, seriesIndex)
        }
    }

    /// One laid-out cell.
    struct Cell {
        /// The entry shown, or nil for the "+N more" cell.
        let entry: Int?
        /// The label as drawn (perhaps shortened).
        let label: String
        /// The check box square, when the entry has one.
        let checkbox: Rect?
        /// The sample's rectangle (zero width without markers).
        let swatch: Rect
        /// Where the label's baseline starts.
        let labelOrigin: Point
    }

    /// Why a box cannot be drawn.
    package enum Problem: Error, Equatable {
        /// The automatic box does not fit the room; the message says what it needs.
        case doesNotFit(String)
        /// A given width or height (`field`) is smaller than the smallest box: one entry, or a colour bar 8 px long
        /// (`needed` logical pixels).
        case tooSmall(field: String, needed: Double)
        /// The legend's options cannot be drawn as given (a colour bar without a scale, a label off its range).
        case invalid(String)
    }

    let entries: [Entry]
    /// Box size in device pixels.
    private(set) var width = 0.0, height = 0.0
    /// The cells in entry order, the "+N more" cell last.
    private(set) var cells: [Cell] = []
    /// Entries left out into the "+N more" cell.
    private(set) var overflow = 0
    /// The title and its baseline origin, when there is one.
    private(set) var title: (text: String, origin: Point)?
    /// Why the box is not drawn; nil when it is.
    private(set) var problem: Problem?
    /// Label size in device pixels.
    let fontSize: Double

    /// The fewest characters a shortened label keeps before an automatic legend is left out instead.
    static let minimumLabel = 3

    /// Lays out `entries` as `legend` asks, within `room` (device pixels). With `flows`, an automatic box also flows
    /// into the grid that fits the room, as a fixed one does (an outside legend above or below the plot).
    /// `sample` widens the samples and heightens the rows for large ones (logical pixels).
    init(_ entries: [Entry], legend: Legend, room: (width: Double, height: Double), flows: Bool = false,
         sample: (width: Double, height: Double)? = nil, type: Typography, measurer: TextMeasuring) {
        self.entries = entries
        let style = legend.style
        let font = type.px(style.fontSize)
        fontSize = font
        let pad = type.px(legend.compact ? min(style.padding, 4) : style.padding)
        let swatchWidth = legend.markers ? type.px(max(legend.compact ? 14 : 24, sample?.width ?? 0)) : 0
        let labelGap = legend.markers ? type.px(legend.compact ? 4 : 6) : 0
        let hasChecks = entries.contains { $0.checked != nil }
        let check = hasChecks ? type.px(12) : 0, checkGap = hasChecks ? type.px(6) : 0
        let rowGap = type.px(legend.compact ? 1 : 4), columnGap = type.px(legend.compact ? 8 : 14)
        let lead = check + checkGap + swatchWidth + labelGap
        let rowHeight = max(measurer.measure("Mg", fontSize: font).lineHeight, type.px(max(legend.compact ? 10 : 12, sample?.height ?? 0)), check).rounded(.up)
        let titleText = legend.title.flatMap { $0.isEmpty ? nil : $0 }
        let titleMetrics = titleText.map { measurer.measure($0, fontSize: font) }
        let titleHeight = titleMetrics.map { ($0.lineHeight + type.px(6)).rounded(.up) } ?? 0
        let automatic = legend.width == nil && legend.height == nil && legend.columns == nil
        let fixed = flows || !automatic
        let boxWidth = min(legend.width.map(type.px) ?? room.width, room.width)
        let boxHeight = min(legend.height.map(type.px) ?? room.height, room.height)
        let inner = (width: boxWidth - 2 * pad, height: boxHeight - 2 * pad - titleHeight)
        let rowsThatFit = max(0, Int(saturating: ((inner.height + rowGap) / (rowHeight + rowGap)).rounded(.down)))
        let smallest = lead + measurer.measure("Mm" + TextFitting.ellipsis, fontSize: font).width
        if let h = legend.height, rowsThatFit < 1 {
            let needed = (2 * pad + titleHeight + rowHeight) / type.scale
            problem = h < needed ? .tooSmall(field: "height", needed: needed.rounded(.up))
                                 : .doesNotFit("legend left out: its fixed height does not fit the room")
            return
        }
        if let w = legend.width, inner.width < smallest {
            let needed = (2 * pad + smallest) / type.scale
            problem = w < needed ? .tooSmall(field: "width", needed: needed.rounded(.up))
                                 : .doesNotFit("legend left out: its fixed width does not fit the room")
            return
        }
        guard !entries.isEmpty else {
            problem = .doesNotFit("")
            return
        }
        guard inner.width >= smallest else {
            let needed = Int(saturating: (2 * pad + smallest).rounded(.up))
            problem = .doesNotFit("legend left out: an entry needs a width of \(needed) px and the room for it is "
                                  + "\(Int(saturating: max(0, room.width)))x\(Int(saturating: max(0, room.height))) px")
            return
        }

        // The grid's shape.
        let vertical = legend.orientation == .vertical
        // Names as wide as they are, or as `labelLimit` shortens them.
        let natural = entries.map { min(measurer.measure($0.label, fontSize: font).width, legend.labelLimit.map(type.px) ?? .infinity).rounded(.up) }
        let n = entries.count
        // A fixed box takes as many columns of the widest entry as its width holds.
        let cell = min((natural.max() ?? 0) + lead, inner.width)
        let columnsThatFit = max(1, Int(saturating: ((inner.width + columnGap) / (cell + columnGap)).rounded(.down)))
        var columns: Int, rows: Int
        if let forced = legend.columns {
            columns = min(max(forced, 1), n)
            rows = (n + columns - 1) / columns
        } else if !fixed {
            (columns, rows) = vertical ? (1, n) : (n, 1)
        } else if vertical {
            // As few columns as the rows that fit need, their entries shared out evenly (12 in two columns: 6 + 6).
            columns = min((n + max(1, rowsThatFit) - 1) / max(1, rowsThatFit), columnsThatFit)
            rows = max(1, min(rowsThatFit, (n + columns - 1) / columns))
        } else {
            columns = min(n, columnsThatFit)
            rows = (n + columns - 1) / columns
        }
        if fixed, rows > rowsThatFit { rows = max(1, rowsThatFit) }
        let capacity = rows * columns
        let shown = n <= capacity ? n : capacity - 1
        overflow = n - shown
        var labels = entries.prefix(shown).map(\.label)
        var widths = Array(natural.prefix(shown))
        if overflow > 0 {
            labels.append("+\(overflow) more")
            widths.append(measurer.measure(labels.last!, fontSize: font).width.rounded(.up))
        }
        // Cell k's column and row.
        func place(_ k: Int) -> (column: Int, row: Int) { vertical ? (k / rows, k % rows) : (k % columns, k / columns) }
        let usedColumns = (0..<labels.count).map { place($0).column }.max().map { $0 + 1 } ?? 1
        var columnLabel = [Double](repeating: 0, count: usedColumns)
        for k in labels.indices { columnLabel[place(k).column] = max(columnLabel[place(k).column], widths[k]) }
        let labelRoom = inner.width - Double(usedColumns) * lead - columnGap * Double(usedColumns - 1)
        let cap = min(LegendBox.cap(columnLabel, total: labelRoom), legend.labelLimit.map(type.px) ?? .infinity)
        func fitted(_ label: String) -> String { TextFitting.truncated(label, fontSize: font, maxWidth: cap.rounded(.down), measurer: measurer) }
        // Names that must be shortened and share their first words ("series Alpha", "series Bravo") give those words
        // up, not their ends, which tell them apart: "…Alpha", "…Bravo".
        let shared = LegendBox.sharedPrefix(Array(labels.prefix(shown)))
        if !shared.isEmpty, labels.prefix(shown).contains(where: { fitted($0) != $0 }) {
            labels = labels.enumerated().map { k, label in k < shown ? TextFitting.ellipsis + label.dropFirst(shared.count) : label }
        }
        labels = labels.map(fitted)
        let columnWidths = columnLabel.map { lead + min($0, cap).rounded(.up) }
        let usedRows = (0..<labels.count).map { place($0).row }.max().map { $0 + 1 } ?? 1
        let contentWidth = max(columnWidths.reduce(0, +) + columnGap * Double(usedColumns - 1), titleMetrics?.width.rounded(.up) ?? 0)
        let contentHeight = Double(usedRows) * rowHeight + Double(usedRows - 1) * rowGap + titleHeight
        // A given size is the most the box takes: it shrinks to entries that need less.
        width = min(contentWidth + 2 * pad, legend.width == nil ? room.width : boxWidth)
        height = legend.height == nil ? contentHeight + 2 * pad : min(contentHeight + 2 * pad, boxHeight)
        let tooShort = labels.indices.contains { k in
            labels[k] != (k < shown ? entries[k].label : "+\(overflow) more") && labels[k].count - 1 < LegendBox.minimumLabel
        }
        // However it was sized, a box larger than its room is left out (an automatic one, flowing or not, also when
        // its labels would be cut too short).
        if contentWidth + 2 * pad > room.width + 0.5 && !fixed || width > room.width + 0.5 || height > room.height + 0.5
            || (automatic && tooShort) {
            let needed = "\(Int(saturating: (contentWidth + 2 * pad).rounded(.up)))x\(Int(saturating: height.rounded(.up)))"
            problem = .doesNotFit("legend left out: its \(n) entries need \(needed) px and the room for it is "
                                  + "\(Int(saturating: max(0, room.width)))x\(Int(saturating: max(0, room.height))) px")
            return
        }
        title = titleText.map { text in
            (TextFitting.truncated(text, fontSize: font, maxWidth: width - 2 * pad, measurer: measurer),
             Point(pad.rounded(), (pad + titleMetrics!.ascent).rounded()))
        }
        var columnStarts = [pad]
        for w in columnWidths.dropLast() { columnStarts.append(columnStarts.last! + w + columnGap) }
        let labelMetrics = measurer.measure("0", fontSize: font)
        cells = labels.indices.map { k in
            let (column, row) = place(k)
            let x = columnStarts[column], y = pad + titleHeight + Double(row) * (rowHeight + rowGap)
            let entry = k < shown ? k : nil
            let checkbox = entry.flatMap { entries[$0].checked } != nil
                ? Rect(x: x, y: (y + (rowHeight - check) / 2).rounded(), width: check, height: check) : nil
            let swatch = Rect(x: x + check + checkGap, y: y, width: entry == nil ? 0 : swatchWidth, height: rowHeight)
            let baseline = (y + rowHeight / 2 + (labelMetrics.ascent - labelMetrics.descent) / 2).rounded()
            return Cell(entry: entry, label: labels[k], checkbox: checkbox, swatch: swatch,
                        labelOrigin: Point((x + lead).rounded(), baseline))
        }
    }

    /// The words every one of `labels` begins with, up to and including a separator (a space, `.`, `_`, `/`, `:` or
    /// `-`), when at least two labels share three or more such characters and each keeps `minimumLabel` or more
    /// after them ("host a" and "host b" keep too little to tell apart); "" otherwise.
    package static func sharedPrefix(_ labels: [String]) -> String {
        guard labels.count >= 2, var common = labels.first.map(Array.init) else { return "" }
        for label in labels.dropFirst() {
            common = Array(zip(common, label).prefix { $0 == $1 }.map(\.0))
        }
        guard let end = common.lastIndex(where: { " ._/:-".contains($0) }), end >= 2 else { return "" }
        guard labels.allSatisfy({ $0.count - (end + 1) >= minimumLabel }) else { return "" }
        return String(common[...end])
    }

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

    /// The box drawn with its top-left corner at `origin`: background, border, title, check boxes, samples, labels.
    package func commands(at origin: Point, legend: Legend, theme: Theme, marks: any LayoutMarks, type: Typography) -> [SceneCommand] {
        let box = Rect(x: origin.x, y: origin.y, width: width, height: height).pixelAligned
        let textColor = legend.style.textColor ?? theme.text
        var commands = LegendBox.frame(box, legend: legend, theme: theme, type: type)
        let moved = { (r: Rect) in Rect(x: r.x + box.x, y: r.y + box.y, width: r.width, height: r.height) }
        var runs: [TextShape] = title.map { [TextShape($0.text, origin: Point($0.origin.x + box.x, $0.origin.y + box.y),
                                                       fontSize: fontSize, color: textColor, role: TextRole(.legendTitle, legend: legend.id))
                                                       .shortened(from: legend.title ?? $0.text)] } ?? []
        for cell in cells {
            let entry = cell.entry.map { entries[$0] }
            if let square = cell.checkbox.map(moved) {
                commands += LegendBox.checkbox(square, checked: entry?.checked == true, color: textColor, type: type)
            }
            if let entry, legend.markers {
                commands += LegendBox.sample(entry.sample, in: moved(cell.swatch), dimmed: entry.checked == false, marks: marks, type: type)
            }
            let color = entry?.checked == false || entry == nil ? textColor.withAlpha(textColor.alpha * 0.6) : textColor
            runs.append(TextShape(cell.label, origin: Point(cell.labelOrigin.x + box.x, cell.labelOrigin.y + box.y),
                                  fontSize: fontSize, color: color, role: TextRole(.legendEntry, legend: legend.id, series: entry?.seriesIndex))
                .shortened(from: entry?.label ?? cell.label))
        }
        commands.append(SceneCommand(.text(runs)))
        return commands
    }

    /// A legend's box: its background and border, with rounded corners when the style asks.
    static func frame(_ box: Rect, legend: Legend, theme: Theme, type: Typography) -> [SceneCommand] {
        let style = legend.style
        let fill = style.background ?? theme.legendBackground, border = style.border ?? theme.legendBorder
        let width = type.px(style.borderWidth)
        let r = min(type.px(style.cornerRadius), box.width / 2, box.height / 2).rounded(.down)
        guard r >= 1 else {
            return [SceneCommand(.rects([RectShape(box, fill, border: width > 0 ? RectBorder(width: width, color: border) : nil)]))]
        }
        // The fill: three bands that do not overlap, and a disc in each corner clipped to its corner square (so a
        // translucent background is blended once everywhere).
        var commands = [SceneCommand(.rects([
            RectShape(Rect(x: box.x + r, y: box.y, width: box.width - 2 * r, height: box.height), fill),
            RectShape(Rect(x: box.x, y: box.y + r, width: r, height: box.height - 2 * r), fill),
            RectShape(Rect(x: box.maxX - r, y: box.y + r, width: r, height: box.height - 2 * r), fill),
        ]))]
        for (cx, cy) in [(box.x + r, box.y + r), (box.maxX - r, box.y + r), (box.x + r, box.maxY - r), (box.maxX - r, box.maxY - r)] {
            let corner = PixelRect(Rect(x: cx < box.center.x ? box.x : cx, y: cy < box.center.y ? box.y : cy, width: r, height: r))
            commands.append(SceneCommand(.dots(DotShape(x: [cx], y: [cy], size: nil, transform: .identity, radius: r...r,
                                                        sizeRange: 0...0, fill: fill)), clip: corner))
        }
        guard width > 0 else { return commands }
        // The border: one closed stroke along the rounded outline, half its width inside the box's edge.
        let inset = width / 2, arc = max(r - inset, 0)
        var xs: [Double] = [], ys: [Double] = []
        let corners = [(box.maxX - r, box.y + r, -90.0), (box.maxX - r, box.maxY - r, 0.0), (box.x + r, box.maxY - r, 90.0),
                       (box.x + r, box.y + r, 180.0)]
        xs.append(box.center.x)
        ys.append(box.y + inset)
        for (cx, cy, start) in corners {
            for k in 0...8 {
                let angle = (start + Double(k) * 90 / 8) * .pi / 180
                xs.append(cx + arc * cos(angle))
                ys.append(cy + arc * sin(angle))
            }
        }
        // Past the start, so the two butt ends do not meet at one pixel (a line's stroke is composited once, so
        // the overlap does not darken).
        xs.append(box.center.x + 2 * width + 2)
        ys.append(box.y + inset)
        commands.append(SceneCommand(.line(LineShape(x: Column(xs), y: Column(ys), transform: .identity, color: border, width: width, cap: .butt))))
        return commands
    }

    /// A check box: an outlined square, with a tick when checked.
    static func checkbox(_ square: Rect, checked: Bool, color: Color, type: Typography) -> [SceneCommand] {
        var commands = [SceneCommand(.rects([RectShape.border(square, width: type.px(1), color: color)]))]
        if checked {
            let s = square
            let tick = LineShape(x: [s.x + 0.22 * s.width, s.x + 0.43 * s.width, s.x + 0.8 * s.width],
                                 y: [s.y + 0.5 * s.height, s.y + 0.72 * s.height, s.y + 0.28 * s.height],
                                 transform: .identity, color: color, width: type.px(1.8))
            commands.append(SceneCommand(.line(tick)))
        }
        return commands
    }

    /// A small sample centred in `rect`: a series' look, or an item's marker or drawing. A hidden series' sample
    /// is faded.
    static func sample(_ sample: Sample, in rect: Rect, dimmed: Bool, marks: any LayoutMarks, type: Typography) -> [SceneCommand] {
        let fade = { (c: Color) in dimmed ? c.withAlpha(c.alpha * 0.35) : c }
        switch sample {
        case .none:
            return []
        case let .series(s, color):
            var series = s
            series.outline.color = s.outline.color.map(fade)
            return marks.legendSample(series, color: fade(color), in: rect, type: type)
        case let .item(item):
            if let draw = item.draw { return draw(rect) }
            if item.marker == .none { return [] }
            return marks.itemSample(item, color: fade(item.color), in: rect, type: type)
        }
    }
}
