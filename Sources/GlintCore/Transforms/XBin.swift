import FoundationEssentials
import Glibc

/// Buckets along x that a series' points are aggregated into (`"bin"` beside `"aggregate"`): a width in x's units on
/// a numeric axis, or a calendar step on a time axis — milliseconds, seconds, minutes, hours, days, ISO weeks
/// (from Monday), months or years, in the axis's time zone.
public enum XBin: Sendable, Equatable {
    /// Buckets `width` wide from 0: [k·width, (k+1)·width).
    case width(Double)
    /// `count` calendar `unit`s, each bucket starting on the unit's boundary (a multiple of `count` within the next
    /// larger unit: "15min" starts at :00, :15, :30, :45; "3M" in January, April, July and October); a bucket of
    /// several days or weeks starts at the first point's day or week.
    case calendar(count: Int, unit: CalendarUnit)

    /// A calendar unit of a time bin, by its spec suffix.
    public enum CalendarUnit: String, CaseIterable, Sendable {
        case millisecond = "ms", second = "s", minute = "min", hour = "h", day = "d", week = "w", month = "M", year = "y"

        /// Its shortest length in milliseconds (a day of a change to summer time, February, a year that is not leap).
        var shortest: Double {
            switch self {
            case .millisecond: return 1
            case .second: return 1_000
            case .minute: return 60_000
            case .hour: return 3_600_000
            case .day: return 23 * 3_600_000
            case .week: return 7 * 23 * 3_600_000
            case .month: return 28 * 23 * 3_600_000
            case .year: return 365 * 23 * 3_600_000
            }
        }

        var component: Calendar.Component {
            switch self {
            case .millisecond: return .nanosecond
            case .second: return .second
            case .minute: return .minute
            case .hour: return .hour
            case .day: return .day
            case .week: return .weekOfYear
            case .month: return .month
            case .year: return .year
            }
        }
    }

    /// The most buckets a series' x extent may span.
    public static let maximumBuckets = 1_000_000

    /// A calendar bin from its text: a whole count from 1 to 1000 and a unit (`"1d"`, `"15min"`, `"3M"`, `"1y"`); nil
    /// for anything else.
    public init?(_ text: String) {
        guard let unit = CalendarUnit.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }).first(where: { text.hasSuffix($0.rawValue) }),
              let count = Int(text.dropLast(unit.rawValue.count)), (1...1000).contains(count) else { return nil }
        self = .calendar(count: count, unit: unit)
    }

    /// The buckets' starts, increasing, from the one holding `extent`'s lower bound to the one holding its upper
    /// bound, and the end of the last; nil when they would be more than `maximumBuckets`.
    func edges(covering extent: ClosedRange<Double>, timeZone: ZoneRules) -> [Double]? {
        switch self {
        case let .width(w):
            let first = (extent.lowerBound / w).rounded(.down), last = (extent.upperBound / w).rounded(.down)
            guard first.isFinite, last.isFinite, last - first < Double(XBin.maximumBuckets) else { return nil }
            return (0...Int(last - first) + 1).map { (first + Double($0)) * w }
        case let .calendar(count, unit) where unit == .millisecond:
            return XBin.width(Double(count)).edges(covering: extent, timeZone: timeZone)
        case let .calendar(count, unit):
            let calendar = ZonedCalendar(zone: timeZone, firstWeekday: 2)
            let step = TimeScale.Step(unit: unit.component, count: count, approximate: 0)
            let anchor = unit == .day || unit == .week ? TimeScale.Step(unit: unit.component, count: 1, approximate: 0) : step
            // Dates beyond what Foundation's calendar holds (±1e13 ms is year ±300,000) have no calendar bucket, and
            // a span of more buckets than allowed (by the unit's shortest length) is refused before any is walked.
            guard abs(extent.lowerBound) < 1e13, abs(extent.upperBound) < 1e13,
                  (extent.upperBound - extent.lowerBound) / (Double(count) * unit.shortest) < Double(XBin.maximumBuckets) else { return nil }
            var date = TimeScale.start(of: anchor, before: Date(timeIntervalSince1970: extent.lowerBound / 1000), calendar: calendar)
            var edges = [date.timeIntervalSince1970 * 1000]
            while edges[edges.count - 1] <= extent.upperBound {
                guard edges.count <= XBin.maximumBuckets, let next = calendar.date(byAdding: step.unit, value: step.count, to: date) else { return nil }
                date = next
                edges.append(date.timeIntervalSince1970 * 1000)
            }
            return edges
        }
    }
}

extension Series {
    /// The series with its points aggregated into the buckets of `bin` along x: a point per bucket from the first
    /// point's to the last point's, at the bucket's start, its y the bucket's values combined by `op` (their count or
    /// sum, 0 for a bucket without values, as pandas' `resample`; a gap for the other ops). Points whose x or y is not
    /// finite are left out; sizes, labels and per-point colours are dropped. Nil when the buckets would be more than
    /// `XBin.maximumBuckets` (or a date lies beyond the calendar).
    public func binned(by bin: XBin, op: Aggregate, timeZone: ZoneRules = .utc) -> Series? {
        let n = min(x.count, y.count)
        var s = self
        (s.size, s.labels, s.pointColors, s.errorBars, s.band) = (nil, nil, nil, nil, nil)
        guard let extent = DataRange.finite((0..<n).filter { y[$0].isFinite }.map { x[$0] }) else {
            (s.x, s.y) = ([], [])
            return s
        }
        guard let edges = bin.edges(covering: extent, timeZone: timeZone) else { return nil }
        let buckets = edges.count - 1
        // A counting sort of the finite points by bucket: counts, then each bucket's values in one array.
        var bucketOf = [Int](repeating: -1, count: n), starts = [Int](repeating: 0, count: buckets + 1)
        for i in 0..<n where x[i].isFinite && y[i].isFinite {
            var lo = 0, hi = buckets - 1
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if edges[mid] <= x[i] { lo = mid } else { hi = mid - 1 }
            }
            bucketOf[i] = lo
            starts[lo + 1] += 1
        }
        for k in 0..<buckets { starts[k + 1] += starts[k] }
        var values = [Double](repeating: 0, count: starts[buckets]), next = starts
        for i in 0..<n where bucketOf[i] >= 0 {
            values[next[bucketOf[i]]] = y[i]
            next[bucketOf[i]] += 1
        }
        let combined = (0..<buckets).map { k -> Double in
            let part = Array(values[starts[k]..<starts[k + 1]])
            return part.isEmpty && op == .sum ? 0 : op.combine(part)
        }
        (s.x, s.y) = (Column(Array(edges.dropLast())), Column(combined))
        s.xIsSorted = true
        return s
    }
}
