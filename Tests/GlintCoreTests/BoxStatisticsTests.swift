@testable import GlintCore
import Testing

/// Box plot statistics against their judges (Tests/References/box_reference.py writes BoxReference.swift):
/// matplotlib's `cbook.boxplot_stats` — quartiles by numpy's `percentile` (linear), whiskers at 1.5 and 3 IQR and
/// at the range, the notch's interval, the outliers — and numpy's `percentile` across p.
@Suite struct BoxStatisticsTests {
    /// The values the reference script makes, in the same arithmetic.
    static func values(_ n: Int, seed: Int) -> [Double] {
        (0..<n).map { i in
            let v = Double((i * 7919 + seed * 104729) % 1009) / 10 - 50 + Double((i * i) % 13) * 0.37
            return i % 17 == 16 ? v * 6 : v
        }
    }

    /// The summary of each reference group under `whiskers`.
    static func summaries(_ whiskers: BoxWhiskers) -> [BoxSummary] {
        BoxReference.sizes.enumerated().map { seed, n in BoxStatistics.summary(of: values(n, seed: seed), at: 0, whiskers: whiskers) }
    }

    /// Whether `a` equals the reference `b` to 1e-12 relative (absolute below 1).
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * max(abs(b), 1) }

    static func check(_ whiskers: BoxWhiskers, q1: [Double], median: [Double], q3: [Double], low: [Double], high: [Double],
                      notchLow: [Double], notchHigh: [Double], outliers: [[Double]]) {
        for (k, s) in summaries(whiskers).enumerated() {
            let n = BoxReference.sizes[k]
            #expect(close(s.q1, q1[k]) && close(s.median, median[k]) && close(s.q3, q3[k]), "n \(n): \(s.q1) \(s.median) \(s.q3)")
            #expect(close(s.low, low[k]) && close(s.high, high[k]), "n \(n) whiskers: \(s.low) \(s.high) vs \(low[k]) \(high[k])")
            #expect(close(s.notchLow, notchLow[k]) && close(s.notchHigh, notchHigh[k]), "n \(n) notch")
            #expect(s.outliers.sorted() == outliers[k], "n \(n) outliers: \(s.outliers.count) vs \(outliers[k].count)")
            #expect(s.count == n)
        }
    }

    @Test func tukeysWhiskersMatchMatplotlib() {
        Self.check(.tukey, q1: BoxReference.tukeyQ1, median: BoxReference.tukeyMed, q3: BoxReference.tukeyQ3, low: BoxReference.tukeyWhislo,
                   high: BoxReference.tukeyWhishi, notchLow: BoxReference.tukeyCilo, notchHigh: BoxReference.tukeyCihi,
                   outliers: BoxReference.tukeyFliers)
    }

    @Test func widerFencesMatchMatplotlib() {
        Self.check(.interquartile(3), q1: BoxReference.tukey3Q1, median: BoxReference.tukey3Med, q3: BoxReference.tukey3Q3,
                   low: BoxReference.tukey3Whislo, high: BoxReference.tukey3Whishi, notchLow: BoxReference.tukey3Cilo,
                   notchHigh: BoxReference.tukey3Cihi, outliers: BoxReference.tukey3Fliers)
    }

    @Test func rangeWhiskersMatchMatplotlibAndLeaveNoOutliers() {
        Self.check(.range, q1: BoxReference.rangeQ1, median: BoxReference.rangeMed, q3: BoxReference.rangeQ3, low: BoxReference.rangeWhislo,
                   high: BoxReference.rangeWhishi, notchLow: BoxReference.rangeCilo, notchHigh: BoxReference.rangeCihi,
                   outliers: BoxReference.rangeFliers)
        #expect(Self.summaries(.range).allSatisfy { $0.outliers.isEmpty })
    }

    @Test func percentilesMatchNumpysLinearMethod() {
        var values = Self.values(1000, seed: 8)
        for (p, expected) in zip(BoxReference.percentiles, BoxReference.percentilesOf1000) {
            #expect(Self.close(BoxStatistics.percentile(p, of: &values), expected), "p \(p)")
        }
        // Selection leaves the values a permutation of what they were.
        #expect(values.sorted() == Self.values(1000, seed: 8).sorted())
    }

    @Test func valuesAreGroupedByTheirFiniteX() {
        let x: Column = [2, 1, 2, .nan, -0.0, 0, 1, 2, .infinity]
        let y: Column = [5, 1, 7, 100, 3, 4, 2, .nan, 100]
        let boxes = BoxStatistics.summaries(x: x, y: y, whiskers: .tukey)
        #expect(boxes.map(\.position) == [0, 1, 2] && boxes.map(\.count) == [2, 2, 2])
        #expect(boxes.map(\.median) == [3.5, 1.5, 6])
    }
}
