import GlintCore

/// `"split"`: one series per distinct value of a column of the series' `data.csv` (or of an inline array of names,
/// one per point), the long-format table's case (`symbol,date,price`).
extension ChartSpec {
    /// The series `o` stands for: `s` itself, or one per group of its split; `rows` are the rows of the table `s`
    /// kept (by a filter), whose keys split it.
    static func splitting(_ s: Series, _ o: SpecObject, sources: CSVSources, rows: [Int]? = nil) throws -> [Series] {
        guard let raw = o.raw("split") else { return [s] }
        let path = o.childPath("split")
        if let key = ["name", "color"].first(where: o.has), o.raw(key).map(isPlainColorOrName) == true {
            throw GlintError.badValue(path: o.childPath(key), message: "split series are named by their values and take the palette's "
                                      + "colours in order; leave out \"\(key)\"")
        }
        guard s.pointOrigin != .cells else {
            throw GlintError.badValue(path: path, message: "a \(s.kind.rawValue) cannot be split: its points are a grid's cells; give a series per group")
        }
        let keys: [String?]
        switch raw {
        case let .string(column):
            let all = try sources.texts(column, file: try o.object("data", allowed: dataKeys)?.string("csv"), path: path)
            keys = rows.map { $0.map { $0 < all.count ? all[$0] : nil } } ?? all
        case .array:
            let all = try o.strings("split") ?? []
            keys = rows.map { $0.map { $0 < all.count ? all[$0] : nil } } ?? all
            // Unfiltered, a name per point; filtered, the names of the rows kept.
            // A histogram's names are one per value counted, not per bin.
            let points = s.pointOrigin == .bins ? try o.numbers("x")?.count ?? 0 : s.x.count
            guard rows != nil || all.count == points else {
                throw GlintError.badValue(path: path, message: "has \(all.count) names but the series has \(points) \(s.pointOrigin == .bins ? "values" : "points")")
            }
        default:
            throw SpecObject.mismatch(path, expected: "a column name or an array of names", found: raw)
        }
        // Counted before any group is made: a split of a million distinct names is refused at once.
        let groups = Set(keys.map { $0 ?? "" }).count
        guard groups <= ChartLimit.seriesCount else {
            throw GlintError.badValue(path: path, message: "makes \(groups) groups; a chart draws at most \(ChartLimit.seriesCount) series "
                                      + "(split by a column of fewer values, or filter the rows first)")
        }
        return s.pointOrigin == .bins ? try splitHistogram(s, o, keys: keys, sources: sources) : s.split(by: keys)
    }

    /// A histogram's split: the values of each group (of `keys`, one per value) counted into the bins of all of them,
    /// so that the groups' bars line up; each a histogram series named by its key, in the next palette colour.
    static func splitHistogram(_ s: Series, _ o: SpecObject, keys: [String?], sources: CSVSources) throws -> [Series] {
        let data = try o.object("data", allowed: dataKeys)
        let values = try data.flatMap { data in try data.string("csv").flatMap { file in try data.string("x").map { sources.column($0, of: file) } } }
            ?? o.numbers("x") ?? []
        return try Series.groups(of: keys, count: values.count).map { group in
            var part = s
            do {
                let counted = try Series.histogram(values: Column(group.rows.map { values[$0] }), bins: .edges(s.histogram.edges),
                                                   statistic: s.histogram.statistic, threads: 1)
                (part.x, part.y, part.histogram.edges) = (counted.x, counted.y, counted.histogram.edges)
                (part.histogram.outside, part.histogram.nonFinite) = (counted.histogram.outside, counted.histogram.nonFinite)
            } catch {
                throw GlintError.badValue(path: o.childPath("split"), message: "\(error)")
            }
            (part.name, part.color) = (group.key, nil)
            return part
        }
    }

    /// Asks `sources` for the text column a series' `split` names in its CSV file (a column handed over with the spec
    /// needs no asking).
    static func requestSplitColumn(_ o: SpecObject, from sources: inout CSVSources) throws {
        guard case let .string(column)? = o.raw("split"), let file = try o.object("data", allowed: dataKeys)?.string("csv") else { return }
        sources.requestText(column, of: file, specPath: o.childPath("split"))
    }

    /// Whether a `name` or `color` value is one value for the whole series (a colour object per point is kept).
    private static func isPlainColorOrName(_ value: JSONValue) -> Bool {
        if case .object = value { return false }
        return true
    }
}
