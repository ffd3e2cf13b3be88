/// User text made safe to print in one line of an error or a log: control characters escaped (a CR or LF from a
/// CSV header cannot start a forged log line or a 500,000-line response) and the length held to a few hundred
/// characters, with the count of what was left out.
public enum BoundedText {
    /// The most characters `line(_:)` writes before it says how many more there were.
    public static let maxCharacters = 480

    /// `text` on one line: each control character as `\n`, `\r`, `\t` or `\u{XX}`, cut after `limit`
    /// characters written, with "… (N more characters)" for the characters of `text` left out.
    public static func line(_ text: String, limit: Int = maxCharacters) -> String {
        var out = ""
        var written = 0, left = 0
        for scalar in text.unicodeScalars {
            guard written < limit else {
                left += 1
                continue
            }
            let piece: String
            switch scalar {
            case "\n": piece = "\\n"
            case "\r": piece = "\\r"
            case "\t": piece = "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}":
                piece = "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default:
                out.unicodeScalars.append(scalar)
                written += 1
                continue
            }
            out += piece
            written += piece.unicodeScalars.count
        }
        return left > 0 ? out + "… (\(left) more characters)" : out
    }

    /// `text` without the spaces and tabs at its ends (any Unicode space; line breaks are kept, as Foundation's
    /// `.whitespaces` keeps them).
    public static func trimmingSpaces(_ text: String) -> String {
        trimming(text) { $0.isWhitespace && !$0.isNewline }
    }

    /// `text` without the characters at its ends that `isTrimmed` picks.
    public static func trimming(_ text: String, _ isTrimmed: (Character) -> Bool) -> String {
        guard let first = text.firstIndex(where: { !isTrimmed($0) }), let last = text.lastIndex(where: { !isTrimmed($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `text` with every `scalar` replaced by `replacement`, scalar by scalar (as Foundation's replacing did): a
    /// quote followed by a combining mark is still a quote, where a `Character` comparison would see another letter.
    public static func replacing(_ scalar: Unicode.Scalar, with replacement: String, in text: String) -> String {
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            if s == scalar { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(s) }
        }
        return String(out)
    }
}
