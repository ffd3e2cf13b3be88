/// Tick labels, axis titles and the chart title, placed so that every run lies inside the image and none
/// covers another: titles longer than their room and category names wider than their slots are shortened with
/// an ellipsis, tick labels that would touch are thinned (every second, third, ... label), and labels at the ends
/// are moved inwards.
package enum AxisText {
    /// The text runs of `chart`'s axes and title on `layout`.
    package static func runs(_ chart: Chart, _ layout: ChartLayout, _ text: TextPlacer) -> [TextShape] {
        let type = layout.typography, plot = layout.plot
        // Everything stays in the layout's content rectangle, clear of an outside legend.
        let content = layout.content
        let edge = type.px(2), pad = type.padding
        let gap = type.px(5) + type.px(4)
        var runs: [TextShape] = []

        // X tick labels: centred under their ticks, kept inside the image, thinned until they are apart; category
        // names are first shortened to their slots.
        // Turned ones end at their ticks, shortened to their depth instead.
        let turned = layout.xTickLabelRotation != .none
        if turned { runs += TurnedTickLabels.runs(layout, labels: layout.x.labels, gap: gap, left: content.x + edge, text) }
        let xLabels = turned ? [] : chart.x.categories == nil ? layout.x.labels : categoryLabels(layout, gap: type.px(8), text)
        let xMetrics = xLabels.map { text.measurer.measure($0, fontSize: type.tickLabel) }
        let xSpans = zip(layout.x.ticks, xMetrics).map { tick, m in
            TextFitting.clamped(centre: layout.transform.apply(tick, 0).x, length: m.width, within: TextFitting.room(content.x + edge, content.maxX - edge))
        }
        for (i, keep) in TextFitting.thinned(xSpans, gap: type.px(8)).enumerated() where keep {
            runs.append(TextShape(xLabels[i], origin: Point(xSpans[i].lowerBound.rounded(),
                                                                     (plot.maxY + gap + xMetrics[i].ascent).rounded()),
                                  fontSize: type.tickLabel, color: text.color, role: TextRole(.tickLabel, axis: "x")).shortened(from: layout.x.labels[i]))
        }
        // Y tick labels may reach up into the title row's gap below its line, but not into an outside legend above the plot.
        let tickTop = content.y > layout.titleRow.maxY ? content.y : max(layout.titleRow.y, layout.titleRow.maxY - type.titleGap)
        // Y tick labels: right-aligned beside the plot, digits centred on their ticks, thinned where their lines
        // would overlap (stacked lines may touch: a line's box holds the font's leading, so 12-px names 16 px apart
        // read as text at a normal line spacing); long category names shortened to a third of the frame's width.
        let yShown = layout.y.labels.map { TextFitting.truncated($0, fontSize: type.tickLabel, maxWidth: layout.yTickLabelWidth, measurer: text.measurer) }
        let yMetrics = yShown.map { text.measurer.measure($0, fontSize: type.tickLabel) }
        let ySpans = zip(layout.y.ticks, yMetrics).map { tick, m in
            TextFitting.clamped(centre: layout.transform.apply(0, tick).y, length: m.lineHeight, within: TextFitting.room(tickTop, content.maxY))
        }
        for (i, keep) in TextFitting.thinned(ySpans, gap: 0).enumerated() where keep {
            let m = yMetrics[i], middle = (ySpans[i].lowerBound + ySpans[i].upperBound) / 2
            runs.append(text.centered(yShown[i], x: plot.x - gap - m.width / 2, middleY: middle,
                                      fontSize: type.tickLabel, color: text.color, role: TextRole(.tickLabel, axis: "y")).shortened(from: layout.y.labels[i]))
        }

        // Right axis tick labels: left-aligned beside the plot, thinned the same way.
        if let y2 = layout.y2, let t2 = layout.transformY2 {
            let metrics = y2.labels.map { text.measurer.measure($0, fontSize: type.tickLabel) }
            let spans = zip(y2.ticks, metrics).map { tick, m in
                TextFitting.clamped(centre: t2.apply(0, tick).y, length: m.lineHeight, within: TextFitting.room(tickTop, content.maxY))
            }
            for (i, keep) in TextFitting.thinned(spans, gap: 0).enumerated() where keep {
                let m = metrics[i], middle = (spans[i].lowerBound + spans[i].upperBound) / 2
                runs.append(text.centered(y2.labels[i], x: plot.maxX + gap + m.width / 2, middleY: middle,
                                          fontSize: type.tickLabel, color: text.color, role: TextRole(.tickLabel, axis: "y2")))
            }
        }

        // Titles: centred on the plot, shortened to their row less its padding (left out where fewer than three of
        // their characters would remain), moved inwards to stay inside: the chart title across the frame's whole
        // width (its row is above every outside legend), the x title across the axes' part of it.
        let across = TextFitting.room(content.x + pad, content.maxX - pad)
        let row = layout.titleRow
        // A title wider than its row is wrapped onto a second line (`ChartLayout.titleLines`); the last line keeps
        // what its shortening cut in `glint layout`.
        if let title = chart.title, !title.isEmpty {
            let within = TextFitting.room(row.x + pad, row.maxX - pad)
            // Each line shortened to the row (a stub left out); the lines share one centre: the widest one's, centred
            // on the plot and moved inwards to stay inside.
            let lines = layout.titleLines.map { line in fitted(line, size: type.title, centre: plot.center.x, within: within, text).map { (line, $0.0, $0.2) } }
            let widest = lines.compactMap { $0?.2.width }.max() ?? 0
            let shared = TextFitting.clamped(centre: plot.center.x, length: widest, within: within)
            let centre = (shared.lowerBound + shared.upperBound) / 2
            for (k, line) in lines.enumerated() {
                guard let (whole, shown, m) = line else { continue }
                let baseline = row.y + pad + m.ascent + Double(k) * m.lineHeight
                runs.append(TextShape(shown, origin: Point((centre - m.width / 2).rounded(), baseline.rounded()), fontSize: type.title,
                                      color: text.color, role: TextRole(.title)).shortened(from: whole))
            }
        }
        if let title = chart.x.title, !title.isEmpty,
           let (shown, span, m) = fitted(title, size: type.axisTitle, centre: plot.center.x, within: across, text) {
            runs.append(TextShape(shown, origin: Point(span.lowerBound.rounded(), (content.maxY - pad - m.descent).rounded()),
                                  fontSize: type.axisTitle, color: text.color, role: TextRole(.axisTitle, axis: "x")).shortened(from: title))
        }
        // Vertical titles, rotated: they run upwards beside the plot (the right axis's against the image's right
        // edge), between the chart title's row and the x title's row.
        // Below the title's line, or below an outside legend above the plot.
        var (top, bottom) = (content.y + pad, content.maxY - pad)
        if row.height > 0 { top = content.y > row.maxY ? content.y + pad : row.maxY - type.titleGap + type.px(2) }
        if let t = chart.x.title, !t.isEmpty {
            bottom -= text.measurer.measure(t, fontSize: type.axisTitle).lineHeight + type.px(2)
        }
        let rows = TextFitting.room(top, bottom)
        let verticalTitles = [(chart.y.title, true), (layout.y2 == nil ? nil : chart.y2.title, false)]
        for case let (title?, isLeft) in verticalTitles where !title.isEmpty {
            guard let (shown, span, m) = fitted(title, size: type.axisTitle, centre: plot.center.y, within: rows, text) else { continue }
            let baseline = isLeft ? content.x + pad + m.ascent : content.maxX - pad - m.descent
            runs.append(TextShape(shown, origin: Point(baseline.rounded(), span.upperBound.rounded()),
                                  fontSize: type.axisTitle, color: keyColour(chart, layout, isLeft ? .y : .y2) ?? text.color,
                                  rotation: .counterClockwise,
                                  role: TextRole(.axisTitle, axis: isLeft ? "y" : "y2")).shortened(from: title))
        }
        // A figure's shared axis is labelled on one panel of its group (`Axis.labelled`).
        let unlabelled = [("x", chart.x.labelled), ("y", chart.y.labelled)].filter { !$0.1 }.map(\.0)
        return runs.filter { run in
            !run.text.isEmpty && !([.tickLabel, .axisTitle].contains(run.role.kind) && unlabelled.contains(run.role.axis ?? ""))
        }
    }

    /// With a right axis, the colour of the one series an axis measures (shown or not), in which its title is drawn
    /// so that each scale is keyed to its mark — moved towards the text colour, a tenth at a time, until it reads at
    /// WCAG's 3:1 on the background (a pale blue becomes a darker one); nil with one vertical axis, several series
    /// on the axis, or a translucent colour.
    static func keyColour(_ chart: Chart, _ layout: ChartLayout, _ axis: SeriesAxis) -> Color? {
        guard layout.y2 != nil else { return nil }
        let measured = chart.series.filter { $0.axis == axis }
        guard measured.count == 1, let colour = measured[0].color, colour.alpha >= 0.9 else { return nil }
        let theme = chart.theme
        return (0...10).lazy.map { colour.mixed(with: theme.text, amount: Double($0) / 10) }
            .first { $0.contrast(with: theme.background) >= 3 } ?? theme.text
    }

    /// A notice for each title of `chart` that `runs` (its axis text on `layout`) leave out: one whose room holds
    /// fewer than three of its characters. A shared axis's titles, drawn once per group, are not missed.
    package static func leftOut(_ chart: Chart, _ layout: ChartLayout, runs: [TextShape]) -> [String] {
        guard !layout.isEmptyView else { return [] }
        var titles: [(text: String?, kind: TextRole.Kind, axis: String?, path: String)] = [(chart.title, .title, nil, "title")]
        if layout.marks.drawsAxes(chart) || chart.polar != nil {
            if chart.x.labelled { titles.append((chart.x.title, .axisTitle, "x", "x.title")) }
            if chart.y.labelled { titles.append((chart.y.title, .axisTitle, "y", "y.title")) }
            if layout.y2 != nil { titles.append((chart.y2.title, .axisTitle, "y2", "y2.title")) }
        }
        return titles.compactMap { title in
            guard let text = title.text, !text.isEmpty, !runs.contains(where: { $0.role.kind == title.kind && $0.role.axis == title.axis })
            else { return nil }
            return "\(title.path) \"\(BoundedText.line(text, limit: 40))\" left out: its room holds fewer than three of its characters "
                + "(make the chart larger, or the title shorter)"
        }
    }

    /// The x category names, each shortened with an ellipsis to the width of its slot less `gap`, so that every
    /// bar keeps a name; unchanged when a slot is too narrow for even two letters and an ellipsis (thinning then
    /// keeps every n-th name whole instead).
    private static func categoryLabels(_ layout: ChartLayout, gap: Double, _ text: TextPlacer) -> [String] {
        let size = layout.typography.tickLabel
        let room = abs(layout.transform.apply(1, 0).x - layout.transform.apply(0, 0).x) - gap
        guard room >= text.measurer.measure("Mm" + TextFitting.ellipsis, fontSize: size).width else { return layout.x.labels }
        return layout.x.labels.map { TextFitting.truncated($0, fontSize: size, maxWidth: room, measurer: text.measurer) }
    }

    /// A title shortened to fit `bounds`, its span there (centred on `centre` where it can be) and its metrics.
    private static func fitted(_ title: String, size: Double, centre: Double, within bounds: ClosedRange<Double>,
                               _ text: TextPlacer) -> (String, ClosedRange<Double>, TextMetrics)? {
        let room = bounds.upperBound - bounds.lowerBound
        let shown = TextFitting.truncated(title, fontSize: size, maxWidth: room, measurer: text.measurer)
        // A stub ("v…") names nothing: a title that keeps fewer than three of its characters is left out.
        if shown != title, shown.count - 1 < min(3, title.count) { return nil }
        let m = text.measurer.measure(shown, fontSize: size)
        return (shown, TextFitting.clamped(centre: centre, length: m.width, within: bounds), m)
    }
}
