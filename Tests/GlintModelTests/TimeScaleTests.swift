import Foundation
import Testing
@testable import GlintModel
@testable import GlintScales

/// Time ticks on calendar boundaries at five spans, labelled per level with context; dates read from text.
@Suite struct TimeScaleTests {
    let utc = ZoneRules.utc

    func ms(_ text: String, _ zone: ZoneRules? = nil) -> Double { DateText.milliseconds(text, timeZone: zone ?? utc)! }

    func ticks(_ from: String, _ to: String, length: Double = 600, zone: ZoneRules? = nil) -> (ticks: [Double], labels: [String]) {
        TimeScale.ticks(domain: ms(from)...ms(to), length: length, spacing: 90, timeZone: zone ?? utc)
    }

    @Test func tenYearsTickOnYears() {
        let t = ticks("2012-01-01", "2021-12-31")
        #expect(t.labels == ["2012", "2014", "2016", "2018", "2020"], "\(t.labels)")
        #expect(t.ticks.first == ms("2012-01-01"))
    }

    @Test func aYearTicksOnMonthsWithTheYearWhereItChanges() {
        let t = ticks("2012-11-01", "2013-10-31")
        #expect(t.labels.first == "Nov 2012" && t.labels.contains("2013") && t.labels.contains("Mar"), "\(t.labels)")
        #expect(t.ticks.contains(ms("2013-01-01")))
    }

    @Test func aMonthTicksOnDaysOrWeeks() {
        let t = ticks("2012-03-01", "2012-03-31")
        #expect(t.labels.allSatisfy { $0.hasPrefix("Mar ") } && t.labels.count >= 4, "\(t.labels)")
        #expect(t.ticks.allSatisfy { ($0 / 86_400_000).rounded() == $0 / 86_400_000 }, "midnights in UTC")
    }

    @Test func aDayTicksOnHoursWithTheDateAtMidnight() {
        let t = ticks("2012-03-05T00:00:00Z", "2012-03-06T00:00:00Z")
        #expect(t.labels.first == "Mar 5" && t.labels.contains("06:00") && t.labels.contains("12:00"), "\(t.labels)")
        #expect(t.labels.last == "Mar 6")
    }

    /// Two days on a short axis: three midnights 82 px apart, not one label (the finer step is judged by the
    /// distance between its ticks, not by their count against the axis's length).
    @Test func twoDaysOnAShortAxisShowThreeMidnights() {
        let t = ticks("2024-05-31T22:07:12Z", "2024-06-03T00:52:48Z", length: 173)
        #expect(t.labels == ["Jun 1, 2024", "Jun 2", "Jun 3"], "\(t.labels)")
    }

    @Test func anHourTicksOnMinutes() {
        let t = ticks("2012-03-05T13:00:00Z", "2012-03-05T14:00:00Z")
        #expect(t.labels.contains("13:10") || t.labels.contains("13:15"), "\(t.labels)")
        #expect(t.labels.first == "Mar 5 13:00")
    }

    @Test func ticksFollowTheAxisTimeZone() throws {
        let berlin = try #require(ZoneRules.named("Europe/Berlin"))
        let t = ticks("2012-03-05T00:00:00Z", "2012-03-08T00:00:00Z", zone: berlin)
        // Berlin's midnights are 23:00 UTC in winter.
        let midnight = try #require(t.labels.firstIndex(of: "Mar 6"), "\(t.labels)")
        #expect(t.ticks[midnight] == ms("2012-03-05T23:00:00Z"), "\(t.labels)")
    }

    @Test func datesAreReadInEveryDocumentedForm() {
        #expect(ms("2012-01-01") == 1_325_376_000_000)
        #expect(ms("2012/01/01") == 1_325_376_000_000)
        #expect(ms("2012-01-01T13:00:00Z") == 1_325_422_800_000)
        #expect(ms("2012-01-01 13:00") == 1_325_422_800_000)
        #expect(ms("2012-01-01T14:00:00+01:00") == 1_325_422_800_000)
        #expect(ms("2012-01-01T13:00:00.250Z") == 1_325_422_800_250)
        #expect(ms("2012-01-01", ZoneRules.named("America/New_York")) == 1_325_394_000_000)
        for bad in ["2012-13-01", "2012-02-30", "2012-1-1", "12/01/2012", "2012-01-01T25:00", "yesterday", "2012-01-01T13:00Zx"] {
            #expect(DateText.milliseconds(bad, timeZone: utc) == nil, "\(bad)")
        }
    }

