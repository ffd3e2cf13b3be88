import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Time axes end to end: dates in specs and CSV files, units, time zones, and points on their date's tick.
@Suite struct TimeAxisTests {
    func decode(_ json: String, directory: String = ".") throws -> Chart {
        try ChartSpec.decode(Array(json.utf8), relativeTo: directory)
    }

    @Test(arguments: painters)
    func aPointOnADateSitsOnThatDatesTick(painter: Backend) throws {
        let chart = try decode(#"""
            {"width": 640, "height": 240, "x": {"type": "time", "grid": false}, "y": {"range": [0, 10], "grid": false},
             "legend": {"visible": false},
             "series": [{"type": "dots", "x": ["2012-01-01", "2012-04-01", "2012-07-01", "2012-10-01", "2012-12-31"],
                         "y": [5, 5, 5, 5, 5], "radius": 3, "color": "#ff0000"}]}
            """#)
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        for date in ["2012-04-01", "2012-07-01", "2012-10-01"] {
            let ms = try #require(DateText.milliseconds(date, timeZone: .utc))
            let tick = try #require(layout.x.ticks.firstIndex(of: ms), "a tick at \(date): \(layout.x.labels)")
            let p = layout.transform.apply(layout.x.ticks[tick], 5)
            #expect(RGB(image, Int(p.x), Int(p.y)).near(RGB(255, 0, 0), 20), "\(painter): the dot of \(date) on its tick")
        }
        #expect(!layout.x.labels.contains { $0.contains("e+") }, "dates, not 1.3e12: \(layout.x.labels)")
    }

    @Test func epochSecondsAndTimeZonesAndCSVDates() throws {
        let seconds = try decode(#"{"x": {"type": "time", "unit": "s"}, "series": [{"x": [1325376000, 1325462400], "y": [1, 2]}]}"#)
        #expect(seconds.series[0].x == [1_325_376_000_000, 1_325_462_400_000])
        let newYork = try decode(#"{"x": {"type": "time", "timezone": "America/New_York"}, "series": [{"x": ["2012-01-01"], "y": [1]}]}"#)
        #expect(newYork.series[0].x == [1_325_394_000_000] && newYork.x.timeZone == "America/New_York")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "date,precipitation,temp_max\n2012/01/01,0.0,12.8\n2012/01/02,10.9,10.6\n,,\n2012/01/04,20.3,12.2\n"
            .write(to: dir.appendingPathComponent("seattle-weather.csv"), atomically: true, encoding: .utf8)
        let weather = try decode(#"{"x": {"type": "time"}, "series": [{"data": {"csv": "seattle-weather.csv", "x": "date", "y": "temp_max"}}]}"#,
                                 directory: dir.path)
        let x = weather.series[0].x, y = weather.series[0].y
        #expect(x[0] == 1_325_376_000_000 && x[1] == 1_325_462_400_000 && x[2].isNaN && x[3] == 1_325_635_200_000)
        #expect(y[0] == 12.8 && y[2].isNaN && y[3] == 12.2)
        // A column of epoch numbers is read as numbers (in seconds here), one mixing numbers and dates as text.
        try "t,d,v\n1325376000,1325376000000,1\n,2012-01-02,2\n1325548800,2012-01-03T00:00:00Z,3\nNaN,null,4\n"
            .write(to: dir.appendingPathComponent("epoch.csv"), atomically: true, encoding: .utf8)
        let epoch = try decode(#"{"x": {"type": "time", "unit": "s"}, "series": [{"data": {"csv": "epoch.csv", "x": "t", "y": "v"}}]}"#,
                               directory: dir.path)
        #expect(epoch.series[0].x[0] == 1_325_376_000_000 && epoch.series[0].x[1].isNaN && epoch.series[0].x[2] == 1_325_548_800_000)
        let mixed = try decode(#"{"x": {"type": "time"}, "series": [{"data": {"csv": "epoch.csv", "x": "d", "y": "v"}}]}"#,
                               directory: dir.path)
        #expect(Array(mixed.series[0].x[0..<3]) == [1_325_376_000_000, 1_325_462_400_000, 1_325_548_800_000])
        // Gap words are gaps in a time column too.
        #expect(epoch.series[0].x[3].isNaN && mixed.series[0].x[3].isNaN)
        // Dates are read from the cells' bytes in the parallel pass: a bad one names its line and column, and
        // quoted cells with spaces and CRLF line ends read as dates too.
        try "date,v\r\n\" 2012-01-01 \",1\r\n2012-02-30,2\r\n".write(to: dir.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
        do {
            _ = try decode(#"{"x": {"type": "time"}, "series": [{"data": {"csv": "bad.csv", "x": "date", "y": "v"}}]}"#, directory: dir.path)
            Issue.record("an impossible date was read")
        } catch {
            #expect("\(error)".hasPrefix("bad.csv line 3, column 'date': '2012-02-30' is not a date (ISO 8601"), "\(error)")
        }
    }

    @Test func badDatesAndZonesNameTheirPath() {
        func message(_ json: String) -> String {
            do { _ = try decode(json); return "decoded" } catch { return "\(error)" }
        }
        #expect(message(#"{"x": {"type": "time"}, "series": [{"x": ["2012-01-01", "2012-13-01"], "y": [1, 2]}]}"#)
                .hasPrefix(#"series[0].x[1]: "2012-13-01" is not a date"#))
        #expect(message(#"{"x": {"type": "time", "timezone": "Mars/Olympus"}, "series": []}"#)
                .hasPrefix(#"x.timezone: "Mars/Olympus" is not a known IANA time zone"#))
        #expect(message(#"{"x": {"type": "time", "unit": "days"}, "series": []}"#) == #"x.unit: expected "ms" or "s", found "days""#)
    }
}
