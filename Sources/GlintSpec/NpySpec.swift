import GlintCore
import GlintData

/// `data` naming numpy `.npy` files, a column each:
///
/// ```json
/// "data": {"x": {"npy": "x.npy"}, "y": {"npy": "y.npy"}, "size": {"npy": "s.npy"}}
/// ```
///
/// Each file is memory-mapped: float64 and float32 arrays are viewed in place (no parsing, no copy), integers are
/// converted, `datetime64` feeds a time x axis. Paths are resolved as CSV files' are (relative to the spec; on a
/// server, inside its data folder).
extension ChartSpec {
    /// The keys of one `.npy` column.
    static let npyColumnKeys = ["npy"]

    /// Whether `data` names `.npy` files: any of x, y and size an object, and no binary file (whose columns are
    /// objects too).
    static func readsNpy(_ data: SpecObject) -> Bool {
        !data.has("binary") && suppliedKeys.contains { key in
            if case .object? = data.raw(key) { return true }
            return false
        }
    }

    /// The x, y and size columns (and a value and category codes per row) of the `.npy` files `data` names, which
    /// `files` must allow; a key not given is nil.
    static func npyColumns(_ data: SpecObject, kind: SeriesKind, files: DataFiles, time: TimeValues) throws -> ViewedColumns {
        try checkNamedColumns(data, kind: kind, also: data.has("columns") ? ["columns", "labels"] : [], missingY: "missing; name the .npy file of y values ({\"npy\": \"y.npy\"})") { key in
            ".npy columns are named by x, y, size, value and category only; \"\(key)\" needs a CSV file"
        }
        var read: [String: Column] = [:]
        for key in suppliedKeys + ViewedColumns.valueKeys where data.has(key) {
            let path = data.childPath(key)
            guard let column = try data.object(key, allowed: npyColumnKeys), let file = try column.string("npy") else {
                throw GlintError.badValue(path: path, message: "expected {\"npy\": \"FILE.npy\"} like the other columns of this data object")
            }
            let filePath = column.childPath("npy")
            let binary = try BinaryColumns(path: try files.resolve(file, specPath: filePath), displayPath: file, specPath: filePath)
            let (values, isDatetime) = try binary.npyColumn(specPath: filePath)
            if isDatetime, key != "x" || !time.isActive {
                throw GlintError.badValue(path: filePath, message: "\(file) holds datetimes, which only a time x axis takes (\"x\": {\"type\": \"time\"})")
            }
            read[key] = values
        }
        let category = read.removeValue(forKey: "category").map(ViewedColumns.categoryNames)
        return try sameLength(read, category: category, data: data, differ: "the .npy files hold different numbers of values")
    }
}
