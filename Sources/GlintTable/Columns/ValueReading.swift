/// Values of a column read in place by index, typed to their storage, so each kind gets its own specialised loop:
/// contiguous doubles, contiguous `Float`s (a mapped `.npy` file of float32, never copied), or any other column.
public enum IndexedValues {
    case doubles(UnsafeBufferPointer<Double>)
    case floats(UnsafeBufferPointer<Float>)
    case other(Column)
}

/// A way of reading values by index (the cases of `IndexedValues` unwrapped).
public protocol ValueReading {
    func value(_ i: Int) -> Double
}

/// Work on a pair of columns read in place, given each as its own specialised reader (`IndexedValues.pair`), so
/// the work's loop is compiled once per pair of storages.
public protocol PairVisitor {
    mutating func visit<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y)
}

extension IndexedValues {
    /// Runs `visitor` on `x` and `y` unwrapped. Inlinable, as is what it calls, so that the layers above
    /// specialise it, and their visitors' loops, for each pair of storages.
    @inlinable
    public static func pair<V: PairVisitor>(_ x: IndexedValues, _ y: IndexedValues, _ visitor: inout V) {
        switch x {
        case let .doubles(p): y.visit(after: p, &visitor)
        case let .floats(p): y.visit(after: p, &visitor)
        case let .other(c): y.visit(after: c, &visitor)
        }
    }

    @inlinable
    func visit<X: ValueReading, V: PairVisitor>(after x: X, _ visitor: inout V) {
        switch self {
        case let .doubles(p): visitor.visit(x, p)
        case let .floats(p): visitor.visit(x, p)
        case let .other(c): visitor.visit(x, c)
        }
    }
}

extension UnsafeBufferPointer: ValueReading where Element: BinaryFloatingPoint {
    @inlinable @inline(__always) public func value(_ i: Int) -> Double { Double(self[i]) }
}

extension Column: ValueReading {
    @inlinable @inline(__always) public func value(_ i: Int) -> Double { self[i] }
}

extension Column {
    /// Calls `body` with the column's values read in place; nothing is copied.
    public func withIndexedValues<R>(_ body: (IndexedValues) -> R) -> R {
        switch storage {
        case let .doubles(a): return a.withUnsafeBufferPointer { body(.doubles($0)) }
        case let .floats(a): return a.withUnsafeBufferPointer { body(.floats($0)) }
        case let .buffer(b):
            return withExtendedLifetime(b.owner) {
                let aligned = Int(bitPattern: b.base) % b.element.size == 0 && b.stride == b.element.size
                switch (b.element, aligned) {
                case (.float64, true): return body(.doubles(UnsafeBufferPointer(start: b.base.assumingMemoryBound(to: Double.self), count: b.count)))
                case (.float32, true): return body(.floats(UnsafeBufferPointer(start: b.base.assumingMemoryBound(to: Float.self), count: b.count)))
                default: return body(.other(self))
                }
            }
        case .ring: return body(.other(self))
        }
    }
}
