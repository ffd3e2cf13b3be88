import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import Testing

/// Points aggregated into buckets along x (`"bin"` with `"aggregate"`): calendar buckets in the axis's time zone
/// (weeks from Monday, quarters from January), widths on numeric axes, empty buckets as pandas' `resample` gives them,
/// and bins that cannot be refused with their path.
@Suite struct TimeBucketTests {
    static let day = 86_400_000.0

    /// Epoch milliseconds of a UTC date and time.
    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0) -> Double {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min))!.timeIntervalSince1970 * 1000
    }

    @Test func calendarBucketsStartOnTheirBoundaries() throws {
        // Wednesday 2024-01-03 … Tuesday 2024-01-16, one point a day, y = the day of the month.
        let days = (3...16).map { Self.utc(2024, 1, $0, 12) }
        let s = Series.line(x: Column(days), y: Column((3...16).map(Double.init)))
        let (week, quarter, quarterHour, day) = (try #require(XBin("1w")), try #require(XBin("3M")), try #require(XBin("15min")), try #require(XBin("1d")))
        let weeks = try #require(s.binned(by: week, op: .sum))
        // ISO weeks from Monday 1 January: 3…7, 8…14, 15…16.
        #expect(weeks.x.doubles == [Self.utc(2024, 1, 1), Self.utc(2024, 1, 8), Self.utc(2024, 1, 15)])
        #expect(weeks.y.doubles == [25, 77, 31])
        let quarters = try #require(Series.line(x: [Self.utc(2023, 5, 2), Self.utc(2023, 11, 30)], y: [1, 2]).binned(by: quarter, op: .count))
        #expect(quarters.x.doubles == [Self.utc(2023, 4, 1), Self.utc(2023, 7, 1), Self.utc(2023, 10, 1)])
        #expect(quarters.y.doubles == [1, 0, 1], "an empty bucket counts 0")
        let quarterHours = try #require(Series.line(x: [Self.utc(2024, 1, 1, 9, 7), Self.utc(2024, 1, 1, 9, 44)], y: [1, 3])
            .binned(by: quarterHour, op: .mean))
        #expect(quarterHours.x.doubles == [Self.utc(2024, 1, 1, 9, 0), Self.utc(2024, 1, 1, 9, 15), Self.utc(2024, 1, 1, 9, 30)])
        #expect(quarterHours.y.doubles[0] == 1 && quarterHours.y.doubles[1].isNaN && quarterHours.y.doubles[2] == 3, "an empty mean is a gap")
        #expect(day == .calendar(count: 1, unit: .day) && XBin("0d") == nil && XBin("1 d") == nil && XBin("5min") == .calendar(count: 5, unit: .minute))
    }

    @Test func daysStartAtTheAxisTimeZonesMidnight() throws {
        // 03:00 UTC on 2 March is 22:00 on 1 March in New York (UTC−5).
        let s = Series.line(x: [Self.utc(2024, 3, 2, 3)], y: [7])
        let zone = try #require(ZoneRules.named("America/New_York"))
        let local = try #require(s.binned(by: .calendar(count: 1, unit: .day), op: .sum, timeZone: zone))
        #expect(local.x.doubles == [Self.utc(2024, 3, 1, 5)])
    }

    @Test func widthsBucketNumbersAndGapsAreLeftOut() throws {
        let s = Series.dots(x: [0.5, 9.9, 10, 25, .nan, 31], y: [1, 2, 4, 8, 100, .nan])
        let b = try #require(s.binned(by: .width(10), op: .max))
        #expect(b.x.doubles == [0, 10, 20] && b.y.doubles == [2, 4, 8])
    }

    /// The example's monthly sums of precipitation, against a direct sum over the CSV's rows.
    @Test func theExamplesMonthlySumsAreTheCSVs() throws {
        let chart = GoldenCharts.example("time-buckets")
        let bars = try #require(chart.series.first)
        #expect(bars.x.count == 48)
        let rows = try String(contentsOfFile: repositoryRoot
            .appendingPathComponent("Examples/seattle-weather.csv").path, encoding: .utf8).split(separator: "\n").dropFirst()
        var sums: [String: Double] = [:]
        for row in rows {
            let cells = row.split(separator: ",")
            sums[String(cells[0].prefix(7)), default: 0] += Double(cells[1])!
        }
        #expect(abs(bars.y[0] - sums["2012/01"]!) < 1e-9 && abs(bars.y[7] - sums["2012/08"]!) < 1e-9 && abs(bars.y[47] - sums["2015/12"]!) < 1e-9)
        #expect(bars.x[1] == Self.utc(2012, 2, 1))
    }

    @Test func binsThatCannotBeAreRefusedWithTheirPath() throws {
        let time = #""x": {"type": "time"}, "#
        #expect(specError(#"{"series": [{"x": [1, 2], "y": [1, 2], "bin": "1d", "aggregate": "sum"}]}"#).hasPrefix("series[0].bin: calendar buckets need a time x axis"))
        #expect(specError("{\(time)\"series\": [{\"x\": [1, 2], \"y\": [1, 2], \"bin\": \"1d\"}]}").hasPrefix("series[0].aggregate: missing"))
        #expect(specError("{\(time)\"series\": [{\"x\": [1, 2], \"y\": [1, 2], \"bin\": \"2 days\", \"aggregate\": \"sum\"}]}").hasPrefix("series[0].bin: expected a count and a unit"))
        #expect(specError(#"{"series": [{"x": [0, 1e300], "y": [1, 2], "bin": 1, "aggregate": "sum"}]}"#).hasPrefix("series[0].bin: the x values span more than 1000000 buckets"))
        #expect(specError(#"{"series": [{"x": [0, 1], "y": [1, 2], "bin": -1, "aggregate": "sum"}]}"#).hasPrefix("series[0].bin: expected a bucket width above 0"))
        #expect(specError(#"{"series": [{"x": [0, 1], "y": [1, 2], "size": [1, 2], "bin": 1, "aggregate": "sum"}]}"#).hasPrefix("series[0].size: a bucketed series"))
        #expect(specError(#"{"series": [{"type": "histogram", "x": [0, 1], "bin": 1}]}"#).hasPrefix("series[0].bin: only lines, dot series, bars, areas, stems, box plots and violin plots take buckets"))
        #expect(specError(#"{"x": {"categories": ["a", "b"]}, "series": [{"type": "bars", "x": ["a", "b"], "y": [1, 2], "bin": 1, "aggregate": "sum"}]}"#)
            .hasPrefix("series[0].bin: this x axis has categories"))
    }
}
