import Foundation
import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// The CPU painter draws what the GL painter draws: for every golden chart and for seeded random
/// scenes, at least 99.5 % of pixels within 8/255 on every channel and a mean absolute difference
/// of at most 0.5/255.
@Suite struct ParityTests {
    @Test(needsGL, arguments: GoldenCharts.parityCharts.map(\.0))
    func cpuMatchesGL(name: String) throws {
        let chart = try #require(GoldenCharts.parityCharts.first { $0.0 == name }).1
        let gl = try Shared.renderer(.gl).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        #expect(gl.backend == .gl && cpu.backend == .cpu)
        let figures = ParityFigures(gl, cpu)
        print("parity \(name): \(figures)")
        #expect(figures.holdsParity, "\(name): \(figures)")
        if !figures.holdsParity { try keepImages("parity \(name)", [("gl", gl), ("cpu", cpu)]) }
    }

    @Test func sameBytesWhateverTheThreadCount() throws {
        let chart = GoldenCharts.randomChart(seed: 3)
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
