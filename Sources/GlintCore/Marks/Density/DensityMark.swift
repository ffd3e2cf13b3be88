/// A density series (`"type": "density"`): its points aggregated into the plot's pixels (`DensityGrid`), the cells
/// coloured (`DensityShading`) and drawn as one sampled image — one texture upload on GL, one blit on the CPU, the
/// same pixels from both painters. Empty cells are transparent. The cells under a pixel answer hit tests with
/// their count and value.
enum DensityMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .density }

    /// A square in the scale's middle colour (the first category's for `countBy`).
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        BarMark.legendSample(s, color: s.density.scale.sampleColor, in: rect, type: type)
    }

    /// The points are not drawn one by one: the image is made from them in `emit`.
    static func reduce(_ context: MarkContext) -> MarkPoints { MarkPoints(x: [], y: []) }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let drawing = drawing(context.series, layout: context.layout, threads: context.threads)
        let window = drawing.grid.cells.window
        guard window.width > 0, window.height > 0 else { return [] }
        var image = ImageShape(origin: Point(Double(window.x), Double(window.y)), cellWidth: 1, cellHeight: 1,
                               columns: window.width, rows: window.height, packed: drawing.shading.packed)
        image.sampled = true
        return [SceneCommand(.image(image), clip: context.layout.plotClip)]
    }

    /// The series' aggregate and colours on `layout`: the ones preparation made when they were made for its cells,
    /// else made now (a panel of a figure, laid out without preparation).
    static func drawing(_ s: Series, layout: ChartLayout, threads: Int) -> DensityDrawing {
        let cells = DensityMark.cells(s, layout: layout)
        if let made = s.densityDrawing, made.grid.cells == cells { return made }
        return DensityDrawing(s, cells: cells, threads: threads)
    }

    /// The cells of `s` on `layout`: the plot's pixels, mapped as the painters map the series' axes.
    static func cells(_ s: Series, layout: ChartLayout) -> DensityCells {
        DensityCells(mapping: PixelMapping(layout.transform(for: s)), window: layout.plotClip)
    }
}

/// A density series' aggregate on a plot and the colours drawn from it.
public struct DensityDrawing: Sendable {
    /// The cells and what they hold.
    public let grid: DensityGrid
    /// Their colours, and the scale a colour bar shows.
    let shading: DensityShading

    /// The points of `s` aggregated into `cells` on `threads` threads, and coloured.
    init(_ s: Series, cells: DensityCells, threads: Int) {
        grid = DensityGrid.aggregate(s, cells: cells, threads: threads)
        shading = DensityShading(grid, style: s.density)
    }

    /// What lies in the cell under device pixel `pixel`: the cell's centre in data units, its count and its value
    /// (the count, for `count` and `countBy`); nil outside the cells or in an empty one.
    func cell(at pixel: Point) -> (x: Double, y: Double, count: Int, value: Double)? {
        let window = grid.cells.window
        let column = Int(saturating: pixel.x.rounded(.down)) - window.x, row = Int(saturating: pixel.y.rounded(.down)) - window.y
        guard (0..<window.width).contains(column), (0..<window.height).contains(row) else { return nil }
        let index = row * window.width + column, count = Int(grid.counts[index])
        guard count > 0 else { return nil }
        let centre = grid.cells.centre(column: column, row: row)
        return (centre.x, centre.y, count, grid.values?[index] ?? Double(count))
    }
}

extension SceneBuilder {
    /// The cells of density series `index` of `chart` as it is drawn on its laid-out plot. Throws `ChartError`
    /// for an invalid chart or an index that is not a density series.
    public static func densityGrid(_ chart: Chart, series index: Int, measurer: TextMeasuring, threads: Int) throws -> DensityGrid {
        guard chart.series.indices.contains(index), chart.series[index].kind == .density else {
            throw ChartError.invalidValue(path: "series[\(index)]", reason: "is not a density series")
        }
        let (drawn, _, prepared, _) = try drawn(chart, measurer: measurer, threads: threads)
        return DensityMark.drawing(drawn.series[index], layout: prepared.layout, threads: threads).grid
    }
}

extension Series {
    /// A density series' aggregate on the layout it was last prepared for.
    var densityDrawing: DensityDrawing? {
        get { styles[ifSet: DensityDrawing.self] }
        set { styles[ifSet: DensityDrawing.self] = newValue }
    }

