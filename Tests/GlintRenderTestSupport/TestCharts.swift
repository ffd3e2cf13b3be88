import Foundation
import Glint
import GlintTestSupport

/// Charts that tests of more than one module draw: the chart tests that define them and the painters' tests that
/// draw them again on every painter.
public enum TestCharts {
    /// Charts of extreme data: huge magnitudes, far outside a zoomed range, tiny spans, the widest strokes and
    /// largest radii allowed.
    public static let extremes: [String: Chart] = {
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
            // The widest stroke and largest radius `ChartLimit` allows, each far larger than the image.
            "huge stroke and radius": Chart(width: 300, height: 200, series: [
                .line(x: [0, 1, 2], y: [0, 1, 0], width: ChartLimit.strokeWidth.upper),
                .dots(x: [1], y: [1], radius: ChartLimit.radius.upper...ChartLimit.radius.upper),
            ]),
        ]
    }()

    /// A line of `n` points from x = 0, one apart, y a slow wave with a tooth every 50 points.
    public static func livePoints(_ range: Range<Int>) -> (x: [Double], y: [Double]) {
        (range.map(Double.init), range.map { sin(Double($0) / 300) * 10 + Double($0 % 50 == 0 ? 3 : 0) })
    }

    /// Three areas over the same x, stacked: each fills from the top of the one below.
    public static func stackedAreas(normalize: Bool = false, n: Int = 7, decimate: Bool = true) -> Chart {
        let x = (0..<n).map(Double.init)
        let values: [[Double]] = n == 7 ? [[1, 2, 3, 2, 1, 2, 3], [2, 1, 1, 3, 2, 1, 1], [1, 1, 2, 1, 3, 2, 2]]
            : (0..<3).map { k in SeededGenerator.walk(n, seed: UInt64(20 + k)).map { abs($0) + 5 } }
        let colors = [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00), Color(rgb: 0x0000FF)]
        let series = (0..<3).map { k -> Series in
            var s = Series.area(name: "s\(k)", x: Column(x), y: Column(values[k]), color: colors[k])
            (s.area.stack, s.area.normalize, s.area.opacity, s.area.edge, s.line.decimate) = ("all", normalize, 1, false, decimate)
            return s
        }
        var chart = Chart(width: 300, height: 200, series: series, legend: Legend(visible: false))
        (chart.x.grid, chart.y.grid) = (false, false)
        return chart
    }
}
