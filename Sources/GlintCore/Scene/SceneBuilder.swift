/// Turns a `Chart` into a `Scene`: validation, layout, then one command list both painters draw.
public enum SceneBuilder {
    /// The scene for `chart`, its text measured with `measurer`, its parallel scans (extents, M4) on `threads`
    /// threads. Throws `ChartError` for invalid charts.
    public static func build(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws -> Scene {
        try laidOut(chart, measurer: measurer, threads: threads).scene
    }

    /// The scene for `chart`, as `build` makes it, with the layout it was drawn on (one pass for both); for a figure
    /// (`Chart.panels`), the layout of its first panel.
    public static func laidOut(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws -> (scene: Scene, layout: ChartLayout) {
        if chart.panels != nil {
            let figure = try FigureLayout(chart, measurer: measurer, threads: threads)
            return (try figureScene(figure, measurer: measurer, threads: threads), figure.panels[0].layout)
        }
        let (chart, stacks, prepared, notices) = try drawn(chart, measurer: measurer, threads: threads)
        let layout = prepared.layout
        var scene = Scene(width: layout.imageWidth, height: layout.imageHeight,
                          background: chart.theme.background, fontFamily: chart.theme.fontFamily)
        scene.notices = notices
        scene.information = DensityPreparation.information(chart)
        scene.scale = chart.scale
        try drawChart(chart, stacks: stacks, prepared: prepared, threads: threads, measurer: measurer, into: &scene)
        return (shaped(scene, measurer: measurer), layout)
    }

    /// The scene of a laid-out figure: its title and shared legend, then each panel's chart in its frame, every text
    /// run of a panel naming it (`TextRole.panel`).
    static func figureScene(_ figure: FigureLayout, measurer: TextMeasuring, threads: Int) throws -> Scene {
        let frame = figure.frame, theme = frame.chart.theme
        var scene = Scene(width: frame.layout.imageWidth, height: frame.layout.imageHeight, background: theme.background,
                          fontFamily: theme.fontFamily)
        scene.scale = frame.chart.scale
        let text = TextPlacer(measurer: measurer, color: theme.text)
        scene.commands.append(SceneCommand(.text(AxisText.runs(frame.chart, frame.layout, text).filter { $0.role.kind == .title })))
        try drawLegends(frame.layout, theme: theme, into: &scene)
        for (index, panel) in figure.panels.enumerated() {
            var part = Scene(width: scene.width, height: scene.height, background: theme.background, fontFamily: theme.fontFamily)
            part.notices = panel.notices
            do {
                try drawChart(panel.chart, stacks: panel.stacks, prepared: LinePreparation(layout: panel.layout), threads: threads,
                              measurer: measurer, into: &part)
            } catch let error as ChartError {
                throw ChartError.inPanel(panel: index, error)
            }
            // Text is the panel's within its cells: what a panel too small for its labels would push past them is left out.
            let cells = panel.frame.insetBy(-0.5)
            var outside = 0
            for i in part.commands.indices {
                guard case let .text(runs) = part.commands[i].shape else { continue }
                let kept = runs.filter { cells.contains(text.box(of: $0)) }
                outside += runs.count - kept.count
                part.commands[i].shape = .text(kept.map { var run = $0; run.role.panel = index; return run })
            }
            if outside > 0 {
                part.notices.append("\(outside) text\(outside == 1 ? "" : "s") left out: the panel's cells are too small for \(outside == 1 ? "it" : "them") "
                                    + "(make the figure larger, or give fewer columns or rows)")
            }
            scene.commands += part.commands
            scene.notices += part.notices.map { "panels[\(index)]: " + $0 }
            scene.information += DensityPreparation.information(panel.chart).map { "panels[\(index)]: " + $0 }
        }
        return shaped(scene, measurer: measurer)
    }

    /// `chart` drawn on `prepared`'s layout into `scene`: the empty view's title and text, or the plot, series, marks
    /// and axes; then its legends. Throws `ChartError` for a legend that cannot be drawn.
    static func drawChart(_ chart: Chart, stacks: StackedBars, prepared: LinePreparation, threads: Int, measurer: TextMeasuring,
                          into scene: inout Scene) throws {
        let layout = prepared.layout, chart = chart.placed(on: layout, stacks: stacks)
        let text = TextPlacer(measurer: measurer, color: chart.theme.text)
        if layout.isEmptyView {
            // Its title and its text alone.
            let title = AxisText.runs(chart, layout, text).filter { $0.role.kind == .title }
            scene.commands.append(SceneCommand(.text(title + [emptyText(chart, layout, text)])))
        } else {
            draw(chart, stacks: stacks, prepared: prepared, text: text, threads: threads, into: &scene)
        }
        try drawLegends(layout, theme: chart.theme, into: &scene)
    }

    /// The legends `layout` placed, into `scene` (with their notices). Throws `ChartError` for a legend whose fixed
    /// size is too small or whose options cannot be drawn.
    static func drawLegends(_ layout: ChartLayout, theme: Theme, into scene: inout Scene) throws {
        for placed in layout.legends {
            let path = placed.index == 0 ? "legend" : "legends[\(placed.index - 1)]"
            switch placed.block.problem {
            case let .tooSmall(field, needed)?:
                let given = (field == "width" ? placed.legend.width : placed.legend.height) ?? 0
                throw ChartError.legendTooSmall(path: "\(path).\(field)", given: given, needed: needed)
            case let .invalid(reason)?:
                throw ChartError.invalidLegend(path: path, reason: reason)
            default:
                break
            }
            if let notice = placed.notice { scene.notices.append(notice) }
            if let frame = placed.frame {
                scene.commands += placed.block.commands(at: Point(frame.x, frame.y), legend: placed.legend, theme: theme,
                                                        marks: layout.marks, type: layout.typography)
            }
        }
    }

    /// The plot, its series and chart marks, axes and their text, into `scene`.
    static func draw(_ chart: Chart, stacks: StackedBars, prepared: LinePreparation, text: TextPlacer, threads: Int,
                     into scene: inout Scene) {
        let layout = prepared.layout, theme = chart.theme
        // A chart without axes (a pie's) has no plot area to set apart: its plot is only where the disc is laid out.
        if theme.plotBackground != theme.background, chart.drawsAxes {
            scene.commands.append(SceneCommand(.rects([RectShape(layout.plot, theme.plotBackground)])))
        }
        if chart.drawsAxes { scene.commands.append(SceneCommand(.rects(gridLines(chart, layout)))) }
        let groups = BarGroups(chart)
        let chartMarks = ChartMarks.draw(ChartMarkContext(chart: chart, layout: layout, text: text, groups: groups, stacks: stacks,
                                                          decimated: prepared.decimated))
        scene.notices += chartMarks.notices
        scene.commands += chartMarks.layers[.underSeries] ?? []
        for (index, series) in chart.series.enumerated() {
            let color = series.color ?? theme.paletteColor(index)
            var context = MarkContext(series: series, color: color, layout: layout, decimated: prepared.decimated[index],
                                      zoomed: chart.x.range != nil || chart.y.range != nil,
                                      group: groups.slot(index), bases: stacks.bases[index], threads: threads)
            context.baseline = series.kind.definition.baseline(of: series, in: chart)
            scene.commands += Marks.commands(context).map { var command = $0; command.series = index; return command }
        }
        scene.commands += chartMarks.layers[.overSeries] ?? []
        // A chart without axes (a pie's) keeps its title alone.
        let axisText = AxisText.runs(chart, layout, text)
        scene.notices += AxisText.leftOut(chart, layout, runs: axisText)
        if chart.drawsAxes { scene.commands.append(SceneCommand(.rects(axisLines(chart, layout)))) }
        // A polar chart keeps its axes' titles too (its tick labels are `PolarAxisMark`'s).
        let kept: Set<TextRole.Kind> = chart.polar == nil ? [.title] : [.title, .axisTitle]
        scene.commands.append(SceneCommand(.text(chart.drawsAxes ? axisText : axisText.filter { kept.contains($0.role.kind) })))
        // Empty with a range given: the axes of the range, and the text in the plot.
        if layout.isEmpty { scene.commands.append(SceneCommand(.text([emptyText(chart, layout, text)]))) }
    }

    /// The chart's `emptyText`, centred in the plot.
    static func emptyText(_ chart: Chart, _ layout: ChartLayout, _ text: TextPlacer) -> TextShape {
        text.centered(chart.emptyText, x: layout.plot.center.x, middleY: layout.plot.center.y,
                      fontSize: layout.typography.axisTitle, color: chart.theme.text.withAlpha(0.6), role: TextRole(.emptyText))
    }

    /// `scene` with every text run's glyphs shaped by `measurer` (when it shapes), so painters draw glyph ids.
    static func shaped(_ scene: Scene, measurer: TextMeasuring) -> Scene {
        var shaped = scene
        for i in shaped.commands.indices {
            guard case var .text(runs) = shaped.commands[i].shape else { continue }
            for k in runs.indices where runs[k].glyphs == nil {
                runs[k].glyphs = measurer.shape(runs[k].text, fontSize: runs[k].fontSize)
            }
            shaped.commands[i].shape = .text(runs)
        }
        return shaped
    }

    /// The layout `build` draws `chart` on: plot rectangle, axes and their domains (in decades on a log axis).
    /// `extents` gives the data extents of series whose points are not in the chart yet (a database series laid out
    /// before M4 reads it). Throws `ChartError` for invalid charts.
    public static func layout(_ chart: Chart, measurer: TextMeasuring, threads: Int,
                              extents: [Int: DataExtent] = [:]) throws -> ChartLayout {
        if chart.panels != nil { return try FigureLayout(chart, measurer: measurer, threads: threads).panels[0].layout }
        return try drawn(chart, measurer: measurer, threads: threads, extents: extents).prepared.layout
    }

    /// `chart` as drawn — palette colours filled in, selected series emphasised, hidden ones without points, repeated
    /// categories combined and sorted, stacks piled up — with its stacks, its layout (in decades on a log axis) and long lines' M4 results, and the log axes'
    /// notices.
    static func drawn(_ chart: Chart, measurer: TextMeasuring, threads: Int, extents: [Int: DataExtent] = [:]) throws
        -> (chart: Chart, stacks: StackedBars, prepared: LinePreparation, notices: [String]) {
        let (drawn, stacks, notices) = try styled(chart)
        if drawn.countsDensities {
            let (aggregated, prepared) = DensityPreparation.prepared(drawn, measurer: measurer, threads: threads, known: extents)
            return (aggregated, stacks, prepared, notices)
        }
        return (drawn, stacks, LinePreparation(chart: drawn, measurer: measurer, threads: threads, known: extents), notices)
    }

    /// `chart` validated and as drawn, before layout: a followed view's ranges, two axes titled by their series
    /// (`TwoAxesTitles`), palette colours, visibility, series prepared by their kinds (box plots summarised), repeated
    /// categories combined and sorted, stacks piled up; with its stacks and the notices of its log axes, combined
    /// categories and marks.
    static func styled(_ given: Chart) throws -> (chart: Chart, stacks: StackedBars, notices: [String]) {
        try given.validate()
        let chart = TwoAxesTitles.applied(to: FollowedView.applied(to: given))
        if chart.follow != nil { try chart.validateAxes() }  // the ranges the followed view set, as a chart's own are
        let (combined, aggregation) = CategoryAggregation.applied(to: chart.withSeriesStyled.withVisibilityApplied.withSeriesPrepared)
        let aggregated = CategoryOrder.applied(to: combined)
        let stacks = StackedBars(aggregated)
        return (stacks.chart, stacks, LogScale.notices(for: aggregated) + aggregation + Marks.notices(aggregated))
    }

    /// Grid lines at the ticks, one device pixel per logical pixel wide; a log axis's minor lines (2…9 × each
    /// decade) fainter than the decades'.
    static func gridLines(_ chart: Chart, _ layout: ChartLayout) -> [RectShape] {
        let w = layout.typography.px(1), plot = layout.plot, color = chart.theme.grid
        let minor = color.withAlpha(color.alpha * 0.45)
        var rects: [RectShape] = []
        // A category axis has no vertical grid: its lines would run through the bars.
        if chart.x.grid && chart.x.categories == nil {
            for (ticks, c) in [(layout.x.ticks, color), (layout.x.minorTicks, minor)] {
                for t in ticks {
                    let px = (layout.transform.apply(t, 0).x - w / 2).rounded()
                    rects.append(RectShape(Rect(x: px, y: plot.y, width: w, height: plot.height), c))
                }
            }
        }
        // Horizontal lines at each vertical axis's ticks that asks for a grid (the right one does not by default).
        let verticals = [(chart.y.grid && chart.y.categories == nil, layout.y, layout.transform),
                         (chart.y2.grid, layout.y2, layout.transformY2)]
        for case let (true, axis?, transform?) in verticals {
            for (ticks, c) in [(axis.ticks, color), (axis.minorTicks, minor)] {
                for t in ticks {
                    let py = (transform.apply(0, t).y - w / 2).rounded()
                    rects.append(RectShape(Rect(x: plot.x, y: py, width: plot.width, height: w), c))
                }
            }
        }
        return rects
    }

    /// The left and bottom axis lines and their tick marks (and the right axis's, when a series uses it).
    static func axisLines(_ chart: Chart, _ layout: ChartLayout) -> [RectShape] {
        let w = layout.typography.px(1), tick = layout.typography.px(5), plot = layout.plot
        let color = chart.theme.axis
        var rects = [
            RectShape(Rect(x: plot.x - w, y: plot.y, width: w, height: plot.height + w), color),
            RectShape(Rect(x: plot.x - w, y: plot.maxY, width: plot.width + w, height: w), color),
        ]
        for t in layout.x.ticks {
            let px = (layout.transform.apply(t, 0).x - w / 2).rounded()
            rects.append(RectShape(Rect(x: px, y: plot.maxY + w, width: w, height: tick), color))
        }
        for t in layout.y.ticks {
            let py = (layout.transform.apply(0, t).y - w / 2).rounded()
            rects.append(RectShape(Rect(x: plot.x - w - tick, y: py, width: tick, height: w), color))
        }
        // The right axis: its line and ticks outside the plot's right edge.
        if let y2 = layout.y2, let t2 = layout.transformY2 {
            rects.append(RectShape(Rect(x: plot.maxX, y: plot.y, width: w, height: plot.height + w), color))
            for t in y2.ticks {
                let py = (t2.apply(0, t).y - w / 2).rounded()
                rects.append(RectShape(Rect(x: plot.maxX + w, y: py, width: tick, height: w), color))
            }
        }
        return rects
    }
}
