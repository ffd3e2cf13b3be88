import GlintCore

/// What reading one database series cost.
public struct SourceRead: Sendable {
    /// The series' index.
    public var series: Int
    /// Whether M4 ran in the database.
    public var pushedDown: Bool
    /// Rows with a finite x and y in the source (known when the extent was asked, or M4 ran).
    public var sourceRows: Int?
    /// Whether the extent was asked for first (not when the x and y ranges are given).
    public var askedExtent: Bool
    /// Result rows received (a reduced bucket may come as one row of four points).
    public var rowsReturned: Int
    /// Bytes the database sent (0 for an engine in this process).
    public var bytes: Int
    /// What the picture may leave out, as its notices say (`Database.caveat`, with the series' index).
    public var caveat: String? = nil
}

/// Reads the points of series whose data lives in a database (`Series.source`) before a chart is laid out.
///
/// A long line (more rows than M4 would keep) is reduced inside the database: first its row count and extent
/// in one aggregate query (skipped when the x and y ranges are given), then the chart is laid out with that extent
/// (the plot and x mapping the full data would give), then the database returns the M4 extremes of every pixel
/// sub-column of that layout (`M4Buckets`, computed in the painters' exact arithmetic). Gaps (a NULL or non-finite
/// y) split runs, each reduced on its own (see `reduced`). The points are the ones M4 keeps of the full data, so
/// the picture is the one every row would draw. A density `count` is counted per cell in the database
/// (`DensityPushdown`). Everything else — dots, bars, short lines, log x axes, dashed lines,
/// `pushdown: false` — pulls its rows.
package enum DatabaseReading {
    /// `chart` with every sourced series' points filled in (and `source` cleared), and what each cost.
    /// `layout` lays out a chart as rendering would, with the data extents of the series whose points are not in it
    /// yet. Errors name the series: `GlintError.sourceUnavailable` when a database cannot be reached,
    /// `GlintError.badData` when its engine refuses the query.
    package static func resolve(_ chart: Chart, layout: (Chart, [Int: DataExtent]) throws -> ChartLayout) throws
        -> (chart: Chart, reports: [SourceRead]) {
        // Density counts are read last, on the layout the other series' points give.
        let counted = chart.series.indices.filter { DensityPushdown.applies(chart.series[$0], in: chart) }
        var rest = chart
        for index in counted { rest.series[index].source = nil }
        var (resolved, reports) = try readRows(rest, layout: layout)
        if !counted.isEmpty {
            let (read, densityReports) = try DensityPushdown.read(counted, of: chart, into: resolved, layout: layout)
            (resolved, reports) = (read, (reports + densityReports).sorted { $0.series < $1.series })
        }
        for i in reports.indices {
            reports[i].caveat = chart.series[reports[i].series].source?.database.caveat.map { "series[\(reports[i].series)]: \($0)" }
        }
        return (resolved, reports)
    }

    /// `chart` with the points of every sourced series read (long lines reduced by M4 in the database), and what
    /// each cost.
    static func readRows(_ chart: Chart, layout: (Chart, [Int: DataExtent]) throws -> ChartLayout) throws
        -> (chart: Chart, reports: [SourceRead]) {
        let sourced = chart.series.indices.filter { chart.series[$0].source != nil }
        guard !sourced.isEmpty else { return (chart, []) }
        var resolved = chart
        var reports: [SourceRead] = []
        var sessions: [Int: any DatabaseSession] = [:]
        // Long lines to reduce, with their extent (nil when the axis ranges are given and it is not asked for).
        var candidates: [Int: DatabaseExtent?] = [:]
        for index in sourced {
            let s = chart.series[index], source = s.source!
            guard s.visible else {
                fill(&resolved.series[index], with: DatabaseRows())
                continue
            }
            let session = try guarded(index, source) { try source.database.open() }
            sessions[index] = session
            let request = self.request(for: s, in: chart)
            if isReducible(s, in: chart) {
                candidates[index] = rangesGiven(for: s, in: chart) ? .some(nil) : try guarded(index, source) { try session.extent(request) }
            } else {
                let rows = try guarded(index, source) { try session.rows(request, only: nil) }
                fill(&resolved.series[index], with: rows)
                reports.append(SourceRead(series: index, pushedDown: false, sourceRows: nil, askedExtent: false,
                                          rowsReturned: rows.x.count, bytes: rows.bytes))
            }
        }
        guard !candidates.isEmpty else { return (resolved, reports) }
        // Lay the chart out with each long line's extent: the layout the full data would give. With the ranges
        // given, the ranges stand in (only whether there is data counts); a line without a finite row has none.
        var extents: [Int: DataExtent] = [:]
        for (index, extent) in candidates {
            if let extent, let ex = extent.x, let ey = extent.y {
                extents[index] = (ex, ey)
            } else if extent == nil, let rx = chart.x.range, let ry = chart.axis(for: chart.series[index]).range {
                extents[index] = (rx, ry)
            }
        }
        let planned = try layout(resolved, extents)
        let drawn = chart.withSeriesStyled.withVisibilityApplied
        for (index, extent) in candidates.sorted(by: { $0.key < $1.key }) {
            let s = drawn.series[index], source = s.source!, session = sessions[index]!
            let request = self.request(for: s, in: chart)
            let buckets = M4Buckets(transform: planned.transform(for: s), plot: planned.plotClip,
                                    lineWidth: s.line.width * planned.typography.scale, antialias: s.line.antialias)
            let read = try guarded(index, source) { () throws -> (DatabaseRows, SourceRead) in
                func report(_ pushedDown: Bool, _ count: Int, _ returned: Int, _ bytes: Int) -> SourceRead {
                    SourceRead(series: index, pushedDown: pushedDown, sourceRows: count, askedExtent: extent != nil,
                               rowsReturned: returned, bytes: bytes)
                }
                // A line with no more rows than M4 keeps is drawn from every row, as it would be from arrays.
                func everyRow(_ count: Int) throws -> (DatabaseRows, SourceRead) {
                    let rows = try session.rows(request, only: nil)
                    return (rows, report(false, count, rows.x.count, rows.bytes))
                }
                if let extent, extent.count <= buckets.pointLimit { return try everyRow(extent.count) }
                let reduction = try session.reduce(request, into: buckets, within: nil, runsSplitAt: nil)
                let points = reduction.buckets.reduce(0) { $0 + $1.rows - $1.gaps }
                if points <= buckets.pointLimit { return try everyRow(points) }
                let (rows, returned, bytes) = try reduced(session, request, buckets: buckets, first: reduction)
                return (rows, report(true, points, returned, bytes))
            }
            fill(&resolved.series[index], with: read.0)
            reports.append(read.1)
        }
        return (resolved, reports.sorted { $0.series < $1.series })
    }

    /// The points M4 keeps of a long line, reduced in the database, and the result rows and bytes that took.
    /// Gaps split runs: buckets holding only gaps come back as one gap each; in buckets holding both, each run
    /// between gaps is reduced on its own when there are few gap positions there (at most one per bucket on
    /// average), and otherwise those buckets are pulled whole.
    /// `reduction` is the first, per-bucket reduction.
    static func reduced(_ session: any DatabaseSession, _ request: ColumnRequest, buckets: M4Buckets, first reduction: DatabaseReduction)
        throws -> (DatabaseRows, Int, Int) {
        let mixed = Set(reduction.buckets.filter { $0.gaps > 0 && $0.rows > $0.gaps }.map(\.bucket))
        guard !mixed.isEmpty else {
            return (M4Assembly.points(reduction.buckets, gaps: .none, buckets: buckets), reduction.rows, reduction.bytes)
        }
        let clean = reduction.buckets.filter { !mixed.contains($0.bucket) }
        if let (positions, bytes) = try session.gapPositions(request, in: buckets, within: mixed, limit: buckets.count) {
            let runs = try session.reduce(request, into: buckets, within: mixed, runsSplitAt: positions)
            return (M4Assembly.points(clean + runs.buckets, gaps: .runs(positions), buckets: buckets),
                    reduction.rows + positions.count + runs.rows, reduction.bytes + bytes + runs.bytes)
        }
        let whole = try session.rows(request, only: (buckets, mixed))
        return (M4Assembly.points(reduction.buckets, gaps: .wholeBuckets(whole), buckets: buckets),
                reduction.rows + whole.x.count, reduction.bytes + whole.bytes)
    }

    /// Whether the x range and the range of `s`'s y axis are both given, so its extent need not be asked for.
    static func rangesGiven(for s: Series, in chart: Chart) -> Bool {
        chart.x.range != nil && chart.axis(for: s).range != nil
    }

    /// Whether `s` is a line M4 may reduce inside the database: long sorted lines are decimated by x columns,
    /// which a log x axis (decades) would change; a dash pattern needs every point, and markers are drawn at every
    /// point.
    static func isReducible(_ s: Series, in chart: Chart) -> Bool {
        guard let source = s.source, source.pushdown, s.decimates, !s.line.markers else { return false }
        return chart.x.scale == .linear || chart.x.scale == .time
    }

    /// The columns `s` reads: y > 0 only on a log axis; rows ordered by x for lines.
    static func request(for s: Series, in chart: Chart) -> ColumnRequest {
        ColumnRequest(s.source!, positiveY: chart.axis(for: s).scale == .log, orderedByX: s.joinsPoints)
    }

    /// Puts `rows` into the series and forgets its source. The series is not marked sorted: a view window would
    /// cut the reduced points differently from every row's.
    static func fill(_ series: inout Series, with rows: DatabaseRows) {
        // The rows' arrays become the series' columns as they are (no copy).
        (series.x, series.y, series.xIsSorted) = (Column(rows.x), Column(rows.y), false)
        if series.source?.size != nil { series.size = rows.size.map(Column.init) }
        series.source = nil
    }

    /// Runs `body`, naming the series and the database in any error it throws.
    static func guarded<T>(_ index: Int, _ source: DatabaseSource, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            let path = "series[\(index)].data.\(source.rows.key)"
            switch error {
            case let .unreachable(message):
                throw GlintError.sourceUnavailable("series[\(index)].data.db: cannot reach \(source.database.displayName): \(message)")
            case let .query(message):
                throw GlintError.badValue(path: path, message: "\(message) (\(source.database.displayName))")
            }
        }
    }
}

extension DatabaseSource.Rows {
    /// The spec key that gives these rows: `sql` or `table`.
    public var key: String {
        switch self {
        case .sql: return "sql"
        case .table: return "table"
        }
    }
}
