import Foundation

/// The values of a heatmap's cells written in them (`"cellLabels": true`), centred, in white on a dark cell and
/// near-black on a light one; a value whose text does not fit inside its cell (with a 2 px margin) is left out,
/// and a notice counts those.
enum CellLabelMark: ChartMark {
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        var runs: [TextShape] = [], notices: [String] = []
        let layout = context.layout, fontSize = layout.typography.tickLabel, margin = layout.typography.px(2)
        for (index, s) in context.chart.series.enumerated() where s.kind == .heatmap && s.heatmap.cellLabels {
            guard let cell = HeatmapMark.placement(s, layout: layout)?.size, let colors = s.pointColors else { continue }
            let scale = colors.scale.resolved(for: colors.values)
            let t = layout.transform(for: s)
            var skipped = 0, shown = 0
            for i in 0..<min(s.x.count, s.y.count, colors.values.count) {
                let value = colors.values[i]
                guard value.isFinite, let fill = scale.color(for: value) else { continue }
                let text = label(value, s)
                let m = context.text.measurer.measure(text, fontSize: fontSize)
                guard m.width + 2 * margin <= cell.width, m.lineHeight + margin <= cell.height else {
                    skipped += 1
                    continue
                }
                let centre = t.apply(t.forwardX(s.x[i]), t.forwardY(s.y[i]))
                guard layout.plot.contains(centre) else { continue }
                runs.append(context.text.centered(text, x: centre.x, middleY: centre.y, fontSize: fontSize,
                                                  color: s.labelStyle.color ?? PointLabels.contrasting(fill, over: context.chart.theme.plotBackground),
                                                  role: TextRole(.pointLabel, series: index, index: i)))
                shown += 1
            }
            if skipped > 0 {
                notices.append("series[\(index)]: \(skipped) of \(skipped + shown) cell labels left out: their text is wider or taller than "
                               + "the cell (make the chart larger, or give a shorter \"valueFormat\")")
            }
        }
        return ChartMarkDrawing(layers: runs.isEmpty ? [:] : [.overSeries: [SceneCommand(.text(runs), clip: layout.plotClip)]], notices: notices)
    }

    /// A cell's value as its label: the series' `valueFormat`, else as `ReadableNumbers` writes it by its own
    /// magnitude (`12k`, `5e-6`, `0.5`).
    static func label(_ value: Double, _ s: Series) -> String {
        s.labelStyle.format.map { $0.labels(for: [value], step: abs(value) > 0 ? abs(value) : 1)[0] } ?? ReadableNumbers.label(value, largest: abs(value))
    }
}
