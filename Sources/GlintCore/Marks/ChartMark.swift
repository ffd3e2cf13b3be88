/// A mark drawn once per chart rather than once per series — reference bands and lines, point labels — in the
/// stages of `Mark`: fit (what it adds to the domains) → emit (its commands, by the layer they go in: under the
/// series or over them). A new kind of chart-wide drawing is one new folder under `Marks/` and one entry in
/// `ChartMarks.all`.
protocol ChartMark {
    /// The ranges, in scale space, that the x and the left y domain must hold for `chart` (nil for none), given
    /// that some series has data.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?)
    /// The commands that draw it, by layer, and what it left out. Its text keeps clear of `context.taken`.
    static func emit(_ context: ChartMarkContext) -> ChartMarkDrawing
}

/// What a chart mark draws: its commands by layer, and a notice for anything it left out.
struct ChartMarkDrawing {
    var layers: [ChartLayer: [SceneCommand]] = [:]
    var notices: [String] = []
}

extension ChartMark {
    /// By default a chart mark takes no part in the domains.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) { (nil, nil) }
}

/// Where a chart mark's commands are drawn: behind every series (bands), or over them (lines, labels).
enum ChartLayer: CaseIterable {
    case underSeries, overSeries
}

/// What a chart mark draws from: the chart as drawn, its layout, text placement, bar groups and stacks, and the boxes
/// its text must keep clear of.
struct ChartMarkContext {
    let chart: Chart
    let layout: ChartLayout
    let text: TextPlacer
    let groups: BarGroups
    /// The stacked bars' bases and which bars end their stacks.
    let stacks: StackedBars
    /// The boxes of the data marks (bars, dots) that text keeps clear of.
    let marks: OccupiedBoxes
    /// The lines text keeps clear of.
    let lines: LineSegments

    /// The context of `chart` drawn on `layout`, its marks' boxes (found from its bar groups and stacks) and lines
    /// (long ones through their `decimated` points) when some text is placed among them (point, value or reference
    /// labels, notes).
    init(chart: Chart, layout: ChartLayout, text: TextPlacer, groups: BarGroups, stacks: StackedBars,
         decimated: [Int: M4Decimation.Result]) {
        (self.chart, self.layout, self.text, self.groups, self.stacks) = (chart, layout, text, groups, stacks)
        let labelled = chart.series.contains(where: \.hasLabels)
            || chart.references.contains { !($0.label ?? "").isEmpty } || !chart.annotations.isEmpty
        marks = labelled ? MarkBoxes.of(chart, layout: layout, groups: groups, geometries: BarGeometry.all(chart, layout: layout, groups: groups, stacks: stacks))
                         : OccupiedBoxes(cell: 64, bounds: layout.plot)
        // Lines matter to text placed among the data: point, value and reference labels, and notes.
        lines = labelled ? LineSegments(chart, layout: layout, decimated: decimated) : LineSegments()
    }
    /// Boxes already taken in the image: the legends placed over the plot, then the text of the chart marks before
    /// this one.
    var taken: [Rect] = []
}

/// The chart marks, in drawing order within each layer.
enum ChartMarks {
    /// Every chart mark: a polar chart's axes (whose labels the others keep clear of), references, then annotations (placed before the labels computed from data), then point
    /// labels (so labels sit over reference lines), then heatmaps' cell labels, then contours' labelled lines, then pies' slice labels.
    static let all: [any ChartMark.Type] = [PolarAxisMark.self, ReferenceMark.self, AnnotationMark.self, PointLabelMark.self, CellLabelMark.self, ContourLabelMark.self, SliceLabelMark.self]

    /// What the chart marks add to the x and left y domains.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        all.map { $0.fit(chart) }.reduce((nil, nil)) { (DataRange.union($0.x, $1.x), DataRange.union($0.y, $1.y)) }
    }

    /// Every chart mark's commands by layer, in `all` order, and their notices. Each mark's text keeps clear of the
    /// legends over the plot and of the text of the marks before it.
    static func draw(_ context: ChartMarkContext) -> ChartMarkDrawing {
        var drawing = ChartMarkDrawing(), context = context
        let plot = context.layout.plot
        context.taken += context.layout.legends.compactMap(\.frame).filter { $0.intersects(plot) }
        for mark in all {
            let part = mark.emit(context)
            for (layer, commands) in part.layers {
                drawing.layers[layer, default: []] += commands
                context.taken += commands.flatMap { command -> [Rect] in
                    guard case let .text(runs) = command.shape else { return [] }
                    return runs.map { context.text.box(of: $0) }
                }
            }
            drawing.notices += part.notices
        }
        return drawing
    }
}
