import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Density curves (`"density"` on a line or an area): a curve per group over the group's own values, drawn as the
/// line or area it is; the keys read, checked and refused with their paths. (The estimate itself is judged against
/// scipy in `KernelDensityTests`.)
@Suite struct DensityCurveTests {
    @Test func eachGroupOfASplitHasItsOwnCurveOverItsOwnValues() throws {
        let chart = try decodeSpec(#"""
            {"series": [{"type": "area", "x": [0, 0, 0, 0, 1, 1, 1, 1], "y": [1, 2, 2, 3, 11, 12, 12, 13], "split": [
              "a", "a", "a", "a", "b", "b", "b", "b"], "density": {"points": 50, "cut": 2, "bandwidth": 0.5}}]}
            """#)
        #expect(chart.series.map(\.name) == ["a", "b"] && chart.series.allSatisfy { $0.x.count == 50 })
        #expect(chart.series[0].x.first == 0 && chart.series[0].x.last == 4 && chart.series[1].x.first == 10 && chart.series[1].x.last == 14)
        // Each peaks at its own values' middle: (2 + 2e^-2) / (4 × 0.5 √(2π)) = 0.453 at 12.
        let peak = chart.series[1].y.max()!, at = chart.series[1].x[chart.series[1].y.firstIndex(of: peak)!]
        #expect(abs(at - 12) < 0.1 && peak > 0.44 && peak < 0.46, "\(at) \(peak)")
    }

    @Test(arguments: painters)
    func theAreaFillsUnderTheCurve(backend: Backend) throws {
        var chart = try decodeSpec(##"{"series": [{"type": "area", "y": [4, 5, 5, 6], "density": {"bandwidth": 0.5}, "color": "#d62728"}]}"##)
        chart.x.range = 0...10
        chart.y.range = 0...0.6
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // Under the peak at 5 (0.453) the fill; above it, and far from the values, the background (grid lines at most).
        #expect(!at(5, 0.2).near(.white, 30), "\(at(5, 0.2))")
        #expect(at(5, 0.55).near(.white, 30) && at(9, 0.05).near(.white, 30), "\(at(5, 0.55)) \(at(9, 0.05))")
    }

    @Test func theKeysAreCheckedAndMisuseRefusedWithTheirPaths() throws {
        #expect(try decodeSpec(#"{"series": [{"y": [1, 2, 4], "density": {"points": 7}}]}"#).series[0].x.count == 7)
        #expect(specError(#"{"series": [{"type": "bars", "y": [1, 2], "density": {}}]}"#)
                == #"series[0].density: a density curve is drawn as a "line" or an "area", not a bars"#)
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {"points": 1}}]}"#).hasPrefix("series[0].density.points: expected a whole number"))
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {"cut": -1}}]}"#).hasPrefix("series[0].density.cut:"))
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {"bandwidth": "wide"}}]}"#).hasPrefix("series[0].density.bandwidth: expected \"scott\""))
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {"counts": 1}}]}"#).hasPrefix("series[0].density.counts:"))
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {"width": 1}}]}"#).hasPrefix("series[0].density"))
        #expect(specError(#"{"series": [{"y": [1, 2], "density": {}, "trend": {"method": "linear"}}]}"#)
                == #"series[0].trend: a density curve replaces the series' points with the estimate of their y values; it takes no "trend""#)
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("densities")), named: "densities")
    }
}
