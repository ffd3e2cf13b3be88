import Foundation
import Testing
@testable import GlintModel

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
        #expect(ticks.labels.contains("10⁻³⁰⁰") && ticks.labels.contains("10³⁰⁰") && ticks.labels.contains("10⁰"))
    }

    /// A short axis over many decades keeps three labels: every fifth of seventeen decades (-5, 0, 5), every
    /// third of eight (1, 1k, 1M) — the multiples inside the domain are counted, not estimated from its span.
    @Test func shortAxesOverManyDecadesKeepThreeLabels() {
        #expect(LogScale.ticks(domain: -8.2...8.2, length: 117, spacing: 50).major == [-5, 0, 5])
        let ticks = LogScale.ticks(domain: -0.29...7.54, length: 117, spacing: 50)
        #expect(ticks.major == [0, 3, 6] && ticks.labels == ["1", "1k", "1M"], "\(ticks.labels)")
    }

    /// Decades in one notation: plain and short-scale suffixes from 0.001 to 100T, all in superscript powers of ten
    /// when any decade lies beyond.
    @Test func decadesAreWrittenInOneNotation() {
        #expect(LogScale.labels([0, 1, 2, 3]) == ["1", "10", "100", "1000"])
        #expect(LogScale.labels([-3, -1, 0, 3, 4, 5, 6, 9, 14]) == ["0.001", "0.1", "1", "1k", "10k", "100k", "1M", "1B", "100T"])
        #expect(LogScale.labels([-6, -4, -2, 0, 2, 4, 6]) == ["10⁻⁶", "10⁻⁴", "10⁻²", "10⁰", "10²", "10⁴", "10⁶"])
        #expect(LogScale.labels([0, 15]) == ["10⁰", "10¹⁵"])
    }

    @Test func lessThanADecadeGetsStepsOfTheValues() {
        let ticks = LogScale.ticks(domain: log10(1.5)...log10(9), length: 150, spacing: 50)
        #expect(ticks.labels == ["2", "4", "6", "8"], "\(ticks.labels)")
        #expect(zip(ticks.major, [2.0, 4, 6, 8]).allSatisfy { abs($0 - log10($1)) < 1e-12 })
    }

    @Test func theScaleOwnsTicksAndTheMapBothWays() {
        let scale = Axis(scale: .log).resolvedScale
        #expect(scale.function == .log10 && scale.forward(1000) == 3 && scale.inverse(-2) == 0.01)
        let ticks = scale.ticks(for: 0...3, length: 400, spacing: 50)
        #expect(ticks.major == [0, 1, 2, 3] && ticks.labels == ["1", "10", "100", "1000"] && !ticks.minor.isEmpty)
        var named = Axis()
        named.categories = ["a", "b", "c"]
        #expect(named.resolvedScale.ticks(for: -0.5...1.5, length: 10, spacing: 50).labels == ["a", "b"])
        #expect(Axis(scale: .time).resolvedScale.function == .identity && Axis().resolvedScale is LinearScale)
    }
}
