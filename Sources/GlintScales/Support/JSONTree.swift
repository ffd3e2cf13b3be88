import FoundationEssentials
import Glibc

/// A JSON document built in code and written by `JSONEncoder` (what `JSONSerialization` did for dictionaries of
/// `Any`, which FoundationEssentials does not have): a number that is not finite is written as null, a whole one
/// without a fraction.
public enum JSONTree: Encodable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONTree])
    case object([String: JSONTree])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .number(value):
            if !value.isFinite {
                try container.encodeNil()
            } else if value == value.rounded(), abs(value) < 0x1p53 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case let .string(value): try container.encode(value)
        case let .array(values): try container.encode(values)
        case let .object(members): try container.encode(members)
        }
    }

    /// A whole number.
    public static func int(_ value: Int) -> JSONTree { .number(Double(value)) }

    /// The document's bytes, its objects' keys sorted.
    public func data() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The document as text (`{}` where it cannot be encoded, which a tree of these cases never is).
    public var text: String { (try? data()).map { String(decoding: $0, as: UTF8.self) } ?? "{}" }
}

extension JSONTree: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(arrayLiteral elements: JSONTree...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONTree)...) { self = .object(Dictionary(uniqueKeysWithValues: elements)) }
}
