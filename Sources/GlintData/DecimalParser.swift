import CFastFloat

/// Decimal number text as CSV cells hold it, parsed straight from bytes: an optional sign (`+` too), digits with
/// an optional decimal point (`5`, `-2.5`, `.5`, `5.`), an optional exponent (`1e-3`). The value is correctly
/// rounded — the same Double as `strtod` — through fast_float (Eisel–Lemire). No hexadecimal (`0x10`), no other
/// spellings: CSV numbers are decimal, as in JSON. Words that mean "no value" are gaps.
public enum DecimalParser {
    /// What a cell holds.
    public enum Cell: Equatable {
        /// A finite number.
        case number(Double)
        /// A gap: an empty cell, `NaN`, `NA`, `N/A`, `null` (any case), or an infinity (`inf`, `-Infinity`),
        /// which is drawn as a gap.
        case gap(Double)
        /// A decimal number too large for a Double (beyond ±1.8e308).
        case overflow
        /// Not a decimal number.
        case invalid
    }

    /// Parses the cell in `bytes` (spaces and tabs around it are ignored).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Cell {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == space || bytes[start] == tab { start += 1 }
        while end > start, bytes[end - 1] == space || bytes[end - 1] == tab { end -= 1 }
        guard start < end else { return .gap(.nan) }
        var first = start
        let negative = bytes[first] == minus
        if bytes[first] == plus || negative { first += 1 }
        guard first < end, isDigit(bytes[first]) || bytes[first] == dot else { return gapWord(bytes, start, end) }
        var value = 0.0
        // fast_float takes the sign itself; a '+' it does not accept is skipped above.
        let from = negative ? first - 1 : first
        let base = bytes.baseAddress!
        let consumed = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
            fast_float_parse_double(chars + from, chars + end, &value)
        }
        guard consumed == end - from else { return .invalid }
        return value.isFinite ? .number(value) : .overflow
    }

    /// Parses a cell given as text (for tests and small inputs).
    public static func parse(_ text: String) -> Cell {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// The gap words, in lower case, and the value each stands for.
    static let gapWords: [[UInt8]: Double] = [
        "nan": .nan, "null": .nan, "na": .nan, "n/a": .nan,
        "inf": .infinity, "+inf": .infinity, "infinity": .infinity, "+infinity": .infinity,
        "-inf": -.infinity, "-infinity": -.infinity,
    ].reduce(into: [:]) { table, pair in table[Array(pair.key.utf8)] = pair.value }

    private static func gapWord(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Cell {
        guard end - start <= 9 else { return .invalid }
        let lower = (start..<end).map { bytes[$0] >= 0x41 && bytes[$0] <= 0x5A ? bytes[$0] | 0x20 : bytes[$0] }
        return gapWords[lower].map { .gap($0) } ?? .invalid
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let plus = UInt8(ascii: "+"), minus = UInt8(ascii: "-"), dot = UInt8(ascii: ".")
}
