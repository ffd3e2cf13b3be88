import Foundation
import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// M4 decimation must not change the picture: identical with anti-aliasing off, within the painters'
/// parity bound with it on.
@Suite struct DecimationTests {
    static let cases: [String: (x: [Double], y: [Double])] = {
        let n = 60_000
        let x = (0..<n).map { Double($0) }
        var spikes = SeededGenerator.walk(n, seed: 2).map { $0 * 0.1 }
        for i in stride(from: 500, to: n, by: 4_999) { spikes[i] += i % 2 == 0 ? 40 : -40 }
        let constant = (0..<n).map { Double($0 / 7_000 % 3) }
        var gaps = SeededGenerator.walk(n, seed: 3)
        for i in stride(from: 1_000, to: n, by: 3_333) { gaps[i] = .nan }
        for i in 20_000..<21_500 { gaps[i] = .nan }
        let oneColumn = (0..<40_000).map { 5 + Double($0) * 1e-9 }
        return [
            "random walk": (x, SeededGenerator.walk(n, seed: 1)),
            "spikes": (x, spikes),
            "constant runs": (x, constant),
            "NaN gaps": (x, gaps),
            "single column": (oneColumn, SeededGenerator.walk(40_000, seed: 4)),
            "epoch ms": (x.map { 1_700_000_000_000 + $0 }, SeededGenerator.walk(n, seed: 5)),
        ]
    }()

    static func chart(_ name: String, decimate: Bool, antialias: Bool, width: Double) -> Chart {
        let data = cases[name]!
        var series = Series.line(x: Column(data.x), y: Column(data.y), color: Color(rgb: 0x1F77B4, alpha: 0.8), width: width)
        series.line.decimate = decimate
        series.line.antialias = antialias
        var chart = Chart(width: 420, height: 260, series: [series], legend: Legend(visible: false))
        if name == "single column" { chart.x.range = 0...10 }
        return chart
    }

    /// How many points the scene's line keeps, to be sure the comparison is raw against decimated.
    static func drawnPoints(_ chart: Chart) throws -> Int {
        let scene = try SceneBuilder.build(chart, measurer: try Shared.text.get(), threads: 2)
        for command in scene.commands { if case let .line(line) = command.shape { return line.x.count } }
        return 0
    }

    @Test(arguments: cases.keys.sorted(), [true, false])
    func decimationReallyHappens(name: String, antialias: Bool) throws {
        let raw = DecimationTests.cases[name]!.x.count
        #expect(try DecimationTests.drawnPoints(DecimationTests.chart(name, decimate: false, antialias: antialias, width: 1)) == raw)
        let kept = try DecimationTests.drawnPoints(DecimationTests.chart(name, decimate: true, antialias: antialias, width: 1))
        #expect(kept < raw / 2, "\(name): \(kept) of \(raw) points kept")
    }

    @Test(arguments: cases.keys.sorted(), painters)
    func aliasedPictureIsIdentical(name: String, backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        for width in [1.0, 3.0] {
            let raw = try renderer.render(DecimationTests.chart(name, decimate: false, antialias: false, width: width))
            let m4 = try renderer.render(DecimationTests.chart(name, decimate: true, antialias: false, width: width))
            let differing = stride(from: 0, to: raw.pixels.count, by: 4).filter { raw.pixels[$0..<$0 + 4] != m4.pixels[$0..<$0 + 4] }
            #expect(differing.isEmpty, "\(name), width \(width), \(backend): \(differing.count) pixels differ")
        }
    }

    @Test(arguments: cases.keys.sorted(), painters)
    func antialiasedPictureStaysWithinTheParityBound(name: String, backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let raw = try renderer.render(DecimationTests.chart(name, decimate: false, antialias: true, width: 1.5))
        let m4 = try renderer.render(DecimationTests.chart(name, decimate: true, antialias: true, width: 1.5))
        let figures = ParityFigures(raw, m4)
        print("M4 \(name) (\(backend)): \(figures)")
        #expect(figures.withinShare >= 0.995, "\(figures)")
        #expect(figures.meanDifference <= 0.5, "\(figures)")
    }
}
