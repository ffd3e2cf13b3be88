import Foundation
import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// The CPU painter draws what the GL painter draws: for every golden chart and for seeded random
/// scenes, at least 99.5 % of pixels within 8/255 on every channel and a mean absolute difference
/// of at most 0.5/255.
@Suite struct ParityTests {
    struct Figures: CustomStringConvertible {
        let withinShare: Double
        let meanDifference: Double
        let worst: Int

        init(_ a: Image, _ b: Image) {
            var within = 0, total = 0, worst = 0
            for p in stride(from: 0, to: a.pixels.count, by: 4) {
                var pixelWorst = 0
                for c in 0..<4 {
                    let d = abs(Int(a.pixels[p + c]) - Int(b.pixels[p + c]))
                    total += d
                    pixelWorst = max(pixelWorst, d)
                }
                if pixelWorst <= 8 { within += 1 }
                worst = max(worst, pixelWorst)
            }
            withinShare = Double(within) / Double(a.pixels.count / 4)
            meanDifference = Double(total) / Double(a.pixels.count)
            self.worst = worst
        }

        /// The parity bound: at least 99.5 % of pixels within 8/255 on every channel and a mean absolute difference
        /// of at most 0.5/255.
        var holdsParity: Bool { withinShare >= 0.995 && meanDifference <= 0.5 }

        var description: String {
            String(format: "%.4f%% of pixels within 8/255, mean |difference| %.4f/255, worst %d/255",
                   withinShare * 100, meanDifference, worst)
        }
    }

    /// A seeded random chart: thin and thick lines with every join and cap, dots of many radii with
    /// outlines, overlapping translucent colours, bars and text.
    static func randomChart(seed: UInt64) -> Chart {
        var generator = SeededGenerator(seed: seed)
        func next() -> Double { generator.next() }
        var series: [Series] = []
        for i in 0..<6 {
            let n = 3 + Int(next() * 60)
            var line = Series.line(name: "line \(i)", x: Column((0..<n).map { _ in next() * 100 }.sorted()), y: Column((0..<n).map { _ in next() * 100 }),
                                   color: Color(red: next(), green: next(), blue: next(), alpha: 0.35 + 0.65 * next()),
                                   width: [0.5, 1, 1.5, 3, 7, 14][i])
            line.line.join = LineJoin.allCases[i % 3]
            line.line.cap = LineCap.allCases[(i / 3 + i) % 3]
            line.line.miterLimit = 2 + next() * 6
            if i == 4 {
                var y = line.y.doubles
                y[n / 2] = .nan
                line.y = Column(y)
            }
            series.append(line)
        }
        let m = 80
        var dots = Series.dots(name: "dots", x: Column((0..<m).map { _ in next() * 100 }), y: Column((0..<m).map { _ in next() * 100 }),
                               size: Column((0..<m).map { _ in next() }), radius: 0.5...20,
                               color: Color(red: next(), green: next(), blue: next(), alpha: 0.5))
        dots.outline.color = Color(rgb: 0x222222, alpha: 0.8)
        dots.outline.width = 1.5
        series.append(dots)
        series.append(.bars(name: "bars", x: [10, 30, 50, 70, 90], y: Column((0..<5).map { _ in next() * 80 }),
                            color: Color(red: next(), green: next(), blue: next(), alpha: 0.4)))
        return Chart(width: 640, height: 420, title: "Random scene \(seed)", x: Axis(title: "x"), y: Axis(title: "y"),
                     series: series, legend: Legend(position: LegendPosition.allCases[Int(seed) % 9]))
    }

    static let charts: [(String, Chart)] = GoldenTests.cases + (1...6).map { ("random-\($0)", randomChart(seed: UInt64($0))) }

    @Test(needsGL, arguments: charts.map(\.0))
    func cpuMatchesGL(name: String) throws {
        let chart = try #require(ParityTests.charts.first { $0.0 == name }).1
        let gl = try Shared.renderer(.gl).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        #expect(gl.backend == .gl && cpu.backend == .cpu)
        let figures = Figures(gl, cpu)
        print("parity \(name): \(figures)")
        #expect(figures.holdsParity, "\(name): \(figures)")
        if !figures.holdsParity { try keepImages("parity \(name)", [("gl", gl), ("cpu", cpu)]) }
    }

    @Test func sameBytesWhateverTheThreadCount() throws {
        let chart = ParityTests.randomChart(seed: 3)
        let images = try [1, 2, 3, 7].map { threads in
            try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: threads)).render(chart)
        }
        for image in images.dropFirst() { #expect(image.pixels == images[0].pixels) }
    }

    /// A dots series long enough to be binned a part at a time (more than 2^20 dots) and in runs on several
    /// threads: translucent dots of many colours overlapping, so any change of order within a band changes bytes,
    /// draw the same bytes on one thread as on two and three, and the same as the series cut in two at 2^20 dots
    /// (two series, drawn one after the other).
    @Test func aLongDotsSeriesDrawsTheSameWhateverTheThreadCount() throws {
        var generator = SeededGenerator(seed: 53)
        let n = 1_200_000, cut = 1 << 20
        let x = (0..<n).map { _ in generator.next() }, y = (0..<n).map { _ in generator.next() }
        let values = (0..<n).map { _ in generator.next() }
        func dots(_ range: Range<Int>) -> Series {
            var dots = Series.dots(name: "dots", x: Column(Array(x[range])), y: Column(Array(y[range])), radius: 0.5...2.5,
                                   color: Color(rgb: 0x1F77B4, alpha: 0.6))
            dots.pointColors = PointColors(values: Array(values[range]), scale: ColorScale(palette: .viridis, range: 0...1))
            return dots
        }
        func render(_ series: [Series], threads: Int) throws -> [UInt8] {
            var chart = Chart(width: 160, height: 120, series: series)
            chart.legend.visible = false
            return try Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: threads)).render(chart).pixels
        }
        let whole = try [1, 2, 3].map { try render([dots(0..<n)], threads: $0) }
        let halves = try render([dots(0..<cut), dots(cut..<n)], threads: 2)
        for (name, pixels) in [("2 threads", whole[1]), ("3 threads", whole[2]), ("cut in two", halves)] {
            let differing = zip(pixels, whole[0]).filter { $0 != $1 }.count
            #expect(differing == 0, "\(name): \(differing) bytes differ from one thread's")
        }
    }
}
