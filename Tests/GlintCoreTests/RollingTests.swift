import Testing
@testable import GlintCore

/// Rolling windows as pandas computes them (`rolling(window).op()`, min_periods = window): each trailing window's
/// op, a gap until the window is full and wherever it holds a gap; compared with a direct computation per window.
@Suite struct RollingTests {
    static func direct(_ v: [Double], window: Int, op: RollingOp) -> [Double] {
        v.indices.map { i in
            guard i >= window - 1 else { return .nan }
            let w = Array(v[(i - window + 1)...i])
            guard w.allSatisfy(\.isFinite) else { return .nan }
            switch op {
            case .sum: return w.reduce(0, +)
            case .mean: return w.reduce(0, +) / Double(window)
            case .min: return w.min()!
            case .max: return w.max()!
            case .median:
                let s = w.sorted()
                return window % 2 == 1 ? s[window / 2] : s[window / 2 - 1] / 2 + s[window / 2] / 2
            }
        }
    }

    @Test(arguments: RollingOp.allCases)
    func eachWindowIsItsOp(op: RollingOp) {
        var state: UInt64 = 3
        let values: [Double] = (0..<2_000).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return i % 97 == 13 ? .nan : Double(Int(state >> 54)) - 300   // whole numbers with repeats, and gaps
        }
        for window in [1, 2, 3, 10, 31] {
            let rolled = Rolling.apply(values, window: window, op: op), expected = Self.direct(values, window: window, op: op)
            let mismatched = rolled.indices.filter { !(rolled[$0] == expected[$0] || (rolled[$0].isNaN && expected[$0].isNaN))
                && !(abs(rolled[$0] - expected[$0]) <= 1e-9 * max(1, abs(expected[$0]))) }
            #expect(mismatched.isEmpty, "window \(window): \(mismatched.prefix(5).map { (rolled[$0], expected[$0]) })")
        }
    }

    @Test func aWindowLongerThanTheSeriesIsAllGaps() {
        #expect(Rolling.apply([1, 2, 3], window: 4, op: .mean).allSatisfy { $0.isNaN })
        #expect(Rolling.apply([], window: 1, op: .sum).isEmpty)
    }
}
