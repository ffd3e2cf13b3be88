import GlintCore
import GlintData

/// `data.binary`: a series' columns viewed in place in a binary file (`BinaryColumns`):
///
/// ```json
/// "data": {"binary": "walk.bin", "type": "float64", "x": {"offset": 0, "stride": 16}, "y": {"offset": 8, "stride": 16}}
/// ```
///
/// `type` is `float64` (the default) or `float32`, in the machine's byte order; each column gives its first byte
/// (`offset`, 0 by default) and the bytes from one value to the next (`stride`, one value by default); `count` is
/// how many points (by default as many as every column holds). `x` left out counts 0, 1, 2, …; `size` is optional,
/// as are a `value` and a `category` per row (a density's, a hexbin's value; codes, named by their numbers).
extension ChartSpec {
    /// The keys a `data` object with `binary` may add to the CSV ones.
    static let binaryKeys = ["binary", "type", "count"]
    /// The keys of one column of a binary file.
    static let binaryColumnKeys = ["offset", "stride"]

    /// The columns `data` names in its binary file (y always; x, size, a value and a category when given), which
    /// `files` must allow.
    static func binaryColumns(_ data: SpecObject, file: String, files: DataFiles) throws -> ViewedColumns {
        let specPath = data.childPath("binary")
        let columns = try BinaryColumns(path: try files.resolve(file, specPath: specPath), displayPath: file, specPath: specPath)
        let element = try data.choice("type", as: ColumnBuffer.Element.self) ?? .float64
        let layouts = try binaryLayouts(data, element: element)
        let count = try binaryCount(data, layouts: layouts.map { ($0.offset, $0.stride) }, in: columns, element: element)
        var read: [String: Column] = [:]
        for layout in layouts {
            read[layout.key] = try columns.column(offset: layout.offset, stride: layout.stride, count: count, element: element,
                                                  specPath: data.childPath(layout.key))
        }
        let category = read.removeValue(forKey: "category").map(ViewedColumns.categoryNames)
        return ViewedColumns(x: read["x"], y: read["y"], size: read["size"], value: read["value"], category: category)
    }

    /// Where the columns `data` names in its binary file lie (y always; x, size, a value and a category when given),
    /// in that order, each by its key.
    static func binaryLayouts(_ data: SpecObject, element: ColumnBuffer.Element) throws -> [(key: String, offset: Int, stride: Int)] {
        var layouts: [(key: String, offset: Int, stride: Int)] = []
        for key in suppliedKeys + ViewedColumns.valueKeys {
            guard let column = try data.object(key, allowed: binaryColumnKeys) else {
                guard key != "y" else { throw GlintError.badValue(path: data.childPath("y"), message: "missing; name where the y values lie") }
                continue
            }
            let (offset, stride) = try binaryLayout(column, element: element)
            layouts.append((key, offset, stride))
        }
        return layouts
    }

    /// Where a column of a binary file lies: its first byte (`offset`, 0 by default) and the bytes from one value to
    /// the next (`stride`, one value by default).
    static func binaryLayout(_ column: SpecObject, element: ColumnBuffer.Element) throws -> (offset: Int, stride: Int) {
        (try column.integer("offset", within: .fileExtent) ?? 0, try column.integer("stride", within: .byteStride) ?? element.size)
    }

    /// How many rows a binary file's columns hold: `data`'s `count`, else as many as every column (those at
    /// `layouts`, and the ones its `columns` names) holds.
    static func binaryCount(_ data: SpecObject, layouts: [(offset: Int, stride: Int)], in file: BinaryColumns, element: ColumnBuffer.Element) throws -> Int {
        if let count = try data.integer("count", within: .fileExtent) { return count }
        let named = try namedColumns(data).map { try binaryLayout(SpecObject($0.value, path: $0.path, allowed: binaryColumnKeys), element: element) }
        return (layouts + named).map { file.capacity(offset: $0.offset, stride: $0.stride, element: element) }.min() ?? 0
    }
}
