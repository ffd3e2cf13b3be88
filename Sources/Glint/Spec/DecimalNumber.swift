/// Decimal number text as CSV cells hold it: an optional sign, digits with an optional decimal point (`5`, `-2.5`,
/// `.5`, `5.`), an optional exponent (`1e-3`). No hexadecimal (`0x10`), no `inf`/`nan` spellings, no spaces:
/// CSV numbers are decimal, as in JSON.
enum DecimalNumber {
    /// The value of `text`; nil when it is not decimal number text. A value beyond ±1.8e308 comes back
    /// infinite: callers report it as an overflow.
    static func parse(_ text: Substring) -> Double? {
        var digits = 0, i = text.utf8.startIndex
        let bytes = text.utf8
        func at(_ index: String.Index) -> UInt8? { index < bytes.endIndex ? bytes[index] : nil }
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-") { i = bytes.index(after: i) }
        while isDigit(at(i)) { digits += 1; i = bytes.index(after: i) }
        if at(i) == UInt8(ascii: ".") {
            i = bytes.index(after: i)
            while isDigit(at(i)) { digits += 1; i = bytes.index(after: i) }
        }
        guard digits > 0 else { return nil }
        if at(i) == UInt8(ascii: "e") || at(i) == UInt8(ascii: "E") {
            i = bytes.index(after: i)
            if at(i) == UInt8(ascii: "+") || at(i) == UInt8(ascii: "-") { i = bytes.index(after: i) }
            guard isDigit(at(i)) else { return nil }
            while isDigit(at(i)) { i = bytes.index(after: i) }
        }
        guard i == bytes.endIndex else { return nil }
        return Double(text)
    }
}
