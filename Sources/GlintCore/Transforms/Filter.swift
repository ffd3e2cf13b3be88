/// A comparison a row must pass to be drawn (`"filter": {"column": "year", ">=": 2010}`): a number compared with a
/// numeric column, or text with a text column.
public struct RowFilter: Equatable, Sendable {
    /// How a row's value is compared.
    public enum Comparison: String, CaseIterable, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

        /// Whether `value` compares so with `operand`.
        func holds<T: Comparable>(_ value: T, _ operand: T) -> Bool {
            switch self {
            case .equal: return value == operand
            case .notEqual: return value != operand
            case .less: return value < operand
            case .lessOrEqual: return value <= operand
            case .greater: return value > operand
            case .greaterOrEqual: return value >= operand
            }
        }
    }

    /// What a row's value is compared with.
    public enum Operand: Equatable, Sendable {
        case number(Double)
        case text(String)
        /// Any of these names (`"in"`).
        case oneOf([String])
    }

    public var comparison: Comparison
    public var operand: Operand

    /// A filter that keeps the rows whose value `comparison` `operand` holds for.
    public init(_ comparison: Comparison, _ operand: Operand) { (self.comparison, self.operand) = (comparison, operand) }

    /// Whether a numeric value passes (a gap never does).
    public func passes(_ v: Double) -> Bool {
        guard case let .number(n) = operand, v.isFinite else { return false }
        return comparison.holds(v, n)
    }

    /// Whether a text value passes (an empty cell passes only `!=` with a non-empty text).
    public func passes(_ text: String?) -> Bool {
        let value = text ?? ""
        switch operand {
        case let .oneOf(names): return names.contains(value)
        case let .text(t): return comparison.holds(value, t)
        case .number: return false
        }
    }
}
