import GlintCore

/// Reads a density series whose points live in a database by counting them there: the chart is laid out as the
/// full data would lay it out (the extent asked first, unless the ranges are given), the database counts the rows
/// of each cell of that plot (`DatabaseSession.densityCounts`, in the painters' exact arithmetic) and returns one
/// row per non-empty cell, whatever the table's size. The series then holds a point at each such cell's centre,
/// weighted by its count (`DensityStyle.weights`), plus the extent's corners at weight 0, so it lays out and
/// draws as every row would. Laying it out with the counts can change the plot (its colour bar's labels take
/// their room): the cells of the new plot are then counted again, coloured by the first count's scale
/// (`DensityStyle.resolvedScale`), as an aggregate of the same points in memory is.
enum DensityPushdown {
    /// Whether `s` is counted inside its database: a visible or hidden `count` of points on linear axes, pushdown
    /// allowed.
    static func applies(_ s: Series, in chart: Chart) -> Bool {
        guard let source = s.source, source.pushdown, s.countsPointsInCells else { return false }
        return chart.x.function.isIdentity && chart.axis(for: s).function.isIdentity
    }

    /// `resolved` with the density series `indices` of `chart` counted in their databases, and what each read cost.
    static func read(_ indices: [Int], of chart: Chart, into resolved: Chart, layout: (Chart, [Int: DataExtent]) throws -> ChartLayout) throws
        -> (chart: Chart, reports: [SourceRead]) {
        var resolved = resolved
        var reports: [SourceRead] = []
        var extents: [Int: DataExtent] = [:]
        var sessions: [Int: (any DatabaseSession, ColumnRequest, DatabaseExtent?)] = [:]
        for index in indices {
            let s = chart.series[index], source = s.source!
            guard s.visible else {
                DatabaseReading.fill(&resolved.series[index], with: DatabaseRows())
                continue
            }
            let session = try DatabaseReading.guarded(index, source) { try source.database.open() }
            let request = DatabaseReading.request(for: s, in: chart)
            let extent = DatabaseReading.rangesGiven(for: s, in: chart) ? nil : try DatabaseReading.guarded(index, source) { try session.extent(request) }
            if let extent, let ex = extent.x, let ey = extent.y {
                extents[index] = (ex, ey)
            } else if extent == nil, let rx = chart.x.range, let ry = chart.axis(for: s).range {
                extents[index] = (rx, ry)
            }
            sessions[index] = (session, request, extent)
            // Until counted, the series has no points (its layout takes the extent).
            resolved.series[index].source = nil
            (resolved.series[index].x, resolved.series[index].y) = ([], [])
        }
        var counted: [Int: (cells: DensityCells, rows: Int, bytes: Int)] = [:]
        for _ in 0..<3 {
            let planned = try layout(resolved, extents)
            var changed = false
            for (index, (session, request, extent)) in sessions.sorted(by: { $0.key < $1.key }) where extents[index] != nil {
                let s = chart.series[index]
                let cells = DensityCells(mapping: PixelMapping(planned.transform(for: s)), window: planned.plotClip)
                guard counted[index]?.cells != cells else { continue }
                let (counts, bytes) = try DatabaseReading.guarded(index, s.source!) { try session.densityCounts(request, cells: cells) }
                fill(&resolved.series[index], counts: counts, cells: cells, extent: extent)
                // The first count's colours stay (see `DensityStyle.resolvedScale`): the plot its labels give is final.
                if resolved.series[index].density.resolvedScale == nil {
                    resolved.series[index].density.resolvedScale = s.density.resolved(forCounts: counts.map { UInt32(clamping: $0.count) })
                }
                counted[index] = (cells, counts.count + (counted[index]?.rows ?? 0), bytes + (counted[index]?.bytes ?? 0))
                changed = true
            }
            if !changed { break }
        }
        for (index, (_, _, extent)) in sessions {
            reports.append(SourceRead(series: index, pushedDown: true, sourceRows: extent?.count, askedExtent: extent != nil,
                                      rowsReturned: counted[index]?.rows ?? 0, bytes: counted[index]?.bytes ?? 0))
        }
        return (resolved, reports)
    }

    /// Puts a point at the centre of each counted cell, weighted by its count, and the extent's corners at weight 0.
    static func fill(_ series: inout Series, counts: [(cell: Int, count: Int)], cells: DensityCells, extent: DatabaseExtent?) {
        var x: [Double] = [], y: [Double] = [], weights: [Double] = []
        (x.reserveCapacity(counts.count + 2), y.reserveCapacity(counts.count + 2), weights.reserveCapacity(counts.count + 2))
        // A centre is pulled into the extent: the cell of a point at the extent's edge may reach past it, and the
        // series' extent (which the axes are padded from) must be the rows', as it is for the same rows in memory.
        // The point stays in its cell, which holds the edge.
        let within = { (v: Double, range: ClosedRange<Double>?) in range.map { min(max(v, $0.lowerBound), $0.upperBound) } ?? v }
        for (cell, count) in counts {
            let centre = cells.centre(column: cell % cells.window.width, row: cell / cells.window.width)
            x.append(within(centre.x, extent?.x))
            y.append(within(centre.y, extent?.y))
            weights.append(Double(count))
        }
        if let ex = extent?.x, let ey = extent?.y {
            x += [ex.lowerBound, ex.upperBound]
            y += [ey.lowerBound, ey.upperBound]
            weights += [0, 0]
        }
        (series.x, series.y, series.xIsSorted) = (Column(x), Column(y), false)
        series.density.weights = Column(weights)
    }
}
