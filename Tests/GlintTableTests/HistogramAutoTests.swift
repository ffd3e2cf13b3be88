import Foundation
import Testing
@testable import GlintTable

/// The order statistics behind `auto`: exact, from buckets and a selection, as a full sort gives them, on several
/// threads, through runs of equal values and values packed into one bucket.
@Suite struct HistogramAutoTests {
    static func sortedRanks(_ values: [Double], _ ranks: [Int]) -> [Double] {
        let sorted = values.filter(\.isFinite).sorted()
        return ranks.map { sorted[$0] }
    }

    @Test(arguments: ["spread", "duplicates", "packed"])
    func orderStatisticsAreTheSortedValuesAtTheirRanks(kind: String) {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        let values: [Double] = (0..<300_001).map { i in
            switch kind {
            case "spread": return i % 1000 == 0 ? .nan : pow(10, 8 * next() - 4) * (next() < 0.5 ? -1 : 1)
            case "duplicates": return Double(Int(next() * 10))
            default: return i == 0 ? 1e6 : 1 + next() * 1e-9  // all but one in the first bucket
            }
        }
        let finite = values.filter(\.isFinite)
        let ranks = [0, 1, finite.count / 4, finite.count / 4 + 1, finite.count * 3 / 4, finite.count - 1]
        let keep = HistogramAuto.Kept(first: -.infinity, last: .infinity)
        let found = HistogramAuto.orderStatistics(ranks, Column(values), keep: keep, low: finite.min()!, high: finite.max()!, threads: 2)
        #expect(found == Self.sortedRanks(values, ranks))
    }

    @Test func selectFindsEachRank() {
        let values: [Double] = [5, 3, 3, 9, -1, 3, 7, 0, 3, 8]
        for k in values.indices {
            var copy = values
            #expect(HistogramAuto.select(k, in: &copy) == values.sorted()[k])
        }
    }
}
