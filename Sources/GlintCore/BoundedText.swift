/// User text made safe to print in one line of an error or a log: control characters escaped (a CR or LF from a
/// CSV header cannot start a forged log line or a 500,000-line response) and the length held to a few hundred
/// characters, with the count of what was left out.
public enum BoundedText {
    /// The most characters `line(_:)` keeps before it says how many more there were.
    public static let maxCharacters = 480

    /// `text` on one line: each control character as `\n`, `\r`, `\t` or `\u{XX}`, then cut at `limit`
    /// characters with "… (N more characters)".
    public static func line(_ text: String, limit: Int = maxCharacters) -> String {
        var out = ""
        var kept = 0, total = 0
        for scalar in text.unicodeScalars {
            total += 1
            guard kept < limit else { continue }
            kept += 1
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return total > kept ? out + "… (\(total - kept) more characters)" : out
    }
}
