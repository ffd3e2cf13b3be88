import GlintCore

/// The data of a series that reads a grid of values (`DataShape.grid`, a heatmap's; `.gridOrPoints`, a contour's
/// when given one): a matrix `z` (a row of values per y position, inline) with `x` and `y` positions, a table in long
/// form (`data.x`, `data.y`, `data.value`: a row per cell), or a CSV grid (`data.grid` names the column of row names;
/// the other columns are the cells). Its kind reads the rest (`color`, `cellLabels`).
extension ChartSpec {
    /// The grid of series `o` (of `kind`) as a heatmap's cells: from its inline `z` rows at positions `x` and `y`
    /// (0, 1, 2, … when not given), a CSV grid's `matrix`, or the cells of a long-form table (`cells`: each row's x,
    /// y and value).
    static func grid(_ o: SpecObject, x: [Double]?, y: [Double]?, cells: (x: [Double], y: [Double], value: [Double])?,
                     matrix: [[Double]]? = nil, kind: SeriesKind) throws -> Series {
        let grid: (x: [Double], y: [Double], values: [Double])
        if let cells {
            guard !o.has("z") else { throw GlintError.badValue(path: o.childPath("z"), message: "give the values either as z or as data.value, not both") }
            grid = try gridOf(cells, path: o.childPath("data"))
        } else {
            if matrix != nil, o.has("z") {
                throw GlintError.badValue(path: o.childPath("z"), message: "give the values either as z or as data.grid, not both")
            }
            guard let z = try matrix ?? o.array("z").map({ rows in
                try rows.enumerated().map { try SpecObject.numbers($1, path: o.childPath("z") + "[\($0)]") }
            }) else {
                throw GlintError.badValue(path: o.childPath("z"), message: "missing; a \(kind.rawValue) needs z, a row of values per y (or data.value, or data.grid)")
            }
            let columns = z.first?.count ?? 0
            if let uneven = z.firstIndex(where: { $0.count != columns }) {
                throw GlintError.badValue(path: o.childPath("z") + "[\(uneven)]", message: "has \(z[uneven].count) values; row 0 has \(columns)")
            }
            let xs = x ?? (0..<columns).map(Double.init), ys = y ?? z.indices.map(Double.init)
            guard xs.count == columns else { throw GlintError.badValue(path: o.childPath("x"), message: "has \(xs.count) positions; z has \(columns) columns") }
            guard ys.count == z.count else { throw GlintError.badValue(path: o.childPath("y"), message: "has \(ys.count) positions; z has \(z.count) rows") }
            grid = (xs, ys, z.flatMap { $0 })
        }
        do {
            return try Series.heatmap(x: grid.x, y: grid.y, values: grid.values)
        } catch {
            throw GlintError.badValue(path: o.childPath(cells != nil && error.key != "z" ? "data." + error.key : error.key), message: error.description)
        }
    }

    /// Whether series `o` of `kind` reads a grid of values: always for a grid's kind, and for one that reads a grid
    /// or points when it gives a grid (`z`, or `data.value` or `data.grid`).
    static func readsGrid(_ o: SpecObject, kind: SeriesKind, data: SpecObject?) -> Bool {
        switch kind.dataShape {
        case .grid: true
        case .gridOrPoints: o.has("z") || data?.has("value") == true || data?.has("grid") == true
        case .points, .periods, .binnedValues: false
        }
    }

    /// `positions` in order, with the ones missing between them added when all lie on one evenly spaced lattice
    /// (hours 0…23 with no row at 5 o'clock; category indices of names that have no row), at most
    /// `Series.maximumHeatmapCells` of them; as they are otherwise (uneven positions are refused later).
    static func lattice(_ positions: Set<Double>) -> [Double] {
        let sorted = positions.sorted()
        guard sorted.count > 2, let first = sorted.first, let last = sorted.last else { return sorted }
        let step = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? 1
        let count = ((last - first) / step).rounded() + 1
        guard step > 0, count <= Double(Series.maximumHeatmapCells),
              sorted.allSatisfy({ abs(($0 - first) / step - (($0 - first) / step).rounded()) < 1e-6 }) else { return sorted }
        return (0..<Int(count)).map { first + Double($0) * step }
    }

