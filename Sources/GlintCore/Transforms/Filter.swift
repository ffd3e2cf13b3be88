/// A comparison a row must pass to be drawn (`"filter": {"column": "year", ">=": 2010}`): a number compared with a
/// numeric column, or text with a text column.
public struct RowFilter: Equatable, Sendable {
    /// How a row's value is compared.
    public enum Comparison: String, CaseIterable, Sendable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
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
        switch comparison {
        case .equal: return v == n
        case .notEqual: return v != n
        case .less: return v < n
        case .lessOrEqual: return v <= n
        case .greater: return v > n
        case .greaterOrEqual: return v >= n
        }
    }

    /// Whether a text value passes (an empty cell passes only `!=` with a non-empty text).
    public func passes(_ text: String?) -> Bool {
        let value = text ?? ""
        switch operand {
        case let .oneOf(names): return names.contains(value)
        case let .text(t):
            switch comparison {
            case .equal: return value == t
            case .notEqual: return value != t
            case .less: return value < t
            case .lessOrEqual: return value <= t
            case .greater: return value > t
            case .greaterOrEqual: return value >= t
            }
        case .number: return false
        }
    }
}
