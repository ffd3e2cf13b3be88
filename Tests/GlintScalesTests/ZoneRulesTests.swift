import Foundation
import GlintTestSupport
import Testing
@testable import GlintScales

/// Zones read from the system's tzdata by Glint itself (FoundationEssentials has no zone data): every offset and every
/// wall time's instant as Foundation's ICU-backed `TimeZone` and calendar give them (this test process loads
/// Foundation), over a century and past the zone files' last transitions (their POSIX rules). Zones whose future
/// offsets are forecasts that differ between tzdata releases (Morocco's Ramadan changes: Debian's tzdata and ICU's
/// copy disagree from 2047) are left out.
@Suite struct ZoneRulesTests {
    static let zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo",
                        "Europe/London", "Pacific/Auckland", "America/St_Johns", "Asia/Tokyo", "America/Santiago"]

    @Test(arguments: zones) func offsetsAreFoundations(name: String) throws {
        let rules = try #require(ZoneRules.named(name), "tzdata has \(name)")
        let foundation = try #require(TimeZone(identifier: name))
        // Seeded per zone, so that a failure names instants that reproduce.
        var generator = SeededGenerator(seed: UInt64(name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }.magnitude))
        // 1950 to 2100, random instants and the hours around each of Foundation's transitions in 2020-2060.
        let (first, span) = (Int64(-631_152_000), UInt64(4_102_444_800 + 631_152_000 + 1))
        var instants = (0..<4000).map { _ in first + Int64(generator.nextBits() % span) }
        var date = Date(timeIntervalSince1970: 1_577_836_800)
        while let next = foundation.nextDaylightSavingTimeTransition(after: date), next.timeIntervalSince1970 < 2_840_140_800 {
            let t = Int64(next.timeIntervalSince1970)
            instants += [t - 3601, t - 1, t, t + 1, t + 3600]
            date = next
        }
        for t in instants {
            let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
            #expect(rules.offset(atUTC: t) == expected, "\(name) at \(t)")
        }
    }

    /// Wall-clock times to instants, including the hours clocks skip or repeat, as Foundation's Gregorian calendar
    /// reads them.
    @Test(arguments: zones) func wallTimesAreFoundations(name: String) throws {
        let rules = try #require(ZoneRules.named(name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: name))
        for year in [1975, 2001, 2024, 2047] {
            for day in stride(from: 1, through: 365, by: 3) {
                for hour in [0, 1, 2, 3, 12] {
                    let days = DateText.daysSinceEpoch(year: year, month: 1, day: 1) + day - 1
                    let (y, m, d) = DateText.civil(daysSinceEpoch: days)
                    let local = Int64(days) * 86_400 + Int64(hour * 3600 + 1800)
                    let expected = try #require(calendar.date(from: DateComponents(year: y, month: m, day: d, hour: hour, minute: 30)))
                    #expect(rules.utc(forLocal: local) == Int64(expected.timeIntervalSince1970), "\(name) \(y)-\(m)-\(d) \(hour):30")
                }
            }
        }
    }

    @Test func utcNeedsNoZoneDataAndUnknownNamesAreRefused() throws {
        for name in ["UTC", "Etc/UTC", "GMT", "Zulu"] { #expect(ZoneRules.named(name)?.fixedOffset == 0, "\(name)") }
        for name in ["Mars/Olympus", "../../etc/passwd", "/etc/localtime", "", "Europe/./Berlin", "Europe//Berlin", "right/Europe/Berlin"] {
            #expect(ZoneRules.named(name) == nil, "\(name)")
        }
        #expect(ZoneRules.unknown("Mars/Olympus").hasPrefix(#""Mars/Olympus" is not a known IANA time zone"#))
        #expect(ZoneRules.named("Etc/GMT-14")?.offset(atUTC: 0) == 14 * 3600)
    }

    /// A file with no transitions: its footer's rule governs every instant (RFC 8536, 3.2).
    @Test func aFileWithoutTransitionsFollowsItsFooter() throws {
        func header(_ version: UInt8, types: Int, chars: Int) -> [UInt8] {
            Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
                + [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(types), 0, 0, 0, UInt8(chars)]
        }
        let block = [0xFF, 0xFF, 0xB9, 0xB0, 0, 0] + Array("EST\0".utf8)  // one type: -18000 s, "EST"
        let file = header(0x32, types: 1, chars: 4) + block + header(0x32, types: 1, chars: 4) + block
            + Array("\nEST5EDT,M3.2.0,M11.1.0\n".utf8)
        let rules = try #require(TZif.rules(file, name: "Test/Eastern"))
        #expect(rules.offset(atUTC: 1_720_000_000) == -14_400, "July 2024: daylight time")
        #expect(rules.offset(atUTC: 1_704_067_200) == -18_000, "January 2024: standard time")
        #expect(rules.fixedOffset == nil)
        #expect(TZif.rules(header(0x32, types: 1, chars: 4) + block + [0x00] + block, name: "Broken") == nil, "a second header that is none")
    }

    @Test func civilDatesRoundTrip() {
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (y, m, d) = DateText.civil(daysSinceEpoch: days)
            #expect(DateText.daysSinceEpoch(year: y, month: m, day: d) == days)
        }
    }
}