    /// The grid of a long-form table already laid out as one — rows of increasing y, each the same increasing x
    /// positions in order, every node once (a numpy `meshgrid` raveled, a matrix written out row by row) — read in
    /// one pass without hashing a position; nil for any other table.
    static func rowMajorGrid(_ cells: (x: [Double], y: [Double], value: [Double])) -> (x: [Double], y: [Double], values: [Double])? {
        let n = cells.value.count
        guard n > 1, cells.x.count == n, cells.y.count == n, cells.x[0].isFinite, cells.y[0].isFinite else { return nil }
        var columns = 1
        while columns < n, cells.y[columns] == cells.y[0], cells.x[columns] > cells.x[columns - 1] { columns += 1 }
        guard n % columns == 0 else { return nil }
        let rows = n / columns, xs = Array(cells.x[0..<columns])
        // Positions the slow path would widen into a lattice (hours with one missing) are left to it.
        guard xs.allSatisfy(\.isFinite), lattice(Set(xs)).count == xs.count else { return nil }
        var ys = [Double]()
        ys.reserveCapacity(rows)
        for r in 0..<rows {
            let y = cells.y[r * columns]
            guard y.isFinite, ys.last.map({ y > $0 }) ?? true else { return nil }
            for c in 0..<columns where cells.x[r * columns + c] != xs[c] || cells.y[r * columns + c] != y { return nil }
            ys.append(y)
        }
        guard lattice(Set(ys)).count == ys.count else { return nil }
        return (xs, ys, cells.value)
    }

    /// The grid of a long-form table: its distinct x and y positions, and each cell's value (NaN where no row gives
    /// one). Rows with a gap in x or y are skipped; a cell given by two rows is an error naming both.
    static func gridOf(_ cells: (x: [Double], y: [Double], value: [Double]), path: String) throws -> (x: [Double], y: [Double], values: [Double]) {
        if let grid = rowMajorGrid(cells) { return grid }
        let n = min(cells.x.count, cells.y.count, cells.value.count)
        let rows = (0..<n).filter { cells.x[$0].isFinite && cells.y[$0].isFinite }
        let xs = lattice(Set(rows.map { cells.x[$0] })), ys = lattice(Set(rows.map { cells.y[$0] }))
        let (cellCount, overflow) = xs.count.multipliedReportingOverflow(by: ys.count)
        guard !overflow, cellCount <= Series.maximumHeatmapCells else {
            throw GlintError.badValue(path: path, message: "\(xs.count) x positions × \(ys.count) y positions is more than \(Series.maximumHeatmapCells) cells")
        }
        // Each row's cell: its position's place in the lattice (nearest, as the lattice's positions are computed).
        func place(_ v: Double, in positions: [Double]) -> Int? {
            guard positions.count > 1 else { return positions.first == v ? 0 : nil }
            let t = ((v - positions[0]) / (positions[1] - positions[0])).rounded()
            guard t.isFinite, t >= 0, t < Double(positions.count) else { return positions.firstIndex(of: v) }
            return Int(t)
        }
        var values = [Double](repeating: .nan, count: cellCount), from = [Int](repeating: -1, count: cellCount)
        for i in rows {
            guard let c = place(cells.x[i], in: xs), let r = place(cells.y[i], in: ys) else { continue }
            let k = r * xs.count + c
            if from[k] >= 0 {
                throw GlintError.badValue(path: path, message: "data rows \(from[k] + 1) and \(i + 1) both give the cell at x \(cells.x[i]), y \(cells.y[i])")
            }
            (values[k], from[k]) = (cells.value[i], i)
        }
        return (xs, ys, values)
    }
}
