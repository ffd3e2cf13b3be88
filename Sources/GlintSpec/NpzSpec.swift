import GlintCore
import GlintData

/// `data` naming a numpy `.npz` archive — `numpy.savez("sales.npz", t=t, price=price, region=codes)` — as the
/// series' table: its arrays are columns by name, which every key naming a column reads (x, y, size, a colour's
/// `column`, `split`, `labels`, error bars, bands, candles' prices, filters, facets), as it reads the columns handed
/// over with the spec:
///
/// ```json
/// "data": {"npz": "sales.npz", "x": "t", "y": "price"}
/// ```
///
/// The file is mapped once; float64 and float32 arrays are viewed where they lie in it, integers converted,
/// `datetime64` read as a time axis's milliseconds.
extension ChartSpec {
    /// The table of the `.npz` archive `data` names (nil when it names none), read once per file: `tables` keeps each
    /// by the name the spec gives it. Errors name `data.npz`.
    static func npzTable(_ data: SpecObject, files: DataFiles, tables: inout [String: SuppliedColumns]) throws -> SuppliedColumns? {
        guard let file = try data.string("npz") else { return nil }
        if let table = tables[file] { return table }
        let path = data.childPath("npz")
        let archive = try BinaryColumns(path: try files.resolve(file, specPath: path), displayPath: file, specPath: path)
        var table = SuppliedColumns()
        for array in try archive.npzColumns(specPath: path) {
            switch array.values {
            case let .numbers(column, isDatetime):
                try table.add(array.name, SuppliedColumns.Values(column, isDatetime: isDatetime), path: path)
            case let .texts(texts):
                try table.add(array.name, SuppliedColumns.Values(categoriesOf: texts), path: path)
            }
        }
        guard !table.isEmpty else {
            throw GlintError.badValue(path: path, message: "\(file) holds no arrays (numpy.savez writes a .npy member per array)")
        }
        tables[file] = table
        return table
    }

    /// Every `.npz` table the series of `root` name that can be read, into `tables`; one that cannot is left for its
    /// series to report in the spec's order.
    static func readableNpzTables(_ root: SpecObject, files: DataFiles, into tables: inout [String: SuppliedColumns]) {
        guard case let .array(items)? = root.raw("series") else { return }
        for item in items {
            // Most specs name no archive: a series whose data has no "npz" is passed over before it is read.
            guard case let .object(fields) = item, case let .object(data)? = fields.first(where: { $0.key == "data" })?.value,
                  data.contains(where: { $0.key == "npz" }) else { continue }
            guard let series = try? SpecObject(item, path: "", allowed: seriesKeys), let data = try? series.object("data", allowed: dataKeys) else { continue }
            _ = try? npzTable(data, files: files, tables: &tables)
        }
    }
}
