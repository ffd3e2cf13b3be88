import FoundationEssentials
import Glibc

/// How a time axis writes its tick labels when the calendar's own labels are not wanted: a strftime-style
/// pattern (`"%Y-%m"`, `"%b %e"`, `"%H:%M"`), each directive written in the axis's time zone, everything else as
/// it is. The directives are those of C's strftime and d3-time-format that a tick label needs; see `directives`.
public struct DateFormat: Equatable, Sendable {
    /// One piece of a pattern.
    enum Piece: Equatable {
        case text(String)
        case directive(Character)
    }

    /// The directives, each with what it writes.
    public static let directives: [(Character, String)] = [
        ("Y", "year (2024)"), ("y", "year of the century, two digits (24)"), ("q", "quarter (1–4)"),
        ("m", "month, two digits (01–12)"), ("b", "month name, short (Jan)"), ("B", "month name (January)"),
        ("d", "day of the month, two digits (01–31)"), ("e", "day of the month, space-padded ( 1–31)"),
        ("j", "day of the year, three digits (001–366)"), ("a", "weekday, short (Mon)"), ("A", "weekday (Monday)"),
        ("H", "hour, 24-hour clock (00–23)"), ("I", "hour, 12-hour clock (01–12)"), ("p", "AM or PM"),
        ("M", "minute (00–59)"), ("S", "second (00–60)"), ("L", "milliseconds (000–999)"), ("%", "a percent sign"),
    ]

    /// The longest pattern accepted, in characters.
    public static let maximumLength = 256

    /// The pattern as given.
    public let pattern: String
    let pieces: [Piece]

    /// The format of `pattern`; nil when it has a `%` not followed by a directive of `directives`, or is longer
    /// than `maximumLength` (`DateFormat.problem` says which).
    public init?(_ pattern: String) {
        guard DateFormat.problem(pattern) == nil else { return nil }
        self.pattern = pattern
        var pieces: [Piece] = [], literal = "", characters = Array(pattern)[...]
        while let c = characters.popFirst() {
            guard c == "%", let d = characters.popFirst() else {
                literal.append(c)
                continue
            }
            if d == "%" {
                literal.append("%")
                continue
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.directive(d))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// What is wrong with `pattern`, for an error message; nil when it is a format.
    public static func problem(_ pattern: String) -> String? {
        guard pattern.count <= maximumLength else { return "a date format of at most \(maximumLength) characters, found \(pattern.count)" }
        let characters = Array(pattern), known = Set(directives.map(\.0))
        let list = "use " + directives.map { "%\($0.0)" }.joined(separator: " ")
        var i = 0
        while i < characters.count {
            defer { i += characters[i] == "%" ? 2 : 1 }
            guard characters[i] == "%" else { continue }
            guard i + 1 < characters.count else { return "the date format ends in a lone %; \(list)" }
            guard known.contains(characters[i + 1]) else { return "%\(characters[i + 1]) is not a date directive; \(list)" }
        }
        return nil
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The label of the instant `milliseconds` after the epoch, its fields read in `calendar`'s time zone.
    public func text(_ milliseconds: Double, calendar: ZonedCalendar) -> String {
        let date = Date(timeIntervalSince1970: milliseconds / 1000)
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        let dayOfYear = calendar.dayOfYear(of: date) ?? 1
        let millis = Int(saturating: (milliseconds - (milliseconds / 1000).rounded(.down) * 1000).rounded(.down))
        func padded(_ v: Int, _ width: Int, _ pad: Character = "0") -> String {
            let digits = String(abs(v))
            return (v < 0 ? "-" : "") + String(repeating: pad, count: max(0, width - digits.count)) + digits
        }
        let month = min(max(c.month ?? 1, 1), 12), weekday = min(max(c.weekday ?? 1, 1), 7), hour = c.hour ?? 0
        return pieces.map { piece -> String in
            switch piece {
            case let .text(text): return text
            case let .directive(d):
                switch d {
                case "Y": return String(c.year ?? 0)
                case "y": return padded(((c.year ?? 0) % 100 + 100) % 100, 2)
                case "q": return String((month - 1) / 3 + 1)
                case "m": return padded(month, 2)
                case "b": return String(DateFormat.monthNames[month - 1].prefix(3))
                case "B": return DateFormat.monthNames[month - 1]
                case "d": return padded(c.day ?? 1, 2)
                case "e": return padded(c.day ?? 1, 2, " ")
                case "j": return padded(dayOfYear, 3)
                case "a": return String(DateFormat.weekdayNames[weekday - 1].prefix(3))
                case "A": return DateFormat.weekdayNames[weekday - 1]
                case "H": return padded(hour, 2)
                case "I": return padded(hour % 12 == 0 ? 12 : hour % 12, 2)
                case "p": return hour < 12 ? "AM" : "PM"
                case "M": return padded(c.minute ?? 0, 2)
                case "S": return padded(c.second ?? 0, 2)
                case "L": return padded(min(max(millis, 0), 999), 3)
                default: return "%\(d)"
                }
            }
        }.joined()
    }
}
