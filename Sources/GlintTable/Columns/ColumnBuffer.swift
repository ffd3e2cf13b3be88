/// Memory a caller lends to a column: `count` values of `element`, `stride` bytes apart from `base`, kept valid
/// by `owner` (a memory-mapped file, a numpy array, a buffer the caller allocated) for as long as any column
/// views it. Values are read in the machine's byte order, unaligned reads allowed.
public struct ColumnBuffer: @unchecked Sendable {
    /// The type of each value.
    public enum Element: String, Sendable, CaseIterable {
        /// IEEE 754 binary64 (numpy `float64`, C `double`).
        case float64
        /// IEEE 754 binary32 (numpy `float32`, C `float`).
        case float32

        /// Bytes per value.
        public var size: Int { self == .float64 ? 8 : 4 }
    }

    /// The first value's address.
    public let base: UnsafeRawPointer
    /// How many values.
    public let count: Int
    /// Bytes from one value to the next (at least the element's size).
    public let stride: Int
    /// The type of each value.
    public let element: Element
    /// What keeps the memory alive.
    public let owner: AnyObject

    /// A view of `count` values `stride` bytes apart from `base`; nil for a negative count, or a stride smaller
    /// than a value or so large that the last value's address overflows. The memory must stay valid and unchanged
    /// while `owner` lives.
    public init?(base: UnsafeRawPointer, count: Int, stride: Int, element: Element, owner: AnyObject) {
        guard count >= 0, stride >= element.size else { return nil }
        let (span, overflow) = stride.multipliedReportingOverflow(by: max(count - 1, 0))
        guard !overflow, UInt(bitPattern: base) <= UInt.max - UInt(span + element.size) else { return nil }
        (self.base, self.count, self.stride, self.element, self.owner) = (base, count, stride, element, owner)
    }

    /// Value `i` as a `Double` (`i` in 0..<count).
    @inlinable @inline(__always)
    public subscript(i: Int) -> Double {
        let p = base + i * stride
        return element == .float64 ? p.loadUnaligned(as: Double.self) : Double(p.loadUnaligned(as: Float.self))
    }

    /// The values at `indices` copied into a `Double` array, one typed pass (no per-value dispatch).
    func copiedDoubles(in indices: Range<Int>) -> [Double] {
        withExtendedLifetime(owner) {
            [Double](unsafeUninitializedCapacity: indices.count) { out, initialized in
                let first = base + indices.lowerBound * stride
                if element == .float64 {
                    for i in 0..<indices.count { out[i] = (first + i * stride).loadUnaligned(as: Double.self) }
                } else {
                    for i in 0..<indices.count { out[i] = Double((first + i * stride).loadUnaligned(as: Float.self)) }
                }
                initialized = indices.count
            }
        }
    }

    /// `body` with the values in place when they are contiguous, aligned doubles; nil otherwise.
    func withContiguousDoubles<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R? {
        guard element == .float64, stride == 8, Int(bitPattern: base) % MemoryLayout<Double>.alignment == 0 else { return nil }
        return try withExtendedLifetime(owner) {
            try body(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Double.self), count: count))
        }
    }
}
