import GlintCore

/// A series object of the spec as its kind reads its own keys (`MarkKeys`): the object's values, and the columns
/// its data object names, resolved against the series' table (`column`, `texts`) as its x and y are.
struct SeriesKeys: MarkKeys {
    /// The series object.
    let object: SpecObject
    /// Its data object, when it has one.
    let data: SpecObject?
    /// The columns read for the spec: CSV files' and those handed over with it (or the series' own table); nil for
    /// an object that has none (a series' `density` object).
    let sources: CSVSources?
    /// The series' CSV file (`data.csv`), when it names one.
    let file: String?
    /// Its columns viewed where they lie (a binary file's, `.npy` files', those handed over), when it reads them so.
    let viewed: ViewedColumns?

    /// The keys of a series object and the table its data object names.
    init(object: SpecObject, data: SpecObject?, sources: CSVSources?, file: String?, viewed: ViewedColumns?) {
        (self.object, self.data, self.sources, self.file, self.viewed) = (object, data, sources, file, viewed)
    }

    /// The keys of an object with no table, whose values are all inline (a series' `density` object).
    init(_ object: SpecObject) {
        (self.object, self.data, self.sources, self.file, self.viewed) = (object, nil, nil, nil, nil)
    }

    func has(_ key: String) -> Bool { object.has(key) }
    func childPath(_ key: String) -> String { object.childPath(key) }
    func number(_ key: String) throws -> Double? { try object.number(key) }
    func number(_ key: String, within limit: ChartLimit) throws -> Double? { try object.number(key, within: limit) }
    func numbers(_ key: String) throws -> [Double]? { try object.numbers(key) }
    func string(_ key: String) throws -> String? { try object.string(key) }
    func isText(_ key: String) -> Bool { object.isText(key) }
    func bool(_ key: String) throws -> Bool? { try object.bool(key) }
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws -> T? where T.RawValue == String {
        try object.choice(key, as: type)
    }
    func integer(_ key: String, within limit: ChartLimit) throws -> Int? { try object.integer(key, within: limit) }
    func color(_ key: String) throws -> Color? { try object.color(key) }

    func colorScale(for what: String, allowsColor: Bool) throws -> ColorScale? {
        guard case .object? = object.raw("color") else {
            guard !object.has("color") || allowsColor else {
                throw GlintError.badValue(path: object.childPath("color"), message: "\(what)'s colours come from a scale: {\"scale\": {...}} or {\"palette\": \"viridis\"}")
            }
            return nil
        }
        let c = try SpecObject(object.raw("color")!, path: object.childPath("color"), allowed: ChartSpec.valueColorKeys)
        if let scale = try c.object("scale", allowed: ChartSpec.scaleKeys) { return try ChartSpec.colorScale(scale) }
        return try ChartSpec.paletteName(c, as: ContinuousPalette.self).map { ColorScale(palette: $0) }
    }

    func categoryColors(_ names: [String?], of key: String, atMost limit: Int, counting: String) throws -> PointColors {
        let c = try object.object("color", allowed: ChartSpec.categoryColorKeys)
        let colors = try ChartSpec.categoryColors(names, c)
        if let categories = colors.scale.categories, categories.count > limit {
            let ordered = c?.has("order") == true
            throw GlintError.badValue(path: ordered ? c!.childPath("order") : columnPath(key),
                                      message: "\(counting) at most \(limit) categories, found \(categories.count)\(ordered ? " (the points' names and the order's)" : "")")
        }
        return colors
    }

    func givesColumn(_ key: String) -> Bool { object.has(key) || data?.has(key) == true }

    func columnPath(_ key: String) -> String { object.has(key) ? object.childPath(key) : data?.childPath(key) ?? object.childPath(key) }

    func column(_ key: String, what: String) throws -> Column? {
        guard let data, data.has(key) else { return try object.numbers(key).map(Column.init) }
        try refuseBoth(key)
        if key == "value", let value = viewed?.value { return value }
        let (name, sources) = try tableColumn(key, in: data)
        return try sources.numbers(name, file: file, path: data.childPath(key), what: what)
    }

    func texts(_ key: String) throws -> [String?]? {
        guard let data, data.has(key) else { return try object.strings(key) }
        try refuseBoth(key)
        if key == "category", let category = viewed?.category { return category }
        let (name, sources) = try tableColumn(key, in: data)
        return try sources.texts(name, file: file, path: data.childPath(key))
    }

    /// Refuses `key` given both inline and as a column of the data object.
    private func refuseBoth(_ key: String) throws {
        guard !object.has(key) else {
            throw GlintError.badValue(path: object.childPath(key), message: "give \"\(key)\" either inline or as data.\(key), not both")
        }
    }

    /// The name of the column `data` names for `key`, and the sources to find it in, when the series has a table:
    /// its CSV file, or columns handed over with the spec.
    private func tableColumn(_ key: String, in data: SpecObject) throws -> (String, CSVSources) {
        guard let name = try data.string(key) else { throw GlintError.badValue(path: data.childPath(key), message: "missing; name a column") }
        guard let sources, file != nil || !sources.supplied.isEmpty else {
            throw GlintError.badValue(path: data.childPath(key), message: "names a column of the series' data.csv; give data.csv")
        }
        return (name, sources)
    }
}
