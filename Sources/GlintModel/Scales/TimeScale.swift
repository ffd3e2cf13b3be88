import FoundationEssentials
import Glibc
import GlintScales

/// Time axes: values are epoch milliseconds (UTC instants); ticks fall on calendar boundaries of the axis's time
/// zone — years, quarters, months, weeks, days, hours, minutes, seconds or milliseconds, whichever step gives about
/// one tick per spacing — and labels are written for that level, with the larger unit where it changes
/// ("Jan", "Feb", … "2013"; "06:00", "12:00", … "Mar 5").
public struct TimeScale: Scale {
    /// The largest epoch-millisecond magnitude a time axis labels as dates (±100 million days).
    public static let calendarLimit = 8.64e15

    /// The IANA time zone whose midnights and hours the ticks fall on (UTC when unknown).
    public var timeZone: String
    /// How labels show values beyond `calendarLimit`, where the axis is labelled with plain numbers.
    public var format: NumberFormat?
    /// How tick labels are written; nil for the calendar's labels (the step's unit, and the larger one where it
    /// changes).
    public var dateFormat: DateFormat?

    /// A time scale in `timeZone`.
    public init(timeZone: String = "UTC", format: NumberFormat? = nil, dateFormat: DateFormat? = nil) {
        (self.timeZone, self.format, self.dateFormat) = (timeZone, format, dateFormat)
    }

    public var function: ScaleFunction { .identity }

    /// Calendar ticks and date labels; beyond ±`calendarLimit` ms (no meaningful dates: JavaScript's date range)
    /// the ticks and labels of a linear axis.
    public func ticks(for domain: ClosedRange<Double>, length: Double, spacing: Double) -> AxisTicks {
        guard max(abs(domain.lowerBound), abs(domain.upperBound)) <= TimeScale.calendarLimit else {
            return LinearScale(format: format).ticks(for: domain, length: length, spacing: spacing)
        }
        let zone = ZoneRules.named(timeZone) ?? .utc
        let (major, labels) = TimeScale.ticks(domain: domain, length: length, spacing: spacing, timeZone: zone)
        guard let dateFormat else { return AxisTicks(major: major, labels: labels) }
        let calendar = ZonedCalendar(zone: zone)
        return AxisTicks(major: major, labels: major.map { dateFormat.text($0, calendar: calendar) })
    }

    /// A calendar step: a count of one unit.
    package struct Step {
        package let unit: Calendar.Component
        package let count: Int
        /// Its rough length in milliseconds, to choose a step for a span.
        let approximate: Double

        /// `count` of `unit`, roughly `approximate` milliseconds long.
        package init(unit: Calendar.Component, count: Int, approximate: Double) {
            (self.unit, self.count, self.approximate) = (unit, count, approximate)
        }
    }

