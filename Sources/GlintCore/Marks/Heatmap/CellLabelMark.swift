import FoundationEssentials
import Glibc

/// The values of a heatmap's cells written in them (`"cellLabels": true`), centred, in white on a dark cell and
/// near-black on a light one, all in one font: the tick labels' size, or a logical pixel smaller at a time down to
/// `Typography.smallestLabel`, the largest at which every label fits inside its cell (with a 2 px margin). Where
/// even the smallest does not fit them all, none is drawn (some numbers missing would read as missing values; the
/// widest are the peaks), and a notice says so.
enum CellLabelMark: ChartMark {
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing {
        var runs: [TextShape] = [], notices: [String] = []
        let layout = context.layout, type = layout.typography, margin = type.px(2), measurer = context.text.measurer
        for (index, s) in context.chart.series.enumerated() where s.kind == .heatmap && s.heatmap.cellLabels {
            guard let cell = HeatmapMark.placement(s, layout: layout)?.size, let colors = s.pointColors else { continue }
            let scale = colors.scale.resolved(for: colors.values)
            let t = layout.transform(for: s)
            var cells: [(index: Int, text: String, centre: Point, fill: Color)] = []
            for i in 0..<min(s.x.count, s.y.count, colors.values.count) {
                let value = colors.values[i]
                guard value.isFinite, let fill = scale.color(for: value) else { continue }
                let centre = t.apply(t.forwardX(s.x[i]), t.forwardY(s.y[i]))
                guard layout.plot.contains(centre) else { continue }
                cells.append((i, label(value, s), centre, fill))
            }
            // The widest text by measure, at the tick labels' size (the ratio holds at smaller sizes).
            let texts = Set(cells.map(\.text))
            let widths = Dictionary(uniqueKeysWithValues: texts.map { ($0, measurer.measure($0, fontSize: type.tickLabel).width) })
            guard let longest = texts.max(by: { widths[$0]! < widths[$1]! }) else { continue }
            var size: Double? = nil
            for logical in stride(from: type.tickLabel / type.scale, through: Typography.smallestLabel, by: -1) {
                let m = measurer.measure(longest, fontSize: type.px(logical))
                if m.width + 2 * margin <= cell.width, m.lineHeight + margin <= cell.height {
                    size = type.px(logical)
                    break
                }
            }
            guard let fontSize = size else {
                notices.append("series[\(index)]: \(cells.count) of \(cells.count) cell labels left out: the widest (\"\(longest)\") does "
                               + "not fit its cell even at \(Int(Typography.smallestLabel)) px (make the chart larger, or give a shorter "
                               + "\"valueFormat\")")
                continue
            }
            for c in cells {
                runs.append(context.text.centered(c.text, x: c.centre.x, middleY: c.centre.y, fontSize: fontSize,
                                                  color: s.labelStyle.color ?? PointLabels.contrasting(c.fill, over: context.chart.theme.plotBackground),
                                                  role: TextRole(.pointLabel, series: index, index: c.index)))
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
