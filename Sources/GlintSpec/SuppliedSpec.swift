import GlintCore

/// `data` naming columns handed over with the spec (`SuppliedColumns`) rather than a file:
///
/// ```json
/// "data": {"x": "t", "y": "price", "size": "volume"}
/// ```
///
/// Numbers are viewed in place; datetimes feed a time axis (the x axis becomes one unless the spec gives it a type);
/// categories feed a category axis, in their dictionary's order. A histogram counts its `x`.
extension ChartSpec {
    /// The keys a `data` object of supplied columns takes.
    static let suppliedKeys = ["x", "y", "size"]

    /// Whether `data` names supplied columns: no file, no binary file, no database.
    static func readsSupplied(_ data: SpecObject) -> Bool {
        !data.has("csv") && !data.has("binary") && !readsDatabase(data) && !readsNpy(data)
    }

    /// The x, y and size columns (and a value and a category per row) `data` names among `columns`, read onto the
    /// axes (`time`, `categories`); a key not given is nil.
    static func suppliedColumns(_ data: SpecObject, kind: SeriesKind, columns: SuppliedColumns, categories: inout AxisCategories,
                                time: TimeValues) throws -> ViewedColumns {
        try checkNamedColumns(data, kind: kind, also: ["labels", "npz"], missingY: "missing; name the column of y values") { key in
            "columns given with the spec are named by x, y, size, labels, value and category; \"\(key)\" reads a file (give data.csv)"
        }
        var read: [String: Column] = [:]
        var category: [String?]?
        for key in suppliedKeys + ViewedColumns.valueKeys {
            guard let name = try data.string(key) else { continue }
            let path = data.childPath(key)
            if key == "category" {
                category = try columns.texts(name, path: path)
                continue
            }
            let values = try columns.values(name, path: path)
            switch values {
            case let .numbers(column):
                // Contiguous float64 is viewed where it lies; float32 or strided values are converted once here
                // rather than in each of the render's passes over them (extents, M4, the painters).
                read[key] = column.isContiguousDoubles ? column : Column(column.doubles)
            case let .datetimes(column):
                guard key == "x", time.isActive else {
                    throw GlintError.badValue(path: path, message: key == "x"
                        ? "\"\(BoundedText.line(name, limit: 64))\" holds datetimes, which need a time axis; leave out the x axis's type or give \"type\": \"time\""
                        : "\"\(BoundedText.line(name, limit: 64))\" holds datetimes, which only the x axis takes (a time axis)")
                }
                read[key] = column
            case let .categories(codes, names):
                guard key == "x" || key == "y" else {
                    throw GlintError.badValue(path: path, message: "\"\(BoundedText.line(name, limit: 64))\" holds categories; \(key == "size" ? "sizes" : "values") are numbers")
                }
                let slots = key == "x" ? try categories.x.indices(of: names, path: path) : try categories.y.indices(of: names, path: path)
                read[key] = Column(codes.map { $0 < 0 ? Double.nan : slots[Int($0)] })
            }
        }
        return try sameLength(read, category: category, data: data, differ: "the columns named hold different numbers of rows")
    }

    /// Whether any series of `root` takes its x from a supplied column of datetimes, which makes an x axis of no
    /// given type a time axis. A series or `data` object that cannot be read counts as none here: reading the
    /// series later says what is wrong with it, in the spec's order.
    static func takesSuppliedDatetimes(_ root: SpecObject, columns: SuppliedColumns, tables: [String: SuppliedColumns]) -> Bool {
        guard !columns.isEmpty || !tables.isEmpty, case let .array(items)? = root.raw("series") else { return false }
        return items.contains { item in
            guard let series = try? SpecObject(item, path: "", allowed: seriesKeys), let data = try? series.object("data", allowed: dataKeys),
                  readsSupplied(data), let name = try? data.string("x") else { return false }
            let table = (try? data.string("npz")).flatMap { $0.flatMap { tables[$0] } } ?? columns
            return table.holdsDatetimes(name)
        }
    }
}
