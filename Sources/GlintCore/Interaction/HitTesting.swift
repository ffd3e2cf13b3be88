/// What lies under a pixel of a rendered chart (LFLineChartView's didPress): a legend entry, or the nearest data
/// point within a tolerance.
public enum ChartHit: Equatable, Sendable {
    /// A legend entry: the legend's id, the entry's label as drawn, and the series it stands for (nil for a custom
    /// item or "+N more"), so that an app can toggle that series' `visible`.
    case legendEntry(legend: String, label: String, series: Int?)
    /// The nearest point: its series, its index in the series' own arrays (a raw point, never a decimated one), its
    /// data x and y, and its distance from the pixel asked about, in device pixels.
    case point(series: Int, index: Int, x: Double, y: Double, distance: Double)
    /// A cell of a density series: its series, the cell's centre in data units, how many points landed in it, and
    /// its value (the count, or the sum, mean, smallest or largest value of those points).
    case cell(series: Int, x: Double, y: Double, count: Int, value: Double)
    /// What lies under the pixel in a panel of a figure (`Chart.panels`): the panel's index and the hit in its chart.
    indirect case inPanel(panel: Int, ChartHit)
}

/// Finds what lies under a pixel of `chart` as the renderer lays it out.
public enum HitTesting {
    /// The hit at `pixel` (device pixels of the rendered image): a legend entry under it first, else the nearest
    /// point of a visible series within `tolerance` pixels (a dot's radius counts as part of it; a bar is hit
    /// anywhere inside it: `Mark.covering`); nil for nothing. The layout's scans run on `threads` threads. Throws `ChartError` for an
    /// invalid chart.
    public static func hit(_ chart: Chart, at pixel: Point, tolerance: Double = 8, measurer: TextMeasuring, threads: Int) throws
        -> ChartHit? {
        if let grid = chart.panels {
            // A figure: its own legend (whose entries stand for names, not one panel's series), else the panel under
            // the pixel.
            let figure = try FigureLayout(chart, measurer: measurer, threads: threads)
            for legend in figure.frame.chart.allLegends where legend.visible {
                if case let .legendEntry(id, label, _)? = legendHit(figure.frame.chart, legend: legend, layout: figure.frame.layout, at: pixel,
                                                                    measurer: measurer) {
                    return .legendEntry(legend: id, label: label, series: nil)
                }
            }
            guard let index = figure.panels.firstIndex(where: { $0.frame.contains(pixel) }) else { return nil }
            let panel = figure.panels[index]
            return try hit(drawn: panel.chart, given: grid.panels[index].chart, stacks: panel.stacks, layout: panel.layout, at: pixel,
                           tolerance: tolerance, measurer: measurer, threads: threads).map { .inPanel(panel: index, $0) }
        }
        let (drawn, stacks, prepared, _) = try SceneBuilder.drawn(chart, measurer: measurer, threads: threads)
        return try hit(drawn: drawn, given: chart, stacks: stacks, layout: prepared.layout, at: pixel, tolerance: tolerance,
                       measurer: measurer, threads: threads)
    }

    /// The hit at `pixel` in `drawn`, the chart `given` as drawn with its `stacks` on `layout`.
    static func hit(drawn: Chart, given chart: Chart, stacks: StackedBars, layout: ChartLayout, at pixel: Point, tolerance: Double,
                    measurer: TextMeasuring, threads: Int) throws -> ChartHit? {
        for legend in drawn.allLegends where legend.visible {
            if let hit = legendHit(drawn, legend: legend, layout: layout, at: pixel, measurer: measurer) { return hit }
        }
        guard layout.plot.insetBy(-tolerance).contains(pixel) else { return nil }
        // A polar chart's points in pixels on its disc (the layout's transform is then the identity).
        let drawn = drawn.placed(on: layout, stacks: stacks)
        let groups = BarGroups(drawn)
        var best: ChartHit?
        var bestDistance = Double.infinity
        var underlyingHit: ChartHit?
        for (index, s) in drawn.series.enumerated() where s.visible {
            let transform = layout.transform(for: s)
            let reach = tolerance + (s.drawsDots ? s.radius.upperBound * chart.scale : 0)
            let context = MarkContext(series: s, color: .clear, layout: layout, decimated: nil, zoomed: false,
                                      group: groups.slot(index), bases: stacks.bases[index], threads: threads)
            // The series' own points, or the combined bars of repeated categories, which have none of their own (a polar
            // series keeps its data beside its pixels).
            let own = chart.series[index].x.count == s.x.count ? chart.series[index] : s
            let raw = s.polarDrawing.map { (x: $0.x, y: $0.y) } ?? (x: own.x, y: own.y)
            if let under = s.kind.definition.underlyingHit(pixel, series: s, index: index, layout: layout, threads: threads) {
                // Drawn under everything else: a point of another series near the pixel is hit first (the last such series otherwise).
                underlyingHit = under
                continue
            }
            if let i = Marks.covering(pixel, context) {
                return .point(series: index, index: i, x: raw.x[i], y: raw.y[i], distance: 0)
            }
            // Points that are not positions (a pie's) are hit only where their marks cover the pixel.
            if !s.kind.definition.hitByDistance { continue }
            // The box the reach covers, in data units, tested before any distance is computed.
            let a = transform.inverse(Point(pixel.x - reach, pixel.y - reach)), b = transform.inverse(Point(pixel.x + reach, pixel.y + reach))
            let xs = min(a.x, b.x)...max(a.x, b.x), ys = min(a.y, b.y)...max(a.y, b.y)
            for i in 0..<min(s.x.count, s.y.count) {
                guard let (u, w) = transform.forward(s.x[i], s.y[i]), xs.contains(u), ys.contains(w) else { continue }
                let p = transform.apply(u, w)
                let d = ((p.x - pixel.x) * (p.x - pixel.x) + (p.y - pixel.y) * (p.y - pixel.y)).squareRoot()
                // Later series are drawn on top: they win ties.
                if d <= reach && d <= bestDistance {
                    bestDistance = d
                    best = .point(series: index, index: i, x: raw.x[i], y: raw.y[i], distance: d)
                }
            }
        }
        return best ?? underlyingHit
    }

    /// The legend entry of `legend` under `pixel`: its check box, sample and label.
    static func legendHit(_ chart: Chart, legend: Legend, layout: ChartLayout, at pixel: Point, measurer: TextMeasuring) -> ChartHit? {
        let placed = LegendLayout(chart: chart, layout: layout, measurer: measurer, id: legend.id)
        guard let box = placed.box, box.contains(pixel) else { return nil }
        let size = layout.typography.px(legend.style.fontSize)
        for (entry, label) in zip(placed.entries, placed.labels) {
            let left = entry.checkbox?.x ?? entry.swatch.x
            let right = entry.labelOrigin.x + measurer.measure(label, fontSize: size).width
            if Rect(x: left, y: entry.swatch.y, width: right - left, height: entry.swatch.height).contains(pixel) {
                return .legendEntry(legend: legend.id, label: label, series: entry.seriesIndex)
            }
        }
        return nil
    }
}
