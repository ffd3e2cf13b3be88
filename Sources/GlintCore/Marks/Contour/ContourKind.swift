import Dispatch

extension SeriesKind {
    /// Lines where a grid's values cross levels, or bands between them (`Series.contour`), from a grid of values or
    /// from points through their kernel density: matplotlib's `contour` and `contourf`.
    public static let contour = SeriesKind(named: "contour")
}

/// Contours (`ContourMark`, and `ContourLabelMark` for their level labels): `z`, `levels`, `filled`,
/// `levelLabels` and `gridsize` are their keys, `color` a scale or one colour for every line. They are drawn from a
/// grid when given one, else from their points' density; their geometry is worked out once, before layout
/// (`prepared`).
enum ContourKind: MarkDefinition {
    static let kind = SeriesKind.contour
    static let plural = "contours"
    static let keys = ["z", "levels", "filled", "levelLabels", "gridsize"]
    static let takesPointLabels = false
    static let hitByDistance = false
    static let dataShape = DataShape.gridOrPoints
    static let dataColumns = ["value"]
    static let readsOwnColors = true
    /// A grid's cells when it was given a grid, else a point per row.
    static func pointOrigin(_ series: Series) -> PointOrigin { series.contour.grid == nil ? .rows : .cells }

    /// A contour of the grid that `cells` hold (a heatmap's: sorted positions, row by row from the lowest y).
    static func fromCells(_ cells: Series) -> Series {
        let grid = cells.heatmap, values = cells.pointColors?.values ?? []
        let xs = (0..<grid.columns).map { cells.x[$0] }, ys = (0..<grid.rows).map { cells.y[$0 * grid.columns] }
        var s = Series(kind: .contour, x: cells.x, y: cells.y)
        s.contour.grid = ContourGrid(x: xs, y: ys, z: values)
        return s
    }

