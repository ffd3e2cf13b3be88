extension SeriesKind {
    /// Points binned into hexagons coloured by how many fall in each, or by their values reduced
    /// (`Series.hexbin`): matplotlib's `hexbin`.
    public static let hexbin = SeriesKind(named: "hexbin")
}

/// Hexbins (`HexbinMark`): `gridsize`, `reduce`, `value`, `minCount` and `extent` are their keys, `color` a scale.
/// Their points are binned once, before layout (`prepared`), as box plots' values are summarised.
enum HexbinKind: MarkDefinition {
    static let kind = SeriesKind.hexbin
    static let plural = "hexbins"
    static let keys = ["gridsize", "reduce", "value", "minCount", "extent"]
    static let unusedKeys = ["size", "labels", "stack", "orientation", "barWidth", "aggregate", "markers", "width", "dash", "radius",
                             "sizeRange", "valueLabels", "errorBars", "band"]
    static let unusedKeysReason = "it colours hexagons by the points in them"
    static let takesPointLabels = false
    static let hitByDistance = false
    static let dataColumns = ["value"]
    static let readsOwnColors = true

    /// `color`: the scale hexagons' values are coloured through (viridis by default); `gridsize`: hexagons across (1–500), or `[across, up]`; `reduce`: `count`, `sum`, `mean`, `median`, `min` or
    /// `max`; `value`: a number per point (inline, or a column of the series' table); `minCount`: the fewest points a drawn hexagon holds (0 or more);
    /// `extent`: `[xmin, xmax, ymin, ymax]`.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if let scale = try keys.colorScale(for: "a hexbin", allowsColor: false) { series.hexbin.scale = scale }
        if let size = try? keys.number("gridsize") {
            series.hexbin.columns = try whole(size, keys.childPath("gridsize"), 1...HexbinStyle.maximumGridSize)
        } else if let pair = try keys.numbers("gridsize") {
            guard pair.count == 2 else {
                throw ChartError.invalidValue(path: keys.childPath("gridsize"), reason: "expected hexagons across, or [across, up], found \(pair.count) numbers")
            }
            series.hexbin.columns = try whole(pair[0], keys.childPath("gridsize") + "[0]", 1...HexbinStyle.maximumGridSize)
            series.hexbin.rows = try whole(pair[1], keys.childPath("gridsize") + "[1]", 1...HexbinStyle.maximumGridSize)
        }
        if let name = try keys.string("reduce") {
            guard let reduction = HexbinReduction(rawValue: name) else {
                throw ChartError.invalidValue(path: keys.childPath("reduce"), reason: "expected one of "
                                              + HexbinReduction.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ", found \"\(name)\"")
            }
            series.hexbin.reduction = reduction
        }
        series.hexbin.values = try keys.column("value", what: "values")
        if let least = try keys.number("minCount") {
            series.hexbin.minimumCount = try whole(least, keys.childPath("minCount"), 0...1_000_000_000)
        }
        if let e = try keys.numbers("extent") {
            guard e.count == 4, e.allSatisfy(\.isFinite), e[0] < e[1], e[2] < e[3] else {
                throw ChartError.invalidValue(path: keys.childPath("extent"), reason: "expected [xmin, xmax, ymin, ymax], finite, each least below its greatest")
            }
            series.hexbin.extent = (e[0]...e[1], e[2]...e[3])
        }
    }

    /// `n` as a whole number within `range`, or an error at `path`.
    static func whole(_ n: Double, _ path: String, _ range: ClosedRange<Int>) throws -> Int {
        guard n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw ChartError.invalidValue(path: path, reason: "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(n)")
        }
        return Int(n)
    }

    /// Points in memory on linear axes, a value per point for a reduction of values, none of the per-point keys.
    static func validate(_ s: Series, index: Int, in chart: Chart) throws {
        func refuse(_ field: String, _ reason: String) throws { throw ChartError.invalidStyle(series: index, field: field, reason: reason) }
        let style = s.hexbin
        try AreaSummaries.validate(s, index: index, in: chart, what: "a hexbin", draws: "colours hexagons by the points in them")
        if s.pointColors != nil { try refuse("color", "a hexbin's colours are its scale's (HexbinStyle.scale), by each hexagon's value") }
        for (value, path) in [(style.columns, "gridsize"), (style.rows ?? 1, "gridsize[1]")] {
            try LimitCheck.check(count: value, 1...HexbinStyle.maximumGridSize, "series[\(index)].\(path)")
        }
        try LimitCheck.check(count: style.minimumCount, 0...1_000_000_000, "series[\(index)].minCount")
        if let values = style.values, values.count != s.x.count {
            try refuse("value", "has \(values.count) entries but the series has \(s.x.count) points")
        }
        if style.drawnReduction != .count, style.values == nil {
            try refuse("value", "missing; \"\(style.drawnReduction.rawValue)\" reduces a value per point (inline, or data.value)")
        }
        try style.scale.checkLimits(path: "series[\(index)].color.scale")
    }

    /// The hexagon under `pixel`: its centre, how many points it holds and its value (the count, or the values
    /// reduced).
    static func underlyingHit(_ pixel: Point, series: Series, index: Int, layout: ChartLayout, threads: Int) -> ChartHit? {
        guard let (grid, cells, counts) = series.hexbin.binned, let values = series.pointColors?.values else { return nil }
        // As a point there would be binned, among the hexagons drawn.
        let t = layout.transform(for: series)
        guard layout.plot.contains(pixel), t.isLinear else { return nil }
        let p = t.inverse(pixel)
        guard let cell = grid.cell(p.x, p.y), let k = HexbinMark.drawn(cell, among: cells), k < values.count else { return nil }
        let centre = grid.centre(cell)
        return .cell(series: index, x: centre.x, y: centre.y, count: counts[k], value: values[k])
    }

    /// Its points binned: the drawn hexagons' centres as its points, their values as its colours.
    static func prepared(_ series: Series) -> Series {
        guard series.hexbin.binned == nil else { return series }
        var s = series
        let style = s.hexbin, n = min(s.x.count, s.y.count, style.values?.count ?? .max)
        let grid: HexGrid
        if let extent = style.extent {
            grid = HexGrid(columns: style.columns, rows: style.gridRows, x: extent.x, y: extent.y)
        } else {
            // The finite points' extent (those with a finite value, when values are reduced), as matplotlib takes it.
            var (x0, x1, y0, y1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            let values = style.values?.doubles
            s.x.withUnsafeDoubles { xs in
                s.y.withUnsafeDoubles { ys in
                    for i in 0..<n where xs[i].isFinite && ys[i].isFinite && (values == nil || values![i].isFinite) {
                        (x0, x1, y0, y1) = (min(x0, xs[i]), max(x1, xs[i]), min(y0, ys[i]), max(y1, ys[i]))
                    }
                }
            }
            if x0 > x1 { (x0, x1, y0, y1) = (0, 1, 0, 1) }
            grid = HexGrid(columns: style.columns, rows: style.gridRows, x: HexGrid.nonsingular(x0, x1), y: HexGrid.nonsingular(y0, y1))
        }
        let (cells, values, counts) = HexBinning.bin(x: s.x, y: s.y, values: style.values, grid: grid, reduction: style.drawnReduction,
                                             minimumCount: style.minimumCount)
        let centres = cells.map(grid.centre)
        (s.x, s.y, s.xIsSorted) = (Column(centres.map(\.x)), Column(centres.map(\.y)), false)
        s.pointColors = PointColors(values: values, scale: style.scale)
        s.hexbin.binned = (grid, cells, counts)
        s.hexbin.values = nil
        return s
    }
}
