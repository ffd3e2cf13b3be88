import GlintCore

/// A series' columns viewed where they lie — in a binary file, in `.npy` files, or handed over with the spec — rather
/// than parsed: x, y and size, and a value and a category per row.
struct ViewedColumns {
    var x: Column?, y: Column?, size: Column?
    /// A value per row (`data.value`: a density's, a hexbin's, a heatmap's cells').
    var value: Column?
    /// A category per row (`data.category`: a density's) by name; nil for a row without one.
    var category: [String?]?

    /// The keys naming a column viewed beside x, y and size: a value and a category per row (a density's, a
    /// hexbin's, a heatmap's long table).
    static let valueKeys = ["value", "category"]

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
            let listed = (suppliedKeys + ViewedColumns.valueKeys).compactMap { key in lengths[key].map { "\(key) \($0)" } }.joined(separator: ", ")
            throw GlintError.badValue(path: data.path, message: "\(differ) (\(listed))")
        }
        return ViewedColumns(x: read["x"], y: read["y"], size: read["size"], value: read["value"], category: category)
    }

    /// Every kind's data columns beyond x, y and size (`SeriesKind.dataColumns`), once each, in the registry's order.
    static let kindDataColumns = SeriesKind.allCases.flatMap(\.dataColumns).uniqued()

    /// Refuses a column that `data` of a series of `kind` names and that only other kinds read (a density's
    /// category, a candle's open), naming the kinds that read it.
    static func refuseDataColumns(_ data: SpecObject, kind: SeriesKind) throws {
        guard let key = kindDataColumns.first(where: { data.has($0) && !kind.dataColumns.contains($0) }) else { return }
        let listed = SeriesKind.listed { $0.dataColumns.contains(key) }
        throw GlintError.badValue(path: data.childPath(key), message: "only \(listed) read a column as \"\(key)\"; this series is a \(kind.rawValue)")
    }

    /// Checks a `data` object whose keys name columns (handed over, or `.npy` files): x, y and size, a density's
    /// value and category, and the `also` keys; no other key (what `otherKey` says of the key found), and y given
    /// unless the series is a histogram (`missingY`).
    static func checkNamedColumns(_ data: SpecObject, kind: SeriesKind, also: [String] = [], missingY: String,
                                  otherKey: (String) -> String) throws {
        if let key = data.keys.first(where: { !suppliedKeys.contains($0) && !ViewedColumns.valueKeys.contains($0) && !also.contains($0) }) {
            throw GlintError.badValue(path: data.childPath(key), message: otherKey(key))
        }
        guard kind.dataShape == .binnedValues || data.has("y") else { throw GlintError.badValue(path: data.childPath("y"), message: missingY) }
    }
}
