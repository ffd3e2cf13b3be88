/// One legend of any kind measured in its room: a box of entries, a colour bar, or why it cannot be drawn.
package enum LegendBlock {
    /// Series entries, custom items, category dots or sizes, in a `LegendBox`.
    case entries(LegendBox)
    /// A colour bar.
    case colorBar(ColorBarBox)
    /// The legend cannot be built from its options.
    case failed(LegendBox.Problem)

    /// Box width in device pixels.
    var width: Double {
        switch self {
        case let .entries(box): return box.width
        case let .colorBar(bar): return bar.width
        case .failed: return 0
        }
    }

    /// Box height in device pixels.
    var height: Double {
        switch self {
        case let .entries(box): return box.height
        case let .colorBar(bar): return bar.height
        case .failed: return 0
        }
    }

    /// Why the legend is not drawn; nil when it is.
    package var problem: LegendBox.Problem? {
        switch self {
        case let .entries(box): return box.problem
        case let .colorBar(bar): return bar.problem
        case let .failed(problem): return problem
        }
    }

    /// Whether the legend is drawn with every entry (none left in a "+N more" cell).
    var showsEverything: Bool {
        if case let .entries(box) = self, box.overflow > 0 { return false }
        return problem == nil
    }

    /// What draws the legend with its box's top-left corner at `origin`.
    package func commands(at origin: Point, legend: Legend, theme: Theme, marks: any LayoutMarks, type: Typography) -> [SceneCommand] {
        switch self {
        case let .entries(box): return box.commands(at: origin, legend: legend, theme: theme, marks: marks, type: type)
        case let .colorBar(bar): return bar.commands(at: origin, legend: legend, theme: theme, type: type)
        case .failed: return []
        }
    }

    /// Measures `legend` of `chart` within `room`; with `flows`, entries flow into the columns the room holds. An
    /// automatic box of entries too tall or wide for its room flows into the columns (or rows) the room holds
    /// before it is left out, when all its entries then show.
    static func measure(_ legend: Legend, chart: Chart, marks: any LayoutMarks, room: (width: Double, height: Double), flows: Bool,
                        type: Typography, measurer: TextMeasuring) -> LegendBlock {
        func box(_ entries: [LegendBox.Entry], sample: (width: Double, height: Double)? = nil) -> LegendBlock {
            let natural = LegendBox(entries, legend: legend, room: room, flows: flows, sample: sample, type: type, measurer: measurer)
            guard !flows, case .doesNotFit? = natural.problem else { return .entries(natural) }
            let flowed = LegendBox(entries, legend: legend, room: room, flows: true, sample: sample, type: type, measurer: measurer)
            // Only when every entry shows: a box of "+N more" alone explains nothing.
            return .entries(flowed.problem == nil && flowed.overflow == 0 ? flowed : natural)
        }
        switch legend.kind {
        case .series:
            return box(LegendLayout.entries(chart, legend: legend, marks: marks))
        case let .colorBar(bar):
            return .colorBar(ColorBarBox(bar, legend: legend, chart: chart, marks: marks, room: room, type: type, measurer: measurer))
        case let .points(points):
            switch pointEntries(points, chart: chart, marks: marks) {
            case let .success(entries): return box(entries, sample: (2 * points.radius + 2, 2 * points.radius + 2))
            case let .failure(problem): return .failed(problem)
            }
        case let .sizes(sizes):
            switch sizeEntries(sizes, chart: chart, marks: marks, type: type) {
            case let .success((entries, largest)): return box(entries, sample: (2 * largest + 2, 2 * largest + 2))
            case let .failure(problem): return .failed(problem)
            }
        }
    }

    /// A points legend's entries: its items, or the categories of the series it names, each a dot of its colour.
    static func pointEntries(_ points: PointsLegend, chart: Chart, marks: any LayoutMarks) -> Result<[LegendBox.Entry], LegendBox.Problem> {
        let dot = { (label: String, color: Color) in
            LegendBox.Entry(label: label, sample: .item(LegendItem(label: label, color: color, marker: .dot, radius: points.radius)))
        }
        if !points.items.isEmpty { return .success(points.items.map { dot($0.label, $0.color) }) }
        guard let index = points.series, index < chart.series.count else {
            return .failure(.invalid("has no items: give them, or name a series coloured by categories"))
        }
        guard let scale = marks.colorBarScale(chart.series[index]), let names = scale.categories else {
            return .failure(.invalid("series[\(index)] is not coloured by categories"))
        }
        return .success(zip(names, scale.stops).map { dot($0, $1.color) })
    }

    /// A size legend's entries: nice size values across the series' size range, each a dot at the radius the
    /// series gives it, and the largest radius (logical pixels).
    static func sizeEntries(_ sizes: SizesLegend, chart: Chart, marks: any LayoutMarks, type: Typography)
        -> Result<([LegendBox.Entry], Double), LegendBox.Problem> {
        guard sizes.series < chart.series.count else { return .failure(.invalid("series[\(sizes.series)] does not exist")) }
        let s = chart.series[sizes.series]
        guard let (range, radius) = marks.sizeScale(s) else {
            return .failure(.invalid("series[\(sizes.series)] has no sizes"))
        }
        let target = max(2, sizes.count - 1)
        var values = NiceTicks.ticks(in: range, target: target)
        if values.count < 2 { values = range.lowerBound == range.upperBound ? [range.lowerBound] : [range.lowerBound, range.upperBound] }
        let step = NiceTicks.step(over: range, target: target)
        let labels = sizes.format?.labels(for: values, step: step) ?? NiceTicks.labels(for: values, step: step)
        let color = s.color ?? chart.theme.paletteColor(sizes.series)
        let radii = values.map(radius)
        let entries = zip(labels, radii).map { label, r in
            LegendBox.Entry(label: label, sample: .item(LegendItem(label: label, color: color, draw: { rect in
                let c = rect.center, radius = r * type.scale, stroke = marks.dotStroke(s, scale: type.scale)
                return [SceneCommand(.dots(DotShape(x: [c.x], y: [c.y], size: nil, transform: .identity, radius: radius...radius,
                                                    sizeRange: 0...0, fill: color, stroke: stroke.color, strokeWidth: stroke.width)))]
            })))
        }
        return .success((entries, radii.max() ?? 0))
    }
}
