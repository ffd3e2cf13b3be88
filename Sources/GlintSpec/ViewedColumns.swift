import GlintCore

/// A series' columns viewed where they lie — in a binary file, in `.npy` files, or handed over with the spec — rather
/// than parsed: x, y and size, and a density's value and category per point.
struct ViewedColumns {
    var x: Column?, y: Column?, size: Column?
    /// A density's value per point (`data.value`).
    var value: Column?
    /// A density's category per point (`data.category`) by name; nil for a point without one.
    var category: [String?]?

    /// The keys naming a column of a density (value and category) beside x, y and size.
    static let densityKeys = ["value", "category"]

    /// Category names of numbers (a column of codes): whole numbers written without a fraction ("3"), NaN none.
    static func categoryNames(_ codes: Column) -> [String?] {
        var names: [Double: String] = [:]
        return codes.indices.map { i in
            let code = codes[i]
            guard !code.isNaN else { return nil }
            if let name = names[code] { return name }
            let name = code == code.rounded() && abs(code) < 1e15 ? String(Int64(code)) : String(code)
            names[code] = name
            return name
        }
    }
}

extension ChartSpec {
    /// The columns of `read` (by key) as viewed columns, which must hold one number of values each (`differ` says it
    /// otherwise, listing them, at `data`).
    static func sameLength(_ read: [String: Column], category: [String?]? = nil, data: SpecObject, differ: String) throws -> ViewedColumns {
        var lengths = read.mapValues(\.count)
        lengths["category"] = category?.count
        guard Set(lengths.values).count <= 1 else {
            let listed = (suppliedKeys + ViewedColumns.densityKeys).compactMap { key in lengths[key].map { "\(key) \($0)" } }.joined(separator: ", ")
            throw GlintError.badValue(path: data.path, message: "\(differ) (\(listed))")
        }
        return ViewedColumns(x: read["x"], y: read["y"], size: read["size"], value: read["value"], category: category)
    }

    /// Refuses a density's value or category column in `data` of a series of another `kind` (a heatmap's long table
    /// reads a value per cell).
    static func refuseDensityColumns(_ data: SpecObject, kind: SeriesKind) throws {
        let taken = kind == .density ? ViewedColumns.densityKeys : [.heatmap, .hexbin, .contour].contains(kind) ? ["value"] : []
        if let key = ViewedColumns.densityKeys.first(where: { data.has($0) && !taken.contains($0) }) {
            throw GlintError.badValue(path: data.childPath(key), message: key == "value" ? "only density series and hexbins read a value per point; this series is a \(kind.rawValue)"
                                      : "only density series read a \(key) per point; this series is a \(kind.rawValue)")
        }
    }

    /// Checks a `data` object whose keys name columns (handed over, or `.npy` files): x, y and size, a density's
    /// value and category, and the `also` keys; no other key (what `otherKey` says of the key found), and y given
    /// unless the series is a histogram (`missingY`).
    static func checkNamedColumns(_ data: SpecObject, kind: SeriesKind, also: [String] = [], missingY: String,
                                  otherKey: (String) -> String) throws {
        if let key = data.keys.first(where: { !suppliedKeys.contains($0) && !ViewedColumns.densityKeys.contains($0) && !also.contains($0) }) {
            throw GlintError.badValue(path: data.childPath(key), message: otherKey(key))
        }
        try refuseDensityColumns(data, kind: kind)
        guard kind == .histogram || data.has("y") else { throw GlintError.badValue(path: data.childPath("y"), message: missingY) }
    }
}
