import FoundationEssentials
import Glibc

/// A colour-bar legend laid out in box coordinates: title, gradient bar (low values left, or at the bottom when
/// vertical), tick marks and labels, in device pixels.
package struct ColorBarBox {
    /// The scale drawn, with its range.
    let scale: ColorScale
    /// Box size.
    private(set) var width = 0.0, height = 0.0
    /// The gradient bar.
    private(set) var bar = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Labels kept after thinning: place along the bar (0…1), text and baseline origin.
    private(set) var labels: [(t: Double, text: String, origin: Point)] = []
    /// The title and its baseline origin.
    private(set) var title: (text: String, origin: Point)?
    /// Why the bar cannot be drawn.
    private(set) var problem: LegendBox.Problem?
    let vertical: Bool
    let roundedEnds: Bool
    let fontSize: Double

    init(_ spec: ColorBarLegend, legend: Legend, chart: Chart, marks: any LayoutMarks, room: (width: Double, height: Double), type: Typography,
         measurer: TextMeasuring) {
        vertical = legend.orientation == .vertical
        roundedEnds = spec.roundedEnds
        fontSize = type.px(legend.style.fontSize)
        let found = spec.scale ?? spec.series.flatMap { i in i < chart.series.count ? marks.colorBarScale(chart.series[i]) : nil }
        scale = found ?? ColorScale(palette: .viridis, range: 0...1)
        guard found != nil, !scale.isCategorical, let range = scale.range else {
            problem = .invalid(found == nil ? "has no scale: give it one, or name a series coloured by values"
                                            : scale.isCategorical ? "shows a numeric scale; use a points legend for categories"
                                                                  : "its scale has no range")
            return
        }
        let places: [(t: Double, text: String)]
        switch ColorBarBox.places(spec, range: range, scale: scale) {
        case let .failure(problem):
            self.problem = problem
            return
        case let .success(found):
            places = found
        }

        let pad = type.px(legend.style.padding), tick = type.px(4), gap = type.px(3)
        let metrics = places.map { measurer.measure($0.text, fontSize: fontSize) }
        let line = measurer.measure("0", fontSize: fontSize)
        let titleText = legend.title.flatMap { $0.isEmpty ? nil : $0 }
        let titleMetrics = titleText.map { measurer.measure($0, fontSize: fontSize) }
        let titleHeight = titleMetrics.map { ($0.lineHeight + type.px(6)).rounded(.up) } ?? 0
        let thickness = type.px(spec.thickness)
        // A width or height the legend is given holds the box, as its room does: the bar shortens to fit.
        let room = (width: min(room.width, legend.width.map(type.px) ?? .infinity),
                    height: min(room.height, legend.height.map(type.px) ?? .infinity))
        if vertical {
            let labelWidth = metrics.map(\.width).max() ?? 0
            // As long as asked, or as the room's height allows (rounded down, so the box never outgrows its room).
            let top = (pad + titleHeight + line.lineHeight / 2).rounded()
            let length = min(type.px(spec.length).rounded(), (room.height - top - line.lineHeight / 2 - pad).rounded(.down))
            bar = Rect(x: pad, y: top, width: thickness, height: length)
            width = max(pad + thickness + tick + gap + labelWidth.rounded(.up) + pad, (titleMetrics?.width ?? 0).rounded(.up) + 2 * pad)
            height = bar.maxY + line.lineHeight / 2 + pad
        } else {
            // Labels may reach past the bar's ends by half their width.
            let length0 = type.px(spec.length)
            let before = zip(places, metrics).map { max(0, $1.width / 2 - $0.t * length0) }.max() ?? 0
            let after = zip(places, metrics).map { max(0, $0.t * length0 + $1.width / 2 - length0) }.max() ?? 0
            let left = (pad + before).rounded()
            let length = min(length0.rounded(), (room.width - left - after - pad).rounded(.down))
            bar = Rect(x: left, y: pad + titleHeight, width: length, height: thickness)
            width = max(bar.maxX + after + pad, (titleMetrics?.width ?? 0).rounded(.up) + 2 * pad).rounded(.up)
            height = (bar.maxY + tick + gap + line.lineHeight + pad).rounded(.up)
        }
        guard bar.width >= 8, bar.height >= 8, width <= room.width, height <= room.height else {
            // A given size smaller than the box of a bar 8 px long is a mistake in the legend; a small room a notice.
            let smallest = vertical ? (width: width, height: bar.y + 8 + line.lineHeight / 2 + pad)
                                    : (width: max(width - bar.width + 8, (titleMetrics?.width ?? 0).rounded(.up) + 2 * pad), height: height)
            for (field, given, needed) in [("width", legend.width, smallest.width), ("height", legend.height, smallest.height)] {
                guard let given, type.px(given) < needed - 0.5 else { continue }
                problem = .tooSmall(field: field, needed: (needed / type.scale).rounded(.up))
                return
            }
            problem = .doesNotFit("colour bar '\(legend.id)' left out: it needs \(Int(saturating: width))x\(Int(saturating: height)) px and the room for it is "
                                  + "\(Int(saturating: max(0, room.width)))x\(Int(saturating: max(0, room.height))) px")
            return
        }
        title = titleText.map { ($0, Point(pad.rounded(), (pad + titleMetrics!.ascent).rounded())) }
        // Each label centred on its place (beside it when vertical), thinned where they would touch.
        let bar = self.bar
        let spans = zip(places, metrics).map { place, m -> ClosedRange<Double> in
            vertical ? TextFitting.clamped(centre: bar.maxY - place.t * bar.height, length: m.lineHeight, within: 0...height)
                     : TextFitting.clamped(centre: bar.x + place.t * bar.width, length: m.width, within: 0...width)
        }
        let keep = TextFitting.thinned(spans, gap: type.px(vertical ? 2 : 6))
        labels = places.indices.filter { keep[$0] }.map { k in
            let m = metrics[k], span = spans[k]
            let origin = vertical
                ? Point((bar.maxX + tick + gap).rounded(), ((span.lowerBound + span.upperBound) / 2 + (m.ascent - m.descent) / 2).rounded())
                : Point(span.lowerBound.rounded(), (bar.maxY + tick + gap + m.ascent).rounded())
            return (places[k].t, places[k].text, origin)
        }
    }

    /// Where the labels go along the bar (0…1) and what they say, in the display unit; a label outside the
    /// scale's range is a problem.
    static func places(_ spec: ColorBarLegend, range: ClosedRange<Double>, scale: ColorScale)
        -> Result<[(t: Double, text: String)], LegendBox.Problem> {
        let convert = { (v: Double) in spec.units?.convert(v) ?? v }
        let lo = convert(range.lowerBound), hi = convert(range.upperBound)
        let shown = min(lo, hi)...max(lo, hi)
        // Display units are an affine map of the data's: a display value's place is its data value's, through the
        // scale's normalisation (a log or equalised scale places labels where their colours are).
        let place = { (display: Double) -> Double in
            let linear = hi == lo ? 0.5 : (display - lo) / (hi - lo)
            guard scale.normalization != .linear else { return linear }
            return scale.fraction(range.lowerBound + linear * (range.upperBound - range.lowerBound)) ?? 0
        }
        func texts(_ values: [Double], step: Double) -> [String] {
            if let format = spec.format { return format.labels(for: values, step: step) }
            let suffix = spec.units.map { " " + $0.symbol } ?? ""
            return NiceTicks.labels(for: values, step: step).map { $0 + suffix }
        }
        func outside(_ value: Double, _ what: String) -> LegendBox.Problem {
            .invalid("label \(what) \(value) is outside the scale's range \(range.lowerBound)…\(range.upperBound)")
        }
        switch spec.labels {
        case .automatic where scale.normalization != .linear:
            let values = spreadTicks(in: shown, place: place, gap: 36 / max(spec.length, 1))
            let step = zip(values, values.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? NiceTicks.step(over: shown, target: 5)
            return .success(zip(values, texts(values, step: step)).map { (place($0), $1) })
        case .automatic:
            let target = max(2, Int(saturating: spec.length / 60))
            let values = NiceTicks.ticks(in: shown, target: target)
            return .success(zip(values, texts(values, step: NiceTicks.step(over: shown, target: target))).map { (place($0), $1) })
        case let .every(steps):
            let unit = spec.units?.display ?? ""
            guard let step = steps[unit] ?? steps[""], step > 0 else {
                return .failure(.invalid("labels.every has no step for the display unit \"\(unit)\" (given: \(steps.keys.sorted().joined(separator: ", ")))"))
            }
            let first = (shown.lowerBound / step - 1e-9).rounded(.up), last = (shown.upperBound / step + 1e-9).rounded(.down)
            guard first <= last, last - first < 1000 else { return .success([]) }
            let values = stride(from: first, through: last, by: 1).map { $0 * step }
            return .success(zip(values, texts(values, step: step)).map { (place($0), $1) })
        case let .values(values):
            if let bad = values.first(where: { !range.contains($0) }) { return .failure(outside(bad, "value")) }
            let display = values.map(convert)
            let step = zip(display, display.dropFirst()).map { abs($1 - $0) }.filter { $0 > 0 }.min()
                ?? NiceTicks.step(over: shown, target: 5)
            return .success(zip(display, texts(display, step: step)).map { (place($0), $1) })
        case let .named(labels, normalized):
            if let bad = labels.first(where: { normalized ? !(0...1).contains($0.position) : !range.contains($0.position) }) {
                return .failure(outside(bad.position, normalized ? "position" : "value"))
            }
            return .success(labels.map { (normalized ? $0.position : scale.fraction($0.position) ?? 0, $0.text) })
        }
    }

    /// Labels for a bar whose colours are not spread evenly over its values (log, equalised): the ends, then the
    /// powers of ten between them, then their doubles and fives — or, over a range reaching 0 or below, nice
    /// linear steps — each kept where its place lies at least `gap` (a share of the bar) from every one kept
    /// before; in increasing order.
    static func spreadTicks(in shown: ClosedRange<Double>, place: (Double) -> Double, gap: Double) -> [Double] {
        var candidates = [shown.lowerBound, shown.upperBound]
        if shown.lowerBound > 0 {
            let first = Int(saturating: log10(shown.lowerBound).rounded(.down)), last = Int(saturating: log10(shown.upperBound).rounded(.up))
            if last - first <= 40 {
                for multiple in [1.0, 2, 5] {
                    candidates += (first...last).map { multiple * pow(10, Double($0)) }.filter(shown.contains)
                }
            }
        } else {
            candidates += NiceTicks.ticks(in: shown, target: 10)
        }
        var kept: [(value: Double, place: Double)] = []
        for value in candidates {
            let at = place(value)
            if kept.allSatisfy({ abs($0.place - at) >= gap }) { kept.append((value, at)) }
        }
        return kept.map(\.value).sorted()
    }

    /// The bar drawn with its box's top-left corner at `origin`.
    func commands(at origin: Point, legend: Legend, theme: Theme, type: Typography) -> [SceneCommand] {
        let box = Rect(x: origin.x, y: origin.y, width: width, height: height).pixelAligned
        let textColor = legend.style.textColor ?? theme.text
        let b = Rect(x: bar.x + box.x, y: bar.y + box.y, width: bar.width, height: bar.height)
        var commands = LegendBox.frame(box, legend: legend, theme: theme, type: type)
        let length = vertical ? b.height : b.width, r = roundedEnds ? (vertical ? b.width : b.height) / 2 : 0
        // An image of one device pixel of gradient per cell, each in the colour at its middle, from the low end
        // (left, or bottom: rows upwards); the cells under the rounded ends are left to their discs.
        let (first, end) = (Int(saturating: r), Int(saturating: length - r))
        let cells = max(end, 0)
        let colors: [Color?] = (0..<cells).map { i in i >= first ? scale.color(atFraction: (Double(i) + 0.5) / length) : nil }
        var image = vertical
            ? ImageShape(origin: Point(b.x, b.maxY), cellWidth: b.width, cellHeight: 1, columns: 1, rows: cells,
                         rowsUpward: true, colors: colors)
            : ImageShape(origin: Point(b.x, b.y), cellWidth: 1, cellHeight: b.height, columns: cells, rows: 1, colors: colors)
        // A smooth scale is also a gradient, which vector output draws (a stepped one is its cells' rectangles).
        if scale.steps == nil && !scale.isCategorical {
            image.gradient = LinearGradient(start: vertical ? Point(b.x, b.maxY) : Point(b.x, b.y),
                                            end: vertical ? Point(b.x, b.maxY - length) : Point(b.x + length, b.y),
                                            stops: scale.stops.map { LinearGradient.Stop($0.position, $0.color) })
        }
        commands.append(SceneCommand(.image(image)))
        if roundedEnds {
            for t in [r / length, 1 - r / length] {
                let c = vertical ? Point(b.center.x, b.maxY - t * length) : Point(b.x + t * length, b.center.y)
                let color = scale.color(atFraction: t)
                commands.append(SceneCommand(.dots(DotShape(x: [c.x], y: [c.y], size: nil, transform: .identity,
                                                            radius: r...r, sizeRange: 0...0, fill: color))))
            }
        }
        let w = type.px(1), tick = type.px(4)
        commands.append(SceneCommand(.rects(labels.map { label in
            vertical ? RectShape(Rect(x: b.maxX, y: (b.maxY - label.t * b.height - w / 2).rounded(), width: tick, height: w), textColor)
                     : RectShape(Rect(x: (b.x + label.t * b.width - w / 2).rounded(), y: b.maxY, width: w, height: tick), textColor)
        })))
        var runs = labels.map {
            TextShape($0.text, origin: Point($0.origin.x + box.x, $0.origin.y + box.y), fontSize: fontSize, color: textColor,
                      role: TextRole(.colorBarLabel, legend: legend.id))
        }
        if let title {
            runs.append(TextShape(title.text, origin: Point(title.origin.x + box.x, title.origin.y + box.y), fontSize: fontSize,
                                  color: textColor, role: TextRole(.legendTitle, legend: legend.id)))
        }
        commands.append(SceneCommand(.text(runs)))
        return commands
    }
}
