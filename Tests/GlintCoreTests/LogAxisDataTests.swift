import Foundation
import Testing
@testable import GlintCore
@testable import GlintModel

/// A log axis in a chart: values at or below zero left out and counted, M4 over log data, ranges that must be
/// positive.
@Suite struct LogAxisDataTests {
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

    @Test func aLogRangeMustBePositive() {
        let chart = Chart(y: Axis(range: 0...100, scale: .log), series: [.line(x: [0, 1], y: [1, 10])])
        #expect(throws: ChartError.nonPositiveLogRange(axis: "y", lower: 0, upper: 100)) { try chart.validate() }
    }
}
