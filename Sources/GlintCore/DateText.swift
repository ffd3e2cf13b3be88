import Foundation

/// Dates and times written as text, as data files hold them: ISO 8601 (`2012-01-01`, `2012-01-01T13:00`,
/// `2012-01-01T13:00:00.250Z`, `2012-01-01 13:00:00+02:00`) and `YYYY/MM/DD` (as in the common seattle-weather
/// data set). A date or time without an offset is in the axis's time zone.
public enum DateText {
    /// Epoch milliseconds of `text`; nil when it is none of the forms above or names an impossible date.
    public static func milliseconds(_ text: String, timeZone: TimeZone) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ digits: Int) -> Int? {
            guard i + digits <= b.count else { return nil }
            var value = 0
            for k in i..<(i + digits) {
                guard b[k] >= 0x30 && b[k] <= 0x39 else { return nil }
                value = value * 10 + Int(b[k] - 0x30)
            }
            i += digits
            return value
        }
        func take(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4) else { return nil }
        let separator: UInt8 = i < b.count && b[i] == UInt8(ascii: "/") ? UInt8(ascii: "/") : UInt8(ascii: "-")
        guard take(separator), let month = number(2), take(separator), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var fraction = 0.0
        var zone = timeZone
        if i < b.count, separator == UInt8(ascii: "-"), take(UInt8(ascii: "T")) || take(UInt8(ascii: " ")) {
            guard let hour = number(2), take(UInt8(ascii: ":")), let minute = number(2), hour < 24, minute < 60 else { return nil }
            (components.hour, components.minute) = (hour, minute)
            if take(UInt8(ascii: ":")) {
                guard let second = number(2), second < 61 else { return nil }
                components.second = second
                if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                    var scale = 0.1, any = false
                    while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                        fraction += Double(b[i] - 0x30) * scale
                        scale /= 10
                        i += 1
                        any = true
                    }
                    guard any else { return nil }
                }
            }
            if take(UInt8(ascii: "Z")) {
                zone = TimeZone(secondsFromGMT: 0) ?? timeZone
            } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let hours = number(2) else { return nil }
                _ = take(UInt8(ascii: ":"))
                let minutes = i < b.count ? number(2) ?? 0 : 0
                guard hours < 24, minutes < 60, let offset = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60)) else { return nil }
                zone = offset
            }
        }
        guard i == b.count else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else { return nil }  // 2012-02-30 is no date
        return (date.timeIntervalSince1970 + fraction) * 1000
    }
}
