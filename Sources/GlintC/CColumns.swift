import Glint
import GlintData

/// `glint_column` arrays from C read into `SuppliedColumns`: floating-point values viewed in place (the caller's
/// memory, valid for the call), integers, datetimes and category codes converted.
enum CColumns {
    /// `glint_column`'s fields at their C offsets on LP64 Linux: const char *name, const void *data, int type,
    /// size_t count, size_t stride, size_t offset, const char *const *categories, size_t category_count.
    enum Layout {
        static let name = 0, data = 8, type = 16, count = 24, stride = 32, offset = 40, categories = 48, categoryCount = 56
        static let size = 64
    }

    /// `glint_column_type`'s values.
    enum ColumnType: Int32 {
        case f64 = 1, f32, i64, categoryU8, categoryI32, datetimeMs, datetimeUs, datetimeNs

        /// The numeric value type it is read as (nil for category codes).
        var numeric: NpyHeader.ValueType? {
            switch self {
            case .f64: return .float64
            case .f32: return .float32
            case .i64: return .int64
            case .datetimeMs: return .datetimeMs
            case .datetimeUs: return .datetimeUs
            case .datetimeNs: return .datetimeNs
            case .categoryU8, .categoryI32: return nil
            }
        }

        /// Bytes per value.
        var size: Int { numeric?.size ?? (self == .categoryU8 ? 1 : 4) }
    }

    /// Keeps nothing alive: the caller's arrays are valid for the call, and no chart outlives it.
    final class CallersMemory {}

    /// The `count` columns at `columns`; `CArgumentError` for a null pointer, an unknown type or a stride smaller
    /// than a value; `GlintError.badValue` naming `columns[i]` for a repeated name or a category code past the names.
    static func read(_ columns: UnsafeRawPointer?, count: Int) throws -> SuppliedColumns {
        var supplied = SuppliedColumns()
        guard count >= 0 else { throw CArgumentError("column_count \(UInt(bitPattern: count)) is not a count of columns") }
        guard count > 0 else { return supplied }
        guard let columns else { throw CArgumentError("columns is null but column_count is \(count)") }
        guard count <= 1 << 20 else { throw CArgumentError("column_count \(count) is more than 1,048,576 columns") }
        let memory = CallersMemory()
        for i in 0..<count {
            let c = columns + i * Layout.size
            let path = "columns[\(i)]"
            guard let namePointer = c.load(fromByteOffset: Layout.name, as: UnsafePointer<CChar>?.self) else {
                throw CArgumentError("\(path).name is null")
            }
            let name = String(cString: namePointer)
            let rawType = c.load(fromByteOffset: Layout.type, as: Int32.self)
            guard let type = ColumnType(rawValue: rawType) else {
                throw CArgumentError("\(path) (\"\(BoundedText.line(name, limit: 64))\"): type \(rawType) is not a glint_column_type")
            }
            let rows = Int(bitPattern: c.load(fromByteOffset: Layout.count, as: UInt.self))
            let givenStride = Int(bitPattern: c.load(fromByteOffset: Layout.stride, as: UInt.self))
            let stride = givenStride == 0 ? type.size : givenStride
            let offset = Int(bitPattern: c.load(fromByteOffset: Layout.offset, as: UInt.self))
            let described = "\(path) (\"\(BoundedText.line(name, limit: 64))\")"
            guard rows >= 0 else { throw CArgumentError("\(described): count \(UInt(bitPattern: rows)) is not a count of values") }
            guard offset >= 0 else { throw CArgumentError("\(described): offset \(UInt(bitPattern: offset)) runs past the address space") }
            guard givenStride >= 0 else { throw CArgumentError("\(described): stride \(UInt(bitPattern: givenStride)) runs past the address space") }
            guard stride >= type.size else {
                throw CArgumentError("\(described): a stride of \(UInt(bitPattern: givenStride)) bytes is not at least one value (\(type.size) bytes)")
            }
            let base = c.load(fromByteOffset: Layout.data, as: UnsafeRawPointer?.self)
            guard rows == 0 || base != nil else { throw CArgumentError("\(described).data is null but count is \(rows)") }
            let values: SuppliedColumns.Values
            if let base, rows > 0 {
                guard let view = View(base: base + offset, count: rows, stride: stride) else {
                    throw CArgumentError("\(described): \(rows) values \(stride) bytes apart run past the end of the address space")
                }
                values = try read(view, type: type, column: c, described: described, owner: memory)
            } else {
                values = try read(nil, type: type, column: c, described: described, owner: memory)
            }
            try supplied.add(name, values, path: described)
        }
        return supplied
    }

    /// Where a column's values lie.
    struct View {
        let base: UnsafeRawPointer, count: Int, stride: Int

        init?(base: UnsafeRawPointer, count: Int, stride: Int) {
            let (span, overflow) = stride.multipliedReportingOverflow(by: count)
            guard !overflow, UInt(bitPattern: base) <= UInt.max - UInt(span) else { return nil }
            (self.base, self.count, self.stride) = (base, count, stride)
        }

        /// Value `i` as `T`, unaligned reads allowed.
        func load<T>(_ i: Int, as type: T.Type) -> T { (base + i * stride).loadUnaligned(as: T.self) }
    }

    private static func read(_ view: View?, type: ColumnType, column c: UnsafeRawPointer, described: String,
                             owner: CallersMemory) throws -> SuppliedColumns.Values {
        guard let numeric = type.numeric else {
            // Category codes: one byte or four, into the names.
            let names = try categoryNames(c, described: described)
            let codes = view.map { view in
                (0..<view.count).map { i in type == .categoryU8 ? Int32(view.load(i, as: UInt8.self)) : view.load(i, as: Int32.self) }
            } ?? []
            return .categories(codes: codes, names: names)
        }
        guard let view else { return SuppliedColumns.Values(Column([Double]()), isDatetime: numeric.isDatetime) }
        let read = numeric.column(at: view.base, count: view.count, stride: view.stride, owner: owner)
        return SuppliedColumns.Values(read.column, isDatetime: read.isDatetime)
    }

    /// A category column's names (`categories`, `category_count`).
    private static func categoryNames(_ c: UnsafeRawPointer, described: String) throws -> [String] {
        let count = Int(bitPattern: c.load(fromByteOffset: Layout.categoryCount, as: UInt.self))
        guard count >= 0, count <= 1 << 24 else { throw CArgumentError("\(described): category_count \(UInt(bitPattern: count)) is not a count of names") }
        guard count > 0 else { return [] }
        guard let list = c.load(fromByteOffset: Layout.categories, as: UnsafePointer<UnsafePointer<CChar>?>?.self) else {
            throw CArgumentError("\(described).categories is null but category_count is \(count)")
        }
        return try (0..<count).map { i in
            guard let name = list[i] else { throw CArgumentError("\(described).categories[\(i)] is null") }
            return String(cString: name)
        }
    }
}

/// A C caller's argument that cannot be used (a null pointer, a count or type out of range): `GLINT_ERROR_ARGUMENT`.
struct CArgumentError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
