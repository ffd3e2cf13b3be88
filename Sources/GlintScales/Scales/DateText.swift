import FoundationEssentials
import Glibc

/// Dates and times written as text, as data files hold them: ISO 8601 (`2012-01-01`, `2012-01-01T13:00`,
/// `2012-01-01T13:00:00.250Z`, `2012-01-01 13:00:00+02:00`) and `YYYY/MM/DD` (as in the common seattle-weather
/// data set). A date or time without an offset is in the axis's time zone.
public struct DateText: Sendable {
    /// The zone of dates and times without an offset.
    public let timeZone: ZoneRules
    /// `timeZone`'s offset when it is always the same (UTC, a zone without rules); nil when it has rules.
    private let fixedOffset: Int?

    /// A reader for dates in `timeZone`; make one per column, not per cell.
    public init(timeZone: ZoneRules) {
        self.timeZone = timeZone
        fixedOffset = timeZone.fixedOffset
    }

    /// Epoch milliseconds of `text` in `timeZone`; nil when it is none of the forms above or names an impossible date.
    public static func milliseconds(_ text: String, timeZone: ZoneRules) -> Double? {
        DateText(timeZone: timeZone).milliseconds(text)
    }

    /// Epoch milliseconds of `text`; nil when it is none of the forms above or names an impossible date.
    public func milliseconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { milliseconds(utf8: $0) }
    }

    /// Epoch milliseconds of a date written in UTF-8 bytes (a CSV cell read in place); nil as for text.
    public func milliseconds(utf8 b: UnsafeBufferPointer<UInt8>) -> Double? {
        var c = ByteCursor(bytes: b)
        guard let year = c.number(4) else { return nil }
        let separator: UInt8 = c.peek == UInt8(ascii: "/") ? UInt8(ascii: "/") : UInt8(ascii: "-")
        guard c.take(separator), let month = c.number(2), c.take(separator), let day = c.number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var (hour, minute, second, fraction) = (0, 0, 0, 0.0)
        // A fixed offset from UTC (Z, +02:00, or a UTC axis zone) is subtracted; a zone with rules (daylight saving,
        // changed offsets) finds the instant of the wall time.
        var offset = fixedOffset
        if !c.atEnd, separator == UInt8(ascii: "-"), c.take(UInt8(ascii: "T")) || c.take(UInt8(ascii: " ")) {
            guard let h = c.number(2), c.take(UInt8(ascii: ":")), let m = c.number(2), h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if c.take(UInt8(ascii: ":")) {
                guard let s = c.number(2), s < 61 else { return nil }
                second = s
                if c.take(UInt8(ascii: ".")) || c.take(UInt8(ascii: ",")) {
                    guard let f = c.fraction() else { return nil }
                    fraction = f
                }
            }
            if c.take(UInt8(ascii: "Z")) {
                offset = 0
            } else if let sign = c.take(UInt8(ascii: "+")) ? 1 : c.take(UInt8(ascii: "-")) ? -1 : nil {
                guard let hours = c.number(2) else { return nil }
                _ = c.take(UInt8(ascii: ":"))
                let minutes = c.atEnd ? 0 : c.number(2) ?? 0
                guard hours < 24, minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        guard c.atEnd, day <= DateText.daysIn(month: month, year: year) else { return nil }  // 2012-02-30 is no date
        let local = DateText.daysSinceEpoch(year: year, month: month, day: day) * 86400 + hour * 3600 + minute * 60 + second
        let seconds = offset.map { local - $0 } ?? Int(timeZone.utc(forLocal: Int64(local)))
        return (Double(seconds) + fraction) * 1000
    }

    /// Days in a month of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        guard month == 2 else { return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] }
        return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (civil from days: eras of 400 years).
    static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the civil-from-days inverse: eras of 400 years).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads digits and single characters from the bytes of one date, front to back.
private struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index == bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[index] }

    /// The value of exactly `digits` decimal digits, or nil (nothing read) when they are not there.
    mutating func number(_ digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for k in index..<(index + digits) {
            guard bytes[k] >= 0x30 && bytes[k] <= 0x39 else { return nil }
            value = value * 10 + Int(bytes[k] - 0x30)
        }
        index += digits
        return value
    }

    /// Reads `c` when it is next.
    mutating func take(_ c: UInt8) -> Bool {
        guard peek == c else { return false }
        index += 1
        return true
    }

    /// The fraction of a second after its decimal mark: one or more digits; nil when there are none.
    mutating func fraction() -> Double? {
        var value = 0.0, scale = 0.1, any = false
        while let b = peek, b >= 0x30 && b <= 0x39 {
            value += Double(b - 0x30) * scale
            scale /= 10
            index += 1
            any = true
        }
        return any ? value : nil
    }
}