    /// Fixed offsets are computed without a calendar (proleptic Gregorian, as ISO 8601); they must agree with
    /// Foundation's Gregorian calendar on random days from 1583 to 9999 (Foundation's calendar is Julian before
    /// October 1582, so earlier dates are not compared).
    @Test func fixedOffsetArithmeticAgreesWithTheCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let (year, month) = (Int.random(in: 1583...9999, using: &generator), Int.random(in: 1...12, using: &generator))
            let day = Int.random(in: 1...DateText.daysIn(month: month, year: year), using: &generator)
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d+05:30", year, month, day, 13, 7, 9)
            let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 13, minute: 7, second: 9)))
            #expect(ms(text) == (date.timeIntervalSince1970 - 5.5 * 3600) * 1000, "\(text)")
        }
        #expect(DateText.milliseconds("2000-02-29", timeZone: utc) != nil && DateText.milliseconds("1900-02-29", timeZone: utc) == nil)
        #expect(ms("2012-01-01T12:00:00", ZoneRules.named("Etc/GMT+1")) == ms("2012-01-01T13:00:00Z"))
    }
}

/// Time tick labels from a strftime-style pattern, each directive in the axis's time zone.
@Suite struct DateFormatTests {
    static func calendar(_ zone: String) -> ZonedCalendar {
        ZonedCalendar(zone: ZoneRules.named(zone)!)
    }

    @Test func everyDirectiveWritesItsField() throws {
        // Tuesday 2024-03-05 07:08:09.012 UTC, the 65th day of the year.
        let t = try #require(DateText.milliseconds("2024-03-05T07:08:09.012Z", timeZone: .utc))
        let utc = DateFormatTests.calendar("UTC")
        #expect(DateFormat("%Y-%m-%d %H:%M:%S.%L")?.text(t, calendar: utc) == "2024-03-05 07:08:09.012")
        #expect(DateFormat("%y Q%q %b %B [%e] %j %a %A %I %p 100%%")?.text(t, calendar: utc) == "24 Q1 Mar March [ 5] 065 Tue Tuesday 07 AM 100%")
        #expect(DateFormat("%H:%M %p")?.text(t, calendar: DateFormatTests.calendar("Asia/Tokyo")) == "16:08 PM", "in the axis's zone")
        #expect(DateFormat("%I %p")?.text(t - 7 * 3_600_000 - 8 * 60_000, calendar: utc) == "12 AM", "midnight is 12 AM")
        // Before 1970 the milliseconds still count up within their second.
        #expect(DateFormat("%Y-%m-%d %H:%M:%S.%L")?.text(-1, calendar: utc) == "1969-12-31 23:59:59.999")
        #expect(DateFormat("plain text")?.text(t, calendar: utc) == "plain text")
    }

    @Test func aPercentNotFollowedByADirectiveIsRefused() {
        #expect(DateFormat("%Q") == nil && DateFormat.problem("%Y-%Q")?.hasPrefix("%Q is not a date directive; use %Y %y") == true)
        #expect(DateFormat.problem("week %")?.hasPrefix("the date format ends in a lone %") == true)
        #expect(DateFormat.problem(String(repeating: "%Y", count: 200))?.hasPrefix("a date format of at most 256 characters") == true)
    }

    @Test func aTimeScaleWritesItsTicksByThePattern() throws {
        let scale = TimeScale(dateFormat: DateFormat("%Y-%m"))
        let utc = ZoneRules.utc
        let start = try #require(DateText.milliseconds("2024-01-01", timeZone: utc))
        let end = try #require(DateText.milliseconds("2024-12-31", timeZone: utc))
        let ticks = scale.ticks(for: start...end, length: 600, spacing: 90)
        #expect(ticks.labels.first == "2024-01" && ticks.labels.allSatisfy { $0.hasPrefix("2024-") } && ticks.labels.count >= 4, "\(ticks.labels)")
    }
}
