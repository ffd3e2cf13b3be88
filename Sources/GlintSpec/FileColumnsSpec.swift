import GlintCore
import GlintData

/// `columns` in a data object that reads `.npy` files or a binary file: further columns by name, which every key
/// that names a column reads (a colour's `column`, `split`, `labels`, error bars, a band, a filter, the facet) as it
/// reads a `.npz` archive's arrays:
///
/// ```json
/// "data": {"x": {"npy": "t.npy"}, "y": {"npy": "v.npy"}, "columns": {"kind": {"npy": "kind.npy"}}},
/// "color": {"column": "kind", "palette": "tableau10"}
/// ```
///
/// A `.npy` column may hold numbers, datetimes or text (numpy's `'<U…'` strings); a binary file's (`{"offset",
/// "stride"}` each, of the file's `type`) hold numbers, as many as its other columns.
extension ChartSpec {
    /// The columns `data` names in its `columns` (each with its value and path), in the spec's order; none without.
    static func namedColumns(_ data: SpecObject) throws -> [(name: String, value: JSONValue, path: String)] {
        guard let given = data.raw("columns") else { return [] }
        guard case let .object(pairs) = given else { throw SpecObject.mismatch(data.childPath("columns"), expected: "an object of columns by name", found: given) }
        guard !pairs.isEmpty else { throw GlintError.badValue(path: data.childPath("columns"), message: "names no column; name one, or leave out \"columns\"") }
        return pairs.map { ($0.key, $0.value, data.childPath("columns") + "." + $0.key) }
    }

    /// The table of the columns `data`'s `columns` names in its `.npy` files or binary file, which `files` must allow;
    /// nil when it names none.
    static func fileColumnsTable(_ data: SpecObject, files: DataFiles) throws -> SuppliedColumns? {
        let named = try namedColumns(data)
        guard !named.isEmpty else { return nil }
        var table = SuppliedColumns()
        if let file = try data.string("binary") {
            let specPath = data.childPath("binary")
            let binary = try BinaryColumns(path: try files.resolve(file, specPath: specPath), displayPath: file, specPath: specPath)
            let element = try data.choice("type", as: ColumnBuffer.Element.self) ?? .float64
            let count = try binaryCount(data, layouts: binaryLayouts(data, element: element).map { ($0.offset, $0.stride) }, in: binary, element: element)
            for (name, value, path) in named {
                let (offset, stride) = try binaryLayout(SpecObject(value, path: path, allowed: binaryColumnKeys), element: element)
                try table.add(name, .numbers(binary.column(offset: offset, stride: stride, count: count, element: element, specPath: path)), path: path)
            }
            return table
        }
        for (name, value, path) in named {
            guard let file = try SpecObject(value, path: path, allowed: npyColumnKeys).string("npy") else {
                throw GlintError.badValue(path: path, message: "expected {\"npy\": \"FILE.npy\"} like the other columns of this data object")
            }
            let filePath = path + ".npy"
            switch try BinaryColumns(path: try files.resolve(file, specPath: filePath), displayPath: file, specPath: filePath).npyArray(specPath: filePath) {
            case let .numbers(column, isDatetime): try table.add(name, SuppliedColumns.Values(column, isDatetime: isDatetime), path: path)
            case let .texts(texts): try table.add(name, SuppliedColumns.Values(categoriesOf: texts), path: path)
            }
        }
        return table
    }
}