    /// `color`: a scale for the levels (viridis by default), or one colour for every line; `levels`: a count
    /// (1–1000) or the values; `filled`, `levelLabels`: booleans; `gridsize`: a density grid's nodes across and up
    /// (2–1000). (`z` is read by the spec, as a heatmap's is.)
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if let scale = try keys.colorScale(for: "a contour", allowsColor: true) { series.contour.scale = scale }
        series.pointColors = nil
        if keys.isText("color") { series.contour.lineColor = try keys.color("color") }
        if let count = try? keys.number("levels") {
            series.contour.levels = .count(try HexbinKind.whole(count, keys.childPath("levels"), 1...ContourStyle.maximumLevels))
        } else if let given = try keys.numbers("levels") {
            guard !given.isEmpty, given.count <= ContourStyle.maximumLevels, given.allSatisfy(\.isFinite) else {
                throw ChartError.invalidValue(path: keys.childPath("levels"), reason: "expected a count, or 1 to \(ContourStyle.maximumLevels) finite values")
            }
            series.contour.levels = .given(given)
        }
        series.contour.filled = try keys.bool("filled") ?? false
        series.contour.levelLabels = try keys.bool("levelLabels") ?? false
        if let size = try keys.number("gridsize") {
            series.contour.gridSize = try HexbinKind.whole(size, keys.childPath("gridsize"), 2...ContourStyle.maximumGridSize)
        }
    }

    static func validate(_ s: Series, index: Int, in chart: Chart) throws {
        func refuse(_ field: String, _ reason: String) throws { throw ChartError.invalidStyle(series: index, field: field, reason: reason) }
        try AreaSummaries.validate(s, index: index, in: chart, what: "a contour", draws: "draws lines and bands from its values")
        try LimitCheck.check(count: s.contour.gridSize, 2...ContourStyle.maximumGridSize, "series[\(index)].gridsize")
        if case .count(let n) = s.contour.levels { try LimitCheck.check(count: n, 1...ContourStyle.maximumLevels, "series[\(index)].levels") }
        if let grid = s.contour.grid {
            guard grid.z.count == grid.x.count * grid.y.count, grid.x.allSatisfy(\.isFinite), grid.y.allSatisfy(\.isFinite),
                  zip(grid.x, grid.x.dropFirst()).allSatisfy({ $0 < $1 }), zip(grid.y, grid.y.dropFirst()).allSatisfy({ $0 < $1 }) else {
                try refuse("z", "a contour's grid needs a value per x position in each row, at finite, increasing positions")
                return
            }
            try checkGeometry(grid, s.contour, refuse: refuse)
        } else {
            // Every density contour of the chart together (a split's groups each evaluate their own kernel).
            let evaluations = chart.series.reduce(0) { total, other in
                guard other.kind == .contour, other.contour.grid == nil else { return total }
                let (product, overflow) = other.x.count.multipliedReportingOverflow(by: other.contour.gridSize * other.contour.gridSize)
                return overflow ? Int.max : total.addingReportingOverflow(product).overflow ? Int.max : total + product
            }
            if evaluations > ContourStyle.maximumEvaluations {
                try refuse("gridsize", "\(evaluations) kernel evaluations (points × gridsize², over the chart's density contours) is more than "
                           + "\(ContourStyle.maximumEvaluations); give fewer points or a smaller gridsize")
            }
            // Its levels pass over its grid's cells as a grid's do.
            let cells = (s.contour.gridSize - 1) * (s.contour.gridSize - 1), levels = s.contour.levels.asked
            if levels * cells > ContourStyle.maximumCellPasses {
                try refuse("levels", "\(levels) levels over \(cells) cells is more than \(ContourStyle.maximumCellPasses) cell passes; "
                           + "give fewer levels or a smaller gridsize")
            }
        }
        try s.contour.scale.checkLimits(path: "series[\(index)].color.scale")
    }

    /// Refuses levels that would make more geometry than a contour draws: more than `maximumCellPasses` cell visits,
    /// more than `maximumCrossings` cells crossed by a level, or a region above the highest level (cut out of every
    /// band) past `maximumCrossings` cells over all bands.
    static func checkGeometry(_ grid: ContourGrid, _ style: ContourStyle, refuse: (String, String) throws -> Void) throws {
        let cells = max(0, grid.x.count - 1) * max(0, grid.y.count - 1)
        let range = DataRange.finite(grid.z) ?? 0...1
        let drawn = levels(style.levels, over: range, filled: style.filled, finite: DataRange.finite(grid.z) != nil)
        guard drawn.count * cells <= ContourStyle.maximumCellPasses else {
            try refuse("levels", "\(drawn.count) levels over \(cells) cells is more than \(ContourStyle.maximumCellPasses) cell passes; "
                       + "give fewer levels or a coarser grid")
            return
        }
        guard drawn.count * cells > ContourStyle.maximumCrossings else { return }
        let crossed = drawn.reduce(0) { $0 + MarchingSquares.count(grid, level: $1).crossed }
        if crossed > ContourStyle.maximumCrossings {
            try refuse("levels", "the levels cross \(crossed) cells, more than \(ContourStyle.maximumCrossings); give fewer levels or a smoother grid")
        }
        if style.filled, let top = drawn.last {
            let above = MarchingSquares.count(grid, level: top)
            if (drawn.count - 1) * (above.crossed + above.whole) > ContourStyle.maximumCrossings {
                try refuse("levels", "the region above the highest level, \(top), is cut out of every band: give a highest level at or above "
                           + "the values' greatest, or fewer levels")
            }
        }
    }

    /// Left as it is: its lines take the level's colour unless the series gives one (`ContourStyle.lineColor`).
    static func styled(_ series: Series, at index: Int, theme: Theme) -> Series? { series }

    /// Its grid (the points' kernel density when it has none), levels, lines and bands; as points the grid's nodes
    /// with their values as colours (what a colour bar naming the series spans).
    static func prepared(_ series: Series) -> Series {
        guard series.contour.drawn == nil else { return series }
        var s = series, style = s.contour
        let grid = style.grid ?? KernelDensity2D(x: s.x, y: s.y)?.grid(size: style.gridSize) ?? ContourGrid(x: [], y: [], z: [])
        var drawing = ContourDrawing()
        let finite = DataRange.finite(grid.z)
        drawing.range = finite ?? 0...1
        drawing.ofDensity = style.grid == nil
        drawing.levels = levels(style.levels, over: drawing.range, filled: style.filled, finite: finite != nil)
        // A density's bands start above its least value: the faint tail around the points is left unfilled.
        if drawing.ofDensity, style.filled { drawing.levels = drawing.levels.filter { $0 > drawing.range.lowerBound } }
        // The levels on all cores, each a pass over the grid.
        let levels = drawing.levels, filled = style.filled
        var made = [(lines: [[Point]], region: [[Point]])](repeating: ([], []), count: levels.count)
        made.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: levels.count) { k in
                out[k] = (MarchingSquares.lines(grid, level: levels[k]), filled ? MarchingSquares.above(grid, level: levels[k]) : [])
            }
        }
        drawing.lines = made.map(\.lines)
        if filled { drawing.regions = made.map(\.region) }
        style.drawn = drawing
        style.grid = grid
        s.contour = style
        // A grid's series holds its nodes already (`Series.contour`); a density's points give way to its grid's.
        if drawing.ofDensity { (s.x, s.y) = grid.nodes }
        s.xIsSorted = false
        s.pointColors = PointColors(values: grid.z, scale: style.scale)
        return s
    }

    /// The levels drawn over `range`: given ones in order; else nice ones inside it for lines, and for bands nice
    /// ones from the step at or below its least to the one at or above its greatest.
    static func levels(_ levels: ContourLevels, over range: ClosedRange<Double>, filled: Bool, finite: Bool) -> [Double] {
        guard finite else { return [] }
        switch levels {
        case .given(let values): return Array(Set(values.filter(\.isFinite))).sorted()
        case .count(let n):
            guard range.upperBound > range.lowerBound else { return [] }
            let step = NiceTicks.step(over: range, target: n)
            guard filled else { return NiceTicks.ticks(in: range, target: n).filter { $0 > range.lowerBound && $0 < range.upperBound } }
            let low = (range.lowerBound / step).rounded(.down) * step, high = (range.upperBound / step).rounded(.up) * step
            let intervals = ((high - low) / step).rounded()
            guard low.isFinite, high.isFinite, intervals >= 1, intervals < 10_000 else { return NiceTicks.ticks(in: range, target: n) }
            // As many intervals as steps from the lower end to the upper: the step the count asked for.
            return NiceTicks.ticks(in: low...high, target: Int(intervals))
        }
    }
}
