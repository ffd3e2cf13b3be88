import GlintCore

extension NpyHeader.ValueType {
    /// `count` little-endian values of this type, `stride` bytes apart from `start`, as a column: float64 and float32
    /// viewed where they lie (kept valid by `owner`), integers converted to doubles, datetimes to milliseconds since
    /// 1970 (NaT, `Int64.min`, a gap) with `isDatetime` set. Shared by `.npy` files, the server's column parts and
    /// the C API's columns.
    public func column(at start: UnsafeRawPointer, count: Int, stride: Int, owner: AnyObject) -> (column: Column, isDatetime: Bool) {
        guard count > 0 else { return (Column([Double]()), isDatetime) }
        func converted<T>(_: T.Type, _ value: (T) -> Double) -> Column {
            Column([Double](unsafeUninitializedCapacity: count) { out, initialized in
                for i in 0..<count { out[i] = value((start + i * stride).loadUnaligned(as: T.self)) }
                initialized = count
            })
        }
        switch self {
        case .float64, .float32:
            let element: ColumnBuffer.Element = self == .float64 ? .float64 : .float32
            guard let buffer = ColumnBuffer(base: start, count: count, stride: stride, element: element, owner: owner) else {
                return (Column([Double]()), false)
            }
            return (Column(buffer), false)
        case .int64: return (converted(Int64.self) { Double($0) }, false)
        case .int32: return (converted(Int32.self) { Double($0) }, false)
        case .uint8: return (converted(UInt8.self) { Double($0) }, false)
        case .datetimeMs, .datetimeUs, .datetimeNs:
            let perMillisecond: Double = self == .datetimeMs ? 1 : self == .datetimeUs ? 1e3 : 1e6
            return (converted(Int64.self) { $0 == .min ? .nan : Double($0) / perMillisecond }, true)
        }
    }

    /// Whether the values are instants.
    public var isDatetime: Bool { self == .datetimeMs || self == .datetimeUs || self == .datetimeNs }
}
