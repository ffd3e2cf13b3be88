import Foundation
import Testing
@testable import GlintCore

/// Log-axis ticks: decades with their values as labels, minor lines where there is room, thinning over wide
/// spans, 1-2-5 steps inside a single decade.
@Suite struct LogScaleTests {
    @Test func decadesAreLabelledWithTheirValues() {
        let ticks = LogScale.ticks(domain: -0.1...3.1, length: 400, spacing: 50)
        #expect(ticks.major == [0, 1, 2, 3])
        #expect(ticks.labels == ["1", "10", "100", "1000"])
        // 2…9 × the decades 1, 10 and 100, and the 0.8 and 0.9 that fall inside the domain's lower end.
        #expect(ticks.minor.count == 3 * 8 + 2, "\(ticks.minor.count)")
        #expect(ticks.minor.contains { abs($0 - log10(2)) < 1e-12 } && ticks.minor.contains { abs($0 - (2 + log10(5))) < 1e-12 })
    }

    @Test func wideSpansThinTheDecadesAndDropMinorLines() {
        let ticks = LogScale.ticks(domain: -310...310, length: 240, spacing: 50)
        #expect(ticks.major == [-300, -200, -100, 0, 100, 200, 300], "every hundredth decade of 621: \(ticks.major)")
        #expect(ticks.minor.isEmpty)
        #expect(ticks.labels.contains("1e-300") && ticks.labels.contains("1e300") && ticks.labels.contains("1"))
        #expect(LogScale.label(-3) == "0.001" && LogScale.label(5) == "100000" && LogScale.label(6) == "1e6")
    }

    @Test func lessThanADecadeGetsStepsOfTheValues() {
        let ticks = LogScale.ticks(domain: log10(1.5)...log10(9), length: 150, spacing: 50)
        #expect(ticks.labels == ["2", "4", "6", "8"], "\(ticks.labels)")
        #expect(zip(ticks.major, [2.0, 4, 6, 8]).allSatisfy { abs($0 - log10($1)) < 1e-12 })
    }

    @Test func valuesAtOrBelowZeroAreGapsAndCounted() {
        let chart = Chart(y: Axis(scale: .log), series: [.line(x: [0, 1, 2, 3], y: [10, 0, -5, 1000])],
                          references: [.line(at: 100), .line(at: -1)])
        let (logChart, notices) = LogScale.applied(to: chart)
        let y = logChart.series[0].y
        #expect(y[0] == 1 && y[1].isNaN && y[2].isNaN && y[3] == 3)
        #expect(notices == ["2 values ≤ 0 on the log y axis are left out (drawn as gaps)"])
        #expect(logChart.references.map(\.values) == [2...2], "a reference at -1 cannot be drawn on a log axis")
    }

    @Test func aLogRangeMustBePositive() {
        let chart = Chart(y: Axis(range: 0...100, scale: .log), series: [.line(x: [0, 1], y: [1, 10])])
        #expect(throws: ChartError.nonPositiveLogRange(axis: "y", lower: 0, upper: 100)) { try chart.validate() }
    }
}
