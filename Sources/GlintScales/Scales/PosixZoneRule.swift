/// The POSIX TZ rule a TZif file's footer gives for the instants after its last transition, as in
/// `CET-1CEST,M3.5.0,M10.5.0/3`: a standard offset, and optionally a daylight offset with the rules of the day and
/// wall-clock time it starts and ends each year (`Mm.w.d`: day d of week w of month m, 5 the last; `Jn`: day n of
/// 365, no February 29; `n`: day n from 0, leap days counted). Offsets in POSIX are west of UTC; these are east.
struct PosixZoneRule: Sendable, Equatable {
    /// Seconds east of UTC outside daylight time.
    let standard: Int
    /// Daylight time: its offset, and the rules of its start and end; nil for a zone without it.
    let daylight: (offset: Int, start: Change, end: Change)?

    /// A day of the year and the wall-clock seconds after its midnight.
    struct Change: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            case monthWeekDay(month: Int, week: Int, weekday: Int)
            case julianNoLeap(Int)
            case zeroBased(Int)
        }
        let day: Day
        let seconds: Int
    }

    static func == (a: PosixZoneRule, b: PosixZoneRule) -> Bool {
        a.standard == b.standard && a.daylight?.offset == b.daylight?.offset && a.daylight?.start == b.daylight?.start
            && a.daylight?.end == b.daylight?.end
    }

    /// The rule of a TZ string; nil for one it cannot read.
    init?(_ text: String) {
        var c = Substring(text)
        guard PosixZoneRule.name(&c), let standardWest = PosixZoneRule.time(&c) else { return nil }
        standard = -standardWest
        guard !c.isEmpty else {
            daylight = nil
            return
        }
        guard PosixZoneRule.name(&c) else { return nil }
        var daylightOffset = standard + 3600
        if let first = c.first, first != "," {
            guard let west = PosixZoneRule.time(&c) else { return nil }
            daylightOffset = -west
        }
        guard c.popFirst() == ",", let start = PosixZoneRule.change(&c), c.popFirst() == ",", let end = PosixZoneRule.change(&c),
              c.isEmpty else { return nil }
        daylight = (daylightOffset, start, end)
    }

    /// Seconds east of UTC at the instant `seconds` after the epoch.
    func offset(atUTC seconds: Int64) -> Int {
        guard let daylight else { return standard }
        let year = PosixZoneRule.year(of: seconds + Int64(standard))
        // The changes are wall-clock times: the start in standard time, the end in daylight time.
        let start = PosixZoneRule.instant(daylight.start, year: year) - Int64(standard)
        let end = PosixZoneRule.instant(daylight.end, year: year) - Int64(daylight.offset)
        let inDaylight = start < end ? (seconds >= start && seconds < end) : (seconds >= start || seconds < end)
        return inDaylight ? daylight.offset : standard
    }

    /// The zone abbreviation (`CET`, `<+03>`); false when there is none.
    private static func name(_ c: inout Substring) -> Bool {
        if c.first == "<" {
            guard let close = c.firstIndex(of: ">") else { return false }
            c = c[c.index(after: close)...]
            return true
        }
        let letters = c.prefix { $0.isLetter }
        guard letters.count >= 3 else { return false }
        c = c.dropFirst(letters.count)
        return true
    }

    /// `[+-]hh[:mm[:ss]]` in seconds.
    private static func time(_ c: inout Substring) -> Int? {
        var sign = 1
        if c.first == "+" || c.first == "-" { sign = c.popFirst() == "-" ? -1 : 1 }
        var parts: [Int] = []
        repeat {
            let digits = c.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3, let value = Int(digits) else { return nil }
            parts.append(value)
            c = c.dropFirst(digits.count)
        } while parts.count < 3 && c.first == ":" && c.popFirst() != nil
        let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
        return sign * seconds
    }

    /// `Mm.w.d[/time]`, `Jn[/time]` or `n[/time]` (the time 02:00 when not given).
    private static func change(_ c: inout Substring) -> Change? {
        func number() -> Int? {
            let digits = c.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 3 else { return nil }
            c = c.dropFirst(digits.count)
            return Int(digits)
        }
        let day: Change.Day
        if c.first == "M" {
            c = c.dropFirst()
            guard let m = number(), c.popFirst() == ".", let w = number(), c.popFirst() == ".", let d = number(),
                  (1...12).contains(m), (1...5).contains(w), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: m, week: w, weekday: d)
        } else if c.first == "J" {
            c = c.dropFirst()
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var seconds = 7200
        if c.first == "/" {
            c = c.dropFirst()
            guard let time = time(&c) else { return nil }
            seconds = time
        }
        return Change(day: day, seconds: seconds)
    }

    /// The proleptic Gregorian year of the day `seconds` after the epoch falls on.
    private static func year(of seconds: Int64) -> Int {
        let days = Int(seconds.dividedRoundingDown(by: 86_400))
        return DateText.civil(daysSinceEpoch: days).year
    }

    /// Seconds after the epoch (as if in UTC) of `change` in `year`.
    private static func instant(_ change: Change, year: Int) -> Int64 {
        let january = DateText.daysSinceEpoch(year: year, month: 1, day: 1)
        let leap = DateText.daysIn(month: 2, year: year) == 29
        let day: Int
        switch change.day {
        case let .monthWeekDay(month, week, weekday):
            let first = DateText.daysSinceEpoch(year: year, month: month, day: 1)
            let firstWeekday = ((first + 4) % 7 + 7) % 7  // 1970-01-01 was a Thursday (4)
            var date = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
            let monthEnd = first + DateText.daysIn(month: month, year: year)
            while date >= monthEnd { date -= 7 }  // week 5: the last such weekday
            day = date
        case let .julianNoLeap(n):
            day = january + n - 1 + (leap && n >= 60 ? 1 : 0)
        case let .zeroBased(n):
            day = january + n
        }
        return Int64(day) * 86_400 + Int64(change.seconds)
    }
}

private extension Int64 {
    /// The quotient rounded towards minus infinity.
    func dividedRoundingDown(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
