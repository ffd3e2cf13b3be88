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

    static func emit(_ context: ChartMarkContext) -> [ChartLayer: [SceneCommand]] {
        let (chart, layout, text) = (context.chart, context.layout, context.text)
        let plot = layout.plot, clip = layout.plotClip, type = layout.typography
        let t = layout.transform
        var bandRects: [RectShape] = [], lineCommands: [SceneCommand] = []
        var bandLabels: [TextShape] = [], lineLabels: [TextShape] = []
        let pad = type.px(4), fontSize = type.tickLabel
        for r in chart.references {
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
                    let m = text.measurer.measure(label, fontSize: fontSize)
                    bandLabels.append(TextShape(label, origin: Point((rect.x + pad).rounded(), (rect.y + pad + m.ascent).rounded()),
                                                fontSize: fontSize, color: chart.theme.text))
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
                    // A horizontal line's label sits above its right end; a vertical one's beside its top.
                    let origin = r.axis == .y
                        ? Point((plot.maxX - pad - m.width).rounded(), (lo - pad - m.descent).rounded())
                        : Point((lo + pad).rounded(), (plot.y + pad + m.ascent).rounded())
                    lineLabels.append(TextShape(label, origin: origin, fontSize: fontSize, color: color.withAlpha(1)))
                }
            }
        }
        let bands = (bandRects.isEmpty ? [] : [SceneCommand(.rects(bandRects), clip: clip)])
            + (bandLabels.isEmpty ? [] : [SceneCommand(.text(bandLabels), clip: clip)])
        let lines = lineCommands + (lineLabels.isEmpty ? [] : [SceneCommand(.text(lineLabels), clip: clip)])
        return [.underSeries: bands, .overSeries: lines]
    }
}
