import Foundation
import Glint
import Testing

/// Values at the edges of Double render, on both painters, without crashing, and look the same on each.
@Suite struct ExtremeDataTests {
    static let charts: [String: Chart] = {
        var zoomed = Chart(width: 300, height: 200, series: [
            .line(x: [-1e12, 5, 1e12], y: [5, 5, -1e15], width: 3),
            .dots(x: [5, 1e20, -1e20], y: [5, 1e20, 3], radius: 4...4),
            .bars(x: [5, 1e15], y: [3, 1e18]),
        ])
        zoomed.x.range = 0...10
        zoomed.y.range = 0...10
        return [
            "huge magnitudes": Chart(width: 300, height: 200, series: [
                .line(x: [-1e308, 0, 1e308], y: [1e308, -1e308, 0]), .dots(x: [1e308], y: [-1e308], radius: 2...2),
            ]),
            "far outside a zoomed range": zoomed,
            "tiny span": Chart(width: 300, height: 200, series: [.line(x: [1, 1 + 1e-12, 1 + 2e-12], y: [1e-300, 2e-300, 0])]),
            "huge stroke and radius": Chart(width: 300, height: 200, series: [
                .line(x: [0, 1, 2], y: [0, 1, 0], width: 1e7), .dots(x: [1], y: [1], radius: 1e6...1e6),
            ]),
        ]
    }()

    @Test(arguments: charts.keys.sorted())
    func rendersOnBothPaintersAlike(name: String) throws {
        let chart = try #require(ExtremeDataTests.charts[name])
        let gl = try Shared.renderer(.gl).render(chart), cpu = try Shared.renderer(.cpu).render(chart)
        let figures = ParityTests.Figures(gl, cpu)
        #expect(figures.withinShare >= 0.995, "\(name): \(figures)")
    }

    @Test func hugeImagesAreRefusedNotAttempted() throws {
        let huge = Chart(width: 32768, height: 32768, scale: 16, series: [.line(x: [0, 1], y: [0, 1])])
        let absurd = Chart(width: 800, height: 500, scale: 1e300, series: [.line(x: [0, 1], y: [0, 1])])
        for chart in [huge, absurd] {
            for backend in [Backend.gl, .cpu] {
                #expect(throws: GlintError.self) { try Shared.renderer(backend).render(chart) }
            }
        }
    }
}
