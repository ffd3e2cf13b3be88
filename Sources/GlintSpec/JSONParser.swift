import GlintCore
/// A strict JSON parser (RFC 8259) that reports the line and column of the first error,
/// refuses duplicate keys and bounds nesting, so no input can crash or hang it.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 256

    /// Parses a whole document; throws `GlintError.badData` naming the line and column.
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        // A UTF-8 byte-order mark, as some editors write, is not part of the document.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var parser = JSONParser(bytes: bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes)
        parser.skipSpace()
        let value = try parser.value()
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func failure(_ what: String) -> GlintError {
        var line = 1, column = 1
        for b in bytes[0..<min(index, bytes.count)] {
            if b == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return GlintError.badData("invalid JSON at line \(line), column \(column): \(what)")
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw nonFinite(at: index) ?? failure("unknown word (expected a value)")
        }
        index += utf8.count
        return value
    }

    private mutating func value() throws -> JSONValue {
        guard let b = current else { throw failure("the document ends where a value was expected") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw nonFinite(at: index) ?? failure("unexpected character '\(Character(Unicode.Scalar(b)))'")
        }
    }

    /// The error for `NaN`, `Infinity` or `inf` (any case, `-` before) at `start`, which JSON does not have; nil for
    /// anything else.
    private func nonFinite(at start: Int) -> GlintError? {
        let word = bytes[start..<min(bytes.count, start + 9)].map { Character(Unicode.Scalar($0)).lowercased() }.joined()
        guard ["nan", "infinity", "inf"].contains(where: { word.hasPrefix($0) }) else { return nil }
        return failure("JSON has no NaN or Infinity: write null for a gap (a missing value), or a finite number")
    }

    private mutating func nest() throws {
        depth += 1
        guard depth <= JSONParser.maxDepth else { throw failure("nesting deeper than \(JSONParser.maxDepth) levels") }
    }

    private mutating func object() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var fields: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipSpace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a key in double quotes") }
            let keyStart = index
            let key = try string()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw failure("duplicate key \"\(key)\"")
            }
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            skipSpace()
            fields.append((key, try value()))
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "}") { index += 1; return .object(fields) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func array() throws -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var items: [JSONValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value())
            skipSpace()
            if current == UInt8(ascii: ",") { index += 1; continue }
            if current == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { index += 1 }
            return index - s
        }
        guard digits() > 0 else { throw nonFinite(at: index) ?? failure("a number needs digits") }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a number needs digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw failure("'\(text)' is not a number") }
        return .number(value)
    }

    /// A string's text. Its bytes are gathered, escapes decoded into them, and made a `String` once at the end:
    /// appending to a `String` piece by piece copies it each time (300,000 escapes took 20 s).
    private mutating func string() throws -> String {
        index += 1
        var utf8: [UInt8] = []
        var run = index
        while true {
            guard let b = current else { throw failure("a string is not closed") }
            if b == UInt8(ascii: "\"") {
                defer { index += 1 }
                // No escape (each adds a byte at least): the string's bytes as they are.
                guard !utf8.isEmpty else { return String(decoding: bytes[run..<index], as: UTF8.self) }
                utf8.append(contentsOf: bytes[run..<index])
                return String(decoding: utf8, as: UTF8.self)
            }
            if b < 0x20 { throw failure("a control character inside a string (use \\n)") }
            if b == UInt8(ascii: "\\") {
                utf8.append(contentsOf: bytes[run..<index])
                index += 1
                guard let e = current else { throw failure("a string is not closed") }
                index += 1
                let scalar: Unicode.Scalar
                switch e {
                case UInt8(ascii: "\""): scalar = "\""
                case UInt8(ascii: "\\"): scalar = "\\"
                case UInt8(ascii: "/"): scalar = "/"
                case UInt8(ascii: "b"): scalar = "\u{08}"
                case UInt8(ascii: "f"): scalar = "\u{0C}"
                case UInt8(ascii: "n"): scalar = "\n"
                case UInt8(ascii: "r"): scalar = "\r"
                case UInt8(ascii: "t"): scalar = "\t"
                case UInt8(ascii: "u"): scalar = try unicodeEscape()
                default: throw failure("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
                UTF8.encode(scalar) { utf8.append($0) }
                run = index
                continue
            }
            index += 1
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let v = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("\\u needs four hex digits")
        }
        index += 4
        return v
    }

    private mutating func unicodeEscape() throws -> Unicode.Scalar {
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a lone UTF-16 surrogate in \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                throw failure("an invalid UTF-16 surrogate pair")
            }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw failure("an invalid \\u escape") }
        return scalar
    }
}
