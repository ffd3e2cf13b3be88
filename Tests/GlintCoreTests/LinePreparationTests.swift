import GlintTestSupport
import Testing
@testable import GlintCore

/// The one-pass preparation of long lines must give exactly what measuring first, then decimating gives.
@Suite struct LinePreparationTests {
    static let n = 1_200_000
    static let x = (0..<n).map(Double.init)

    static let cases: [String: [Series]] = {
        var spiky = SeededGenerator.walk(n, seed: 2)
        spiky[777_777] = 123_456_789  // between samples, and wide enough to widen the y labels
        var gappy = SeededGenerator.walk(n, seed: 3)
        for i in 0..<500 { gappy[i] = .nan }
        gappy[600_001] = .infinity
        var unsorted = x
        unsorted.swapAt(10, 900_000)
        var aliased = Series.line(x: Column(x), y: Column(SeededGenerator.walk(n, seed: 4)), width: 3)
        aliased.line.antialias = false
        return [
            "random walk": [.line(x: Column(x), y: Column(SeededGenerator.walk(n, seed: 1)))],
            "spike between samples": [.line(x: Column(x), y: Column(spiky))],
            "leading gaps and an infinity": [.line(x: Column(x), y: Column(gappy))],
            "unsorted": [.line(x: Column(unsorted), y: Column(SeededGenerator.walk(n, seed: 5)))],
            "aliased and a small series": [aliased, .dots(x: [5, 50_000], y: [-300, 900])],
        ]
    }()

    @Test(arguments: cases.keys.sorted())
    func sameLayoutAndPointsAsThePlainPath(name: String) throws {
        let chart = Chart(width: 900, height: 500, series: LinePreparationTests.cases[name]!)
        let measurer = FixedMeasurer()
        let prepared = LinePreparation(chart: chart, measurer: measurer, threads: 2)
        let plain = ChartLayout(chart: chart, measurer: measurer, threads: 2)
        #expect(prepared.layout.plot == plain.plot)
        #expect(prepared.layout.transform == plain.transform)
        #expect(prepared.layout.y.labels == plain.y.labels)
        for (index, s) in chart.series.enumerated() where s.kind == .line {
            let line = LineShape(x: s.x, y: s.y, transform: plain.transform, color: .black, width: s.line.width, antialias: s.line.antialias)
            let expected = LineMark.decimation(of: line, plot: plain.plotClip, threads: 2)
            let got = prepared.decimated[index]
            if name == "unsorted" {
                #expect(expected == nil && got == nil)
            } else {
                let e = try #require(expected), g = try #require(got, "decimated during preparation")
                #expect(e.x.count == g.x.count)
                #expect(zip(e.x, g.x).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
                #expect(zip(e.y, g.y).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
            }
        }
    }
}
