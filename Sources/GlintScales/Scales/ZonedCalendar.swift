import FoundationEssentials

/// The Gregorian calendar in a zone of `ZoneRules`: what Foundation's `Calendar` with a `TimeZone` did for time axes
/// and buckets, for any zone the system's tzdata holds. Wall-clock fields come from a UTC calendar reading each
/// instant moved by its zone's offset; a wall time goes back to its instant by `ZoneRules.utc(forLocal:)`.
public struct ZonedCalendar: Sendable {
    /// The zone.
    public let zone: ZoneRules
    /// The calendar the wall-clock fields are read with: Gregorian, in UTC.
    private let wall: Calendar

    /// The calendar of `zone`, its weeks starting on `firstWeekday` (1 Sunday, 2 Monday).
    public init(zone: ZoneRules, firstWeekday: Int = 1) {
        self.zone = zone
        var wall = Calendar(identifier: .gregorian)
        wall.timeZone = TimeZone(secondsFromGMT: 0)!
        wall.firstWeekday = firstWeekday
        self.wall = wall
    }

    /// The wall-clock time of `date` as a date in UTC.
    private func local(_ date: Date) -> Date {
        date.addingTimeInterval(Double(zone.offset(atUTC: Int64((date.timeIntervalSince1970).rounded(.down)))))
    }

    /// The instant of a wall-clock time given as a date in UTC (its fraction of a second kept).
    private func instant(_ local: Date) -> Date {
        let seconds = local.timeIntervalSince1970, whole = seconds.rounded(.down)
        return Date(timeIntervalSince1970: Double(zone.utc(forLocal: Int64(whole))) + (seconds - whole))
    }

    /// The fields of `date` in the zone.
    public func dateComponents(_ components: Set<Calendar.Component>, from date: Date) -> DateComponents {
        wall.dateComponents(components, from: local(date))
    }

    /// The instant of wall-clock fields in the zone (see `ZoneRules.utc(forLocal:)` for times a change of offset
    /// skips or repeats).
    public func date(from components: DateComponents) -> Date? {
        wall.date(from: components).map(instant)
    }

    /// `date` moved by `value` of `unit`: hours and smaller in elapsed time, days and larger on the wall clock (the
    /// next day's midnight is a day later whatever the clocks did).
    public func date(byAdding unit: Calendar.Component, value: Int, to date: Date) -> Date? {
        switch unit {
        case .hour, .minute, .second, .nanosecond:
            return wall.date(byAdding: unit, value: value, to: date)
        default:
            return wall.date(byAdding: unit, value: value, to: local(date)).map(instant)
        }
    }

    /// The start of the week of `date` in the zone.
    public func startOfWeek(of date: Date) -> Date? {
        wall.dateInterval(of: .weekOfYear, for: local(date)).map { instant($0.start) }
    }

    /// The day of the year of `date` in the zone, from 1.
    public func dayOfYear(of date: Date) -> Int? {
        wall.ordinality(of: .day, in: .year, for: local(date))
    }
}
