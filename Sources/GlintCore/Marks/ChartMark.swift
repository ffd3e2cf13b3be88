/// A mark drawn once per chart rather than once per series — reference bands and lines, point labels — in the
/// stages of `Mark`: fit (what it adds to the domains) → emit (its commands, by the layer they go in: under the
/// series or over them). A new kind of chart-wide drawing is one new folder under `Marks/` and one entry in
/// `ChartMarks.all`.
protocol ChartMark {
    /// The ranges, in scale space, that the x and the left y domain must hold for `chart` (nil for none), given
    /// that some series has data.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?)
    /// The commands that draw it, by layer.
    static func emit(_ context: ChartMarkContext) -> [ChartLayer: [SceneCommand]]
}

extension ChartMark {
    /// By default a chart mark takes no part in the domains.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) { (nil, nil) }
}

/// Where a chart mark's commands are drawn: behind every series (bands), or over them (lines, labels).
enum ChartLayer: CaseIterable {
    case underSeries, overSeries
}

/// What a chart mark draws from: the chart as drawn, its layout, text placement and bar groups.
struct ChartMarkContext {
    let chart: Chart
    let layout: ChartLayout
    let text: TextPlacer
    let groups: BarGroups
}

/// The chart marks, in drawing order within each layer.
enum ChartMarks {
    /// Every chart mark: references, then point labels (so labels sit over reference lines).
    static let all: [any ChartMark.Type] = [ReferenceMark.self, PointLabelMark.self]

    /// What the chart marks add to the x and left y domains.
    static func fit(_ chart: Chart) -> (x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
        all.map { $0.fit(chart) }.reduce((nil, nil)) { (DataRange.union($0.x, $1.x), DataRange.union($0.y, $1.y)) }
    }

    /// Every chart mark's commands for `layer`, in `all` order.
    static func commands(_ context: ChartMarkContext) -> [ChartLayer: [SceneCommand]] {
        var layers: [ChartLayer: [SceneCommand]] = [:]
        for mark in all {
            for (layer, commands) in mark.emit(context) { layers[layer, default: []] += commands }
        }
        return layers
    }
}
