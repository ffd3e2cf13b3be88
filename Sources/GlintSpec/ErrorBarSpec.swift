import GlintCore

/// `"errorBars"` on a series: `y` and/or `x` reaches — a number for every point, an array (one per point), a column
/// of the series' `data.csv`, or `{"minus", "plus"}` of those for asymmetric bars — with `width`, `cap` and `color`.
extension ChartSpec {
    static let errorBarKeys = ["y", "x", "width", "cap", "color"]
    static let reachKeys = ["minus", "plus"]

    /// The series' error bars; nil when it has none.
    static func errorBars(_ o: SpecObject, points: Int, sources: CSVSources, file: String?) throws -> ErrorBarStyle? {
        guard let e = try o.object("errorBars", allowed: errorBarKeys) else { return nil }
        func extent(_ key: String) throws -> ErrorExtent? {
            guard let raw = e.raw(key) else { return nil }
            if case .object = raw {
                let sides = try SpecObject(raw, path: e.childPath(key), allowed: reachKeys)
                guard sides.has("minus"), sides.has("plus") else {
                    throw GlintError.badValue(path: sides.path, message: "give both minus and plus (or one reach for both ways)")
                }
                return ErrorExtent(minus: try reach(sides, "minus", points: points, sources: sources, file: file),
                                   plus: try reach(sides, "plus", points: points, sources: sources, file: file))
            }
            return ErrorExtent(symmetric: try reach(e, key, points: points, sources: sources, file: file))
        }
        var style = ErrorBarStyle(y: try extent("y"), x: try extent("x"))
        guard style.y != nil || style.x != nil else {
            throw GlintError.badValue(path: e.path, message: "give the reach along y, x or both")
        }
        if let w = try e.number("width", within: .strokeWidth) { style.width = w }
        if let c = try e.number("cap", within: .outlineWidth) { style.cap = c }
        style.color = try e.color("color")
        return style
    }

    /// One side's reaches: a number for every point, an array, or a column of `file`; inline ones 0 or more.
    static func reach(_ o: SpecObject, _ key: String, points: Int, sources: CSVSources, file: String?) throws -> Column {
        let path = o.childPath(key)
        if case let .number(n)? = o.raw(key), !(n >= 0) {
            throw GlintError.badValue(path: path, message: "a reach is a distance, 0 or more; found \(n)")
        }
        if case .array? = o.raw(key), let values = try o.numbers(key), let bad = values.firstIndex(where: { $0 < 0 }) {
            throw GlintError.badValue(path: "\(path)[\(bad)]", message: "a reach is a distance, 0 or more; found \(values[bad])")
        }
        return try numbersOrColumn(o, key, points: points, sources: sources, file: file)
    }

    /// Per-point values under `key`: a number for every point, an array, or a column (of the series' CSV `file`, or
    /// handed over with the spec).
    static func numbersOrColumn(_ o: SpecObject, _ key: String, points: Int, sources: CSVSources, file: String?) throws -> Column {
        let path = o.childPath(key)
        switch o.raw(key) {
        case let .number(n)?:
            return Column([Double](repeating: try SpecObject.finite(n, path: path), count: points))
        case .array?:
            return Column(try o.numbers(key) ?? [])
        case let .string(column)?:
            return try sources.numbers(column, file: file, path: path, what: "\(key) values")
        case let value?:
            throw SpecObject.mismatch(path, expected: "a number, an array of numbers or a column name", found: value)
        case nil:
            throw GlintError.badValue(path: path, message: "missing")
        }
    }

    /// Asks `sources` for the columns of `keys` in `o` that name one.
    static func requestNamedColumns(_ o: SpecObject, _ keys: [String], file: String, from sources: inout CSVSources) {
        for key in keys {
            if case let .string(column)? = o.raw(key) { sources.request(column, of: file, specPath: o.childPath(key)) }
        }
    }

    /// Asks `sources` for the columns the series' error bars name.
    static func requestErrorBarColumns(_ o: SpecObject, file: String, from sources: inout CSVSources) throws {
        guard let e = try o.object("errorBars", allowed: errorBarKeys) else { return }
        requestNamedColumns(e, ["y", "x"], file: file, from: &sources)
        for key in ["y", "x"] {
            guard let raw = e.raw(key), case .object = raw else { continue }
            requestNamedColumns(try SpecObject(raw, path: e.childPath(key), allowed: reachKeys), reachKeys, file: file, from: &sources)
        }
    }
}