    /// The colour scale a colour bar naming this series shows: a density's as its cells were coloured (or, before
    /// they are, its scale as given over 0…1: a guess that does not depend on where the points come from), else its
    /// per-point colours' scale over their values.
    var colorBarScale: ColorScale? {
        if kind == .density {
            if let drawing = densityDrawing { return drawing.shading.scale }
            var scale = density.resolvedScale ?? density.scale
            if scale.range == nil, !scale.isCategorical { scale.range = 0...1 }
            return scale
        }
        return pointColors.map { $0.scale.resolved(for: $0.values) }
    }
}

/// Aggregates a chart's density series on its layout. The colour bar of a density series is labelled by the
/// cells' values, which depend on the plot's size, which depends on the colour bar's labels: the chart is laid
/// out on its domains (read once), aggregated, and laid out again with the true labels. When that moves the plot,
/// the points are aggregated once more on the new plot, coloured by the first aggregate's scale (`resolvedScale`),
/// whose labels the new plot was laid out with: so it stays, and the bar's labels are true to the colours drawn.
enum DensityPreparation {
    /// `chart` with its visible density series aggregated, and the layout they were aggregated on.
    static func prepared(_ chart: Chart, measurer: TextMeasuring, threads: Int, known: [Int: DataExtent]) -> (Chart, LinePreparation) {
        let domains = AxisDomains(chart: chart, threads: threads, extents: known)
        let (w, h) = chart.pixelSize
        let frame = Rect(x: 0, y: 0, width: Double(w), height: Double(h))
        var chart = aggregated(chart, on: ChartLayout(chart: chart, domains: domains, frame: frame, measurer: measurer), threads: threads)
        let first = ChartLayout(chart: chart, domains: domains, frame: frame, measurer: measurer)
        if isAggregated(chart, on: first) { return (chart, LinePreparation(layout: first)) }
        // The true labels resized the plot: count again on it, keeping the first count's colours (and so the
        // labels, and the plot).
        chart = aggregated(keepingScales(chart), on: first, threads: threads)
        return (chart, LinePreparation(layout: ChartLayout(chart: chart, domains: domains, frame: frame, measurer: measurer)))
    }

    /// `chart` with its density series aggregated on `layout` and their colours kept from that aggregate
    /// (`DensityStyle.resolvedScale`), for a layout made from it elsewhere (a figure's panel).
    static func frozen(_ chart: Chart, on layout: ChartLayout, threads: Int) -> Chart {
        keepingScales(aggregated(chart, on: layout, threads: threads))
    }

    /// `chart` with each aggregated density series' colours kept as its aggregate resolved them.
    static func keepingScales(_ chart: Chart) -> Chart {
        var chart = chart
        for i in chart.series.indices where chart.series[i].kind == .density && chart.series[i].density.resolvedScale == nil {
            chart.series[i].density.resolvedScale = chart.series[i].densityDrawing?.shading.scale
        }
        return chart
    }

    /// `chart` with each density series that has points aggregated on `layout`.
    static func aggregated(_ chart: Chart, on layout: ChartLayout, threads: Int) -> Chart {
        var chart = chart
        for i in chart.series.indices where chart.series[i].kind == .density && !chart.series[i].x.isEmpty {
            let s = chart.series[i]
            chart.series[i].densityDrawing = DensityDrawing(s, cells: DensityMark.cells(s, layout: layout), threads: threads)
        }
        return chart
    }

    /// Where each aggregated density series of `chart` was counted: a line of information per series
    /// (`Scene.information`).
    static func information(_ chart: Chart) -> [String] {
        chart.series.indices.compactMap { i in
            chart.series[i].densityDrawing.map { "series[\(i)]: density of \(chart.series[i].x.count) points aggregated on \($0.grid.place)" }
        }
    }

    /// Whether every density series of `chart` with points was aggregated on the cells it has on `layout`.
    static func isAggregated(_ chart: Chart, on layout: ChartLayout) -> Bool {
        chart.series.filter { $0.kind == .density && !$0.x.isEmpty }.allSatisfy { s in
            s.densityDrawing?.grid.cells == DensityMark.cells(s, layout: layout)
        }
    }
}