    static let steps: [Step] = {
        let second = 1000.0, minute = 60 * second, hour = 60 * minute, day = 24 * hour
        var steps: [Step] = [1, 2, 5, 10, 20, 50, 100, 200, 500].map { Step(unit: .nanosecond, count: $0, approximate: Double($0)) }
        steps += [1, 2, 5, 10, 15, 30].map { Step(unit: .second, count: $0, approximate: Double($0) * second) }
        steps += [1, 2, 5, 10, 15, 30].map { Step(unit: .minute, count: $0, approximate: Double($0) * minute) }
        steps += [1, 2, 3, 6, 12].map { Step(unit: .hour, count: $0, approximate: Double($0) * hour) }
        steps += [1, 2].map { Step(unit: .day, count: $0, approximate: Double($0) * day) }
        steps.append(Step(unit: .weekOfYear, count: 1, approximate: 7 * day))
        steps += [1, 2, 3, 6].map { Step(unit: .month, count: $0, approximate: Double($0) * 30.44 * day) }
        steps += [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map { Step(unit: .year, count: $0, approximate: Double($0) * 365.25 * day) }
        return steps
    }()

    /// Ticks for a `domain` of epoch milliseconds, about one per `spacing` pixels of `length`, on calendar
    /// boundaries in `timeZone`, with their labels; at least three where the axis is 1.5 spacings long or more and a
    /// finer calendar step gives them (a year on a short axis: quarters, not "2024" and "Jul").
    static func ticks(domain: ClosedRange<Double>, length: Double, spacing: Double, timeZone: ZoneRules)
        -> (ticks: [Double], labels: [String]) {
        let target = Double(max(2, Int(saturating: length / spacing)))
        let span = domain.upperBound - domain.lowerBound
        guard span > 0, span.isFinite else { return ([], []) }
        let calendar = ZonedCalendar(zone: timeZone, firstWeekday: 2)  // weeks start on Monday (ISO 8601)
        var index = steps.firstIndex { span / $0.approximate <= target } ?? steps.count - 1
        var ticks = TimeScale.ticks(domain: domain, step: steps[index], calendar: calendar)
        while ticks.count < 3, length >= 1.5 * spacing, index > 0 {
            let finer = TimeScale.ticks(domain: domain, step: steps[index - 1], calendar: calendar)
            // One step finer at a time, while the labels stay at least two thirds of a spacing apart (measured
            // between the ticks: two days' midnights on an axis of 51 hours are 82 px apart on 173 px).
            let gap = zip(finer, finer.dropFirst()).map { $1 - $0 }.min() ?? span
            guard gap * length / span >= spacing * 2 / 3 else { break }
            (index, ticks) = (index - 1, finer)
        }
        return (ticks, labels(ticks, step: steps[index], calendar: calendar))
    }

    /// The boundaries of `step` within `domain` (at most 1,000 or 2,000 of them).
    static func ticks(domain: ClosedRange<Double>, step: Step, calendar: ZonedCalendar) -> [Double] {
        var ticks: [Double] = []
        if step.unit == .nanosecond {
            // Milliseconds: plain multiples, no calendar needed.
            let size = Double(step.count)
            var t = (domain.lowerBound / size).rounded(.up) * size
            while t <= domain.upperBound && ticks.count < 1000 {
                ticks.append(t)
                t += size
            }
        } else {
            var date = start(of: step, before: Date(timeIntervalSince1970: domain.lowerBound / 1000), calendar: calendar)
            var guardCount = 0
            while date.timeIntervalSince1970 * 1000 <= domain.upperBound && guardCount < 2000 {
                let ms = date.timeIntervalSince1970 * 1000
                if ms >= domain.lowerBound { ticks.append(ms) }
                guard let next = calendar.date(byAdding: step.unit, value: step.count, to: date) else { break }
                date = next
                guardCount += 1
            }
        }
        return ticks
    }

    /// The boundary of `step` at or before `date`: the start of its year, month, week, day, hour … rounded down to a
    /// multiple of the step's count.
    package static func start(of step: Step, before date: Date, calendar: ZonedCalendar) -> Date {
        var c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func down(_ value: Int?, _ base: Int = 0) -> Int { ((value ?? base) - base) / step.count * step.count + base }
        switch step.unit {
        case .year: (c.year, c.month, c.day, c.hour, c.minute, c.second) = (down(c.year), 1, 1, 0, 0, 0)
        case .month: (c.month, c.day, c.hour, c.minute, c.second) = (down(c.month, 1), 1, 0, 0, 0)
        case .weekOfYear:
            return calendar.startOfWeek(of: date) ?? date
        case .day: (c.hour, c.minute, c.second) = (0, 0, 0)
        case .hour: (c.hour, c.minute, c.second) = (down(c.hour), 0, 0)
        case .minute: (c.minute, c.second) = (down(c.minute), 0)
        default: c.second = down(c.second)
        }
        return calendar.date(from: c) ?? date
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Labels for ticks at `step`: the step's own unit, and the larger unit where it changes (and on the first tick).
    static func labels(_ ticks: [Double], step: Step, calendar: ZonedCalendar) -> [String] {
        var previous: DateComponents? = nil
        return ticks.map { ms in
            let date = Date(timeIntervalSince1970: ms / 1000)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
            defer { previous = c }
            let year = c.year ?? 0, month = months[((c.month ?? 1) - 1) % 12], day = c.day ?? 1
            let newYear = previous?.year != c.year, newDay = newYear || previous?.month != c.month || previous?.day != c.day
            func two(_ v: Int?) -> String { (v ?? 0) < 10 ? "0\(v ?? 0)" : "\(v ?? 0)" }
            switch step.unit {
            case .year:
                return "\(year)"
            case .month:
                return c.month == 1 || previous == nil ? (c.month == 1 ? "\(year)" : "\(month) \(year)") : month
            case .weekOfYear, .day:
                return newYear ? "\(month) \(day), \(year)" : "\(month) \(day)"
            case .hour, .minute:
                let time = "\(two(c.hour)):\(two(c.minute))"
                return newDay ? "\(month) \(day)" + (c.hour == 0 && c.minute == 0 ? "" : " \(time)") : time
            default:
                let millis = Int((ms.truncatingRemainder(dividingBy: 1000) + 1000).truncatingRemainder(dividingBy: 1000))
                let time = "\(two(c.hour)):\(two(c.minute)):\(two(c.second))"
                    + (step.unit == .nanosecond ? "." + String(repeating: "0", count: 3 - String(millis).count) + "\(millis)" : "")
                return newDay ? "\(month) \(day) \(time)" : time
            }
        }
    }
}
