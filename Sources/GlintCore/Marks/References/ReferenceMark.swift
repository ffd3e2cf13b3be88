/// Reference bands (behind the series) and lines with their labels (over them), clipped to the plot
/// (`"references"`). They take part in auto ranges, so a target beyond the data still shows; a mark without a
/// position on its axis's scale (≤ 0 on a log axis) is not drawn.
enum ReferenceMark: ChartMark {
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        var x: ClosedRange<Double>?, y: ClosedRange<Double>?
        for r in chart.references {
            guard let values = r.position(on: r.axis == .x ? chart.x.function : chart.y.function) else { continue }
            if r.axis == .x { x = DataRange.union(x, values) } else { y = DataRange.union(y, values) }
        }
        return (x, y)
    }

    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        let (chart, layout, text) = (context.chart, context.layout, context.text)
        let plot = layout.plot, clip = layout.plotClip, type = layout.typography
        let t = layout.transform
        var bandRects: [RectShape] = [], lineCommands: [SceneCommand] = []
        var bandLabels: [TextShape] = [], lineLabels: [TextShape] = []
        let pad = type.px(4), fontSize = type.tickLabel
        var taken = OccupiedBoxes(cell: 64, bounds: plot), notices: [String] = []
        for box in context.taken { taken.insert(box) }
        /// The first of `origins` (baselines' starts) whose box for `label` lies inside the plot clear of the text
        /// and legends already there, of the data's marks (a label over a dot or a bar hides it) and of the data's
        /// lines (a label a line runs through reads as struck out), else the first clear of all but the lines;
        /// nil, with a notice, when none is.
        func placed(_ label: String, at origins: [Point], reference index: Int) -> TextShape? {
            let m = text.measurer.measure(label, fontSize: fontSize)
            let boxes = origins.map { Rect(x: $0.x, y: $0.y - m.ascent, width: m.width, height: m.lineHeight) }
            if let k = taken.takeFirst(of: boxes, inside: plot, clearOf: context.marks, lines: context.lines)
                ?? taken.takeFirst(of: boxes, inside: plot, clearOf: context.marks) {
                return TextShape(label, origin: origins[k], fontSize: fontSize, color: chart.theme.text, role: TextRole(.referenceLabel, index: index))
            }
            notices.append("references[\(index)]: its label \"\(label)\" is left out: no room for it inside the plot clear of other text, legends and marks")
            return nil
        }
        for (index, r) in chart.references.enumerated() {
            guard let values = r.position(on: r.axis == .y ? t.forwardY : t.forwardX) else { continue }
            let color = r.color ?? (r.isBand ? chart.theme.axis.withAlpha(0.15) : chart.theme.axis)
            // The mark's extent across its axis, in pixels, within the plot.
            let a = r.axis == .y ? t.apply(0, values.lowerBound).y : t.apply(values.lowerBound, 0).x
            let b = r.axis == .y ? t.apply(0, values.upperBound).y : t.apply(values.upperBound, 0).x
            let lo = min(a, b), hi = max(a, b)
            if r.isBand {
                let rect = r.axis == .y
                    ? Rect(x: plot.x, y: max(lo, plot.y), width: plot.width, height: min(hi, plot.maxY) - max(lo, plot.y))
                    : Rect(x: max(lo, plot.x), y: plot.y, width: min(hi, plot.maxX) - max(lo, plot.x), height: plot.height)
                guard rect.width > 0, rect.height > 0 else { continue }
                bandRects.append(RectShape(rect, color))
                if let label = r.label, !label.isEmpty {
                    // Inside the band: its top-left corner, else its top-right, else its bottom-left.
                    let m = text.measurer.measure(label, fontSize: fontSize)
                    let (left, right) = ((rect.x + pad).rounded(), (rect.maxX - pad - m.width).rounded())
                    let (top, bottom) = ((rect.y + pad + m.ascent).rounded(), (rect.maxY - pad - m.descent).rounded())
                    if let run = placed(label, at: [Point(left, top), Point(right, top), Point(left, bottom)], reference: index) {
                        bandLabels.append(run)
                    }
                }
            } else {
                var line = r.axis == .y
                    ? LineShape(x: [Double(plot.x), Double(plot.maxX)], y: [lo, lo], transform: .identity, color: color,
                                width: r.width * type.scale, cap: .butt)
                    : LineShape(x: [lo, lo], y: [Double(plot.y), Double(plot.maxY)], transform: .identity, color: color,
                                width: r.width * type.scale, cap: .butt)
                line.dash = r.dash.flatMap { DashPattern($0.map { $0 * type.scale }) }
                lineCommands.append(SceneCommand(.line(line), clip: clip))
                let inside = r.axis == .y ? (plot.y...plot.maxY).contains(lo) : (plot.x...plot.maxX).contains(lo)
                if let label = r.label, !label.isEmpty, inside {
                    let m = text.measurer.measure(label, fontSize: fontSize)
                    // A horizontal line's label sits above its right end, else below it, else at its left end,
                    // else above or below it at eighths of its length from the right; a vertical one's beside its
                    // top, else left of its top, else beside its bottom, else beside it at eighths from the top.
                    let slide = (1..<8).map(Double.init)
                    let origins = r.axis == .y
                        ? [(plot.maxX - pad - m.width, lo - pad - m.descent), (plot.maxX - pad - m.width, lo + pad + m.ascent),
                           (Double(plot.x) + pad, lo - pad - m.descent), (Double(plot.x) + pad, lo + pad + m.ascent)]
                          + slide.flatMap { k -> [(Double, Double)] in
                              let x = plot.maxX - pad - m.width - k * (plot.width - 2 * pad - m.width) / 8
                              return [(x, lo - pad - m.descent), (x, lo + pad + m.ascent)]
                          }
                        : [(lo + pad, plot.y + pad + m.ascent), (lo - pad - m.width, plot.y + pad + m.ascent),
                           (lo + pad, plot.maxY - pad - m.descent), (lo - pad - m.width, plot.maxY - pad - m.descent)]
                          + slide.flatMap { k -> [(Double, Double)] in
                              let y = plot.y + pad + m.ascent + k * (plot.height - 2 * pad - m.lineHeight) / 8
                              return [(lo + pad, y), (lo - pad - m.width, y)]
                          }
                    if var run = placed(label, at: origins.map { Point($0.0.rounded(), $0.1.rounded()) }, reference: index) {
                        run.color = color.withAlpha(1)
                        lineLabels.append(run)
                    }
                }
            }
        }
        let bands = (bandRects.isEmpty ? [] : [SceneCommand(.rects(bandRects), clip: clip)])
            + (bandLabels.isEmpty ? [] : [SceneCommand(.text(bandLabels), clip: clip)])
        let lines = lineCommands + (lineLabels.isEmpty ? [] : [SceneCommand(.text(lineLabels), clip: clip)])
        return ChartMarkDrawing(layers: [.underSeries: bands, .overSeries: lines], notices: notices)
    }
}
