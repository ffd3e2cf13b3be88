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

    @Test func valuesAtOrBelowZeroAreGapsAndCounted() {
        let chart = Chart(y: Axis(scale: .log), series: [.line(x: [0, 1, 2, 3], y: [10, 0, -5, 1000])],
                          references: [.line(at: 100), .line(at: -1)])
        #expect(LogScale.notices(for: chart) == ["2 values ≤ 0 on the log y axis are left out (drawn as gaps)"])
        // Doubles in place are counted four at a time, then the tail; other storage value by value: 0 and -0 count,
        // ±Inf and NaN do not (11 values: two vectors and a tail of three, one of each kind in each part).
        let values: [Double] = [1, 0, -.infinity, .nan, .infinity, -0.0, -1e-300, 5, -2, 1e-300, 0]
        let x = Column((0..<values.count).map(Double.init))
        let mixed = Chart(x: Axis(scale: .log), y: Axis(scale: .log), series: [.line(x: x, y: Column(values)), .line(x: x, y: Column(values.map(Float.init)))])
        #expect(LogScale.notices(for: mixed) == ["2 values ≤ 0 on the log x axis are left out (drawn as gaps)",
                                                 "11 values ≤ 0 on the log y axis are left out (drawn as gaps)"])
        let log = chart.y.function
        #expect(log(10) == 1 && log(0).isNaN && log(-5).isNaN && log(1000) == 3 && log(.infinity) == .infinity && log(.nan).isNaN)
        #expect(log.inverse(2) == 100 && !log.admits(0) && log.admits(1e-300) && !log.admits(.infinity))
        #expect(chart.references.compactMap { $0.position(on: log) } == [2...2], "a reference at -1 cannot be drawn on a log axis")
        // Extents are measured in decades, over the points that have one, without copying the data.
        let extent = DataRange.finiteExtent(x: chart.series[0].x, y: chart.series[0].y, forward: (.identity, log), threads: 1)
        #expect(extent?.x == 0...3 && extent?.y == 1...3, "\(String(describing: extent))")
        #expect(!DataRange.hasFinitePoint(x: [0, 1], y: [0, -1], forward: (.identity, log)))
    }

    /// M4 reads log data as they are: zeros are gaps, the extremes kept are the data's, bounds go through the scale.
    @Test func m4OnALogAxisKeepsThePositionsExtremes() throws {
        let n = 100_000
        let x = (0..<n).map(Double.init), y = (0..<n).map { $0 % 1000 == 0 ? 0 : Double($0 % 37 + 1) }
        let logY = DataTransform(originX: 0, originY: 0, scaleX: 0.005, scaleY: -100, pixelX: 0, pixelY: 300, forwardY: .log10)
        let r = try #require(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: PixelMapping(logY), columns: 0..<500, threads: 2))
        #expect(r.y.allSatisfy { $0.isNaN || $0 >= 1 } && r.y.contains { $0.isNaN } && r.y.contains(37) && r.y.contains(1))
        #expect(r.x.count < n / 10, "\(r.x.count) points kept")
        // On a log x axis, an x of 0 has no position: the line is drawn as it is.
        let logX = DataTransform(originX: 0, originY: 0, scaleX: 100, scaleY: -1, pixelX: 0, pixelY: 300, forwardX: .log10)
        #expect(M4Decimation.decimate(x: Column(x), y: Column(y), mapping: PixelMapping(logX), columns: 0..<500, threads: 2) == nil)
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

    @Test func aLogRangeMustBePositive() {
        let chart = Chart(y: Axis(range: 0...100, scale: .log), series: [.line(x: [0, 1], y: [1, 10])])
        #expect(throws: ChartError.nonPositiveLogRange(axis: "y", lower: 0, upper: 100)) { try chart.validate() }
    }
}
