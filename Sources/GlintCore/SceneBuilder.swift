/// Turns a `Chart` into a `Scene`: validation, layout, then one command list both painters draw.
public enum SceneBuilder {
    /// The scene for `chart`, its text measured with `measurer`, its parallel scans (extents, M4) on `threads`
    /// threads. Throws `ChartError` for invalid charts.
    public static func build(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws -> Scene {
        let (chart, stacks, prepared, logNotices) = try drawn(chart, measurer: measurer, threads: threads)
        let layout = prepared.layout
        let theme = chart.theme
        var scene = Scene(width: layout.imageWidth, height: layout.imageHeight,
                          background: theme.background, fontFamily: theme.fontFamily)
        scene.notices = logNotices
        let text = TextPlacer(measurer: measurer, color: theme.text)

        if theme.plotBackground != theme.background {
            scene.commands.append(SceneCommand(.rects([RectShape(layout.plot, theme.plotBackground)])))
        }
        scene.commands.append(SceneCommand(.rects(gridLines(chart, layout))))
        let references = ReferenceMarks(chart: chart, layout: layout, text: text)
        scene.commands += references.bands
        let groups = BarGroups(chart)
        for (index, series) in chart.series.enumerated() {
            let color = series.color ?? theme.paletteColor(index)
            scene.commands += seriesCommands(series, color: color, layout: layout, decimated: prepared.decimated[index],
                                             zoomed: chart.x.range != nil || chart.y.range != nil, group: groups.slot(index),
                                             bases: stacks.bases[index], threads: threads)
        }
        scene.commands += references.lines
        let pointLabels = PointLabels(chart: chart, layout: layout, measurer: measurer, groups: groups).runs
        if !pointLabels.isEmpty { scene.commands.append(SceneCommand(.text(pointLabels))) }
        scene.commands.append(SceneCommand(.rects(axisLines(chart, layout))))
        scene.commands.append(SceneCommand(.text(AxisText.runs(chart, layout, text))))
        if layout.isEmpty {
            let message = text.centered(chart.emptyText, x: layout.plot.center.x, middleY: layout.plot.center.y,
                                        fontSize: layout.typography.axisTitle, color: theme.text.withAlpha(0.6))
            scene.commands.append(SceneCommand(.text([message])))
        }
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
                                                        type: layout.typography)
            }
        }
        return scene
    }

    /// The layout `build` draws `chart` on: plot rectangle, axes and their domains (in decades on a log axis).
    /// Throws `ChartError` for invalid charts.
    public static func layout(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws -> ChartLayout {
        try drawn(chart, measurer: measurer, threads: threads).prepared.layout
    }

    /// `chart` as drawn — palette colours filled in, selected series emphasised, hidden ones without points, log
    /// axes in decades, stacks piled up — with its stacks, its layout and long lines' M4 results, and the log axes'
    /// notices.
    static func drawn(_ chart: Chart, measurer: TextMeasuring, threads: Int) throws
        -> (chart: Chart, stacks: StackedBars, prepared: LinePreparation, notices: [String]) {
        try chart.validate()
        let (logChart, notices) = LogScale.applied(to: chart.withSeriesStyled.withVisibilityApplied)
        let stacks = StackedBars(logChart)
        return (stacks.chart, stacks, LinePreparation(chart: stacks.chart, measurer: measurer, threads: threads), notices)
    }

    /// The commands that draw one series, clipped to the plot.
    /// `decimated` is the line's M4 result when the preparation already has it. With an explicit axis
    /// range (`zoomed`), data can lie far outside the image: lines are then cut at the guard band.
    static func seriesCommands(_ s: Series, color: Color, layout: ChartLayout, decimated: M4Decimation.Result? = nil,
                               zoomed: Bool = false, group: BarGroups.Slot = .whole, bases: [Double]? = nil, threads: Int) -> [SceneCommand] {
        let clip = layout.plotClip
        let scale = layout.typography.scale
        var commands: [SceneCommand] = []
        switch s.kind {
        case .line:
            var shape = lineShape(s, color: color, layout: layout)
            // A sorted line in an explicit x range: only the points in view, and one neighbour each side for the
            // segments that enter it.
            var window: Range<Int>?
            if zoomed, s.xIsSorted {
                let margin = shape.width + 2
                window = VisibleWindow.indices(of: s.x, transform: shape.transform, from: Double(clip.x) - margin,
                                               to: Double(clip.x + clip.width) + margin)
            }
            if let decimated {
                (shape.x, shape.y) = (decimated.x, decimated.y)
            } else if s.decimate, shape.dash == nil, let result = decimation(of: shape, plot: clip, within: window, threads: threads) {
                (shape.x, shape.y) = (result.x, result.y)
            } else if let window, window.count < s.x.count {
                (shape.x, shape.y) = (Array(s.x[window]), Array(s.y[window]))
            }
            if zoomed { shape = GuardBand.clip(shape, width: layout.imageWidth, height: layout.imageHeight) }
            commands.append(SceneCommand(.line(shape), clip: clip))
        case .bars:
            let baseline = s.isHorizontalBars ? layout.horizontalBarBaseline : layout.barBaseline(for: s)
            commands.append(SceneCommand(.rects(bars(s, color: color, transform: layout.transform(for: s), baseline: baseline,
                                                     group: group, bases: bases, image: (layout.imageWidth, layout.imageHeight),
                                                     scale: scale)),
                                         clip: clip))
        case .dots:
            break
        }
        if s.drawsDots {
            commands.append(SceneCommand(.dots(dots(s, color: color, transform: layout.transform(for: s), scale: scale)), clip: clip))
        }
        return commands
    }

    /// A line series as drawn on `layout`, all its points.
    static func lineShape(_ s: Series, color: Color, layout: ChartLayout) -> LineShape {
        var shape = LineShape(x: s.x, y: s.y, transform: layout.transform(for: s), color: color, width: s.lineWidth * layout.typography.scale,
                              join: s.join, cap: s.cap, miterLimit: s.miterLimit, antialias: s.antialias)
        shape.dash = s.dash.flatMap { DashPattern($0.map { $0 * layout.typography.scale }) }
        return shape
    }

    /// The M4 decimation of a long sorted line over the plot's pixel columns (plus a margin wide enough
    /// for the stroke), of its points in `window` when given, when that keeps fewer points; nil to draw the line
    /// as it is.
    static func decimation(of line: LineShape, plot: PixelRect, within window: Range<Int>? = nil, threads: Int) -> M4Decimation.Result? {
        let buckets = M4Buckets(transform: line.transform, plot: plot, lineWidth: line.width, antialias: line.antialias)
        guard (window?.count ?? line.x.count) > buckets.pointLimit else { return nil }
        return M4Decimation.decimate(x: line.x, y: line.y, buckets: buckets, threads: threads, within: window)
    }

    /// The dot shape of a series, sizes mapped onto its radius range at `scale`.
    static func dots(_ s: Series, color: Color, transform: DataTransform, scale: Double) -> DotShape {
        let sizeRange = s.sizeRange ?? s.size.flatMap(DataRange.finite) ?? 0...0
        var shape = DotShape(x: s.x, y: s.y, size: s.size, transform: transform,
                             radius: (s.radius.lowerBound * scale)...(s.radius.upperBound * scale),
                             sizeRange: sizeRange, fill: color, stroke: s.strokeColor ?? .clear,
                             strokeWidth: s.strokeColor == nil ? 0 : s.strokeWidth * scale)
        shape.radiusScale = s.radiusScale
        if let colors = s.pointColors {
            shape.colors = (colors.values, ColorLookup(colors.scale.resolved(for: colors.values)))
        }
        return shape
    }

    /// One rectangle per finite point, from `baseline` (0, or the bottom of a log axis; or the bar's own base in a
    /// stack) to y, `barWidth` wide, centred on x.
    /// With an outline colour, each bar also gets an outline `strokeWidth` wide inside its edges.
    static func bars(_ s: Series, color: Color, transform: DataTransform, baseline: Double, group: BarGroups.Slot = .whole,
                     bases: [Double]? = nil, image: (width: Int, height: Int), scale: Double) -> [RectShape] {
        let geometry = BarGeometry(s, transform: transform, baseline: baseline, group: group, bases: bases)
        let colors = s.pointColors.map { ($0.values, $0.scale.resolved(for: $0.values)) }
        var rects: [RectShape] = []
        for i in s.x.indices where s.x[i].isFinite && s.y[i].isFinite {
            var fill = color
            if let (values, scale) = colors {
                guard let c = scale.color(for: values[i]) else { continue }
                fill = c
            }
            let (a, b) = geometry.corners(i)
            // Edges far outside the image are pulled in to just outside it: the same pixels, small numbers.
            func near(_ v: Double, _ size: Int) -> Double { min(max(v, -GuardBand.margin), Double(size) + GuardBand.margin) }
            let x0 = near(min(a.x, b.x), image.width), x1 = near(max(a.x, b.x), image.width)
            let y0 = near(min(a.y, b.y), image.height), y1 = near(max(a.y, b.y), image.height)
            let bar = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            rects.append(RectShape(bar, fill))
            if let stroke = s.strokeColor, s.strokeWidth > 0 {
                rects += RectShape.outline(bar, width: s.strokeWidth * scale, color: stroke)
            }
        }
        return rects
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

/// Places text runs by their centre, using the font's metrics.
struct TextPlacer {
    let measurer: TextMeasuring
    let color: Color

    /// A run whose horizontal centre is `x` and whose digits are vertically centred on `middleY`.
    func centered(_ s: String, x: Double, middleY: Double, fontSize: Double, color: Color) -> TextShape {
        let m = measurer.measure(s, fontSize: fontSize)
        let baseline = middleY + (m.ascent - m.descent) / 2
        return TextShape(s, origin: Point((x - m.width / 2).rounded(), baseline.rounded()), fontSize: fontSize, color: color)
    }
}
