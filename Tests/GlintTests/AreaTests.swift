import Foundation
import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// Areas as users see them: filled from the line to its baseline (a value, or another series), composited once,
/// a long one reduced by M4 keeping the picture, on both painters; bad options refused with their path.
@Suite struct AreaTests {
    static let blue = Color(rgb: 0x0000FF)

    /// An area through (0, 2), (10, 8) over a plot spanning -1…11 both ways, filled to `baseline`.
    static func ramp(_ baseline: AreaBaseline = .value(0), opacity: Double = 1, extra: [Series] = []) -> Chart {
        var area = Series.area(name: "ramp", x: [0, 10], y: [2, 8], color: blue, baseline: baseline)
        (area.area.opacity, area.area.edge) = (opacity, false)
        var chart = Chart(width: 300, height: 200, series: extra + [area], legend: Legend(visible: false))
        (chart.x.range, chart.y.range, chart.x.grid, chart.y.grid) = (-1...11, -1...11, false, false)
        return chart
    }

    func probe(_ chart: Chart, _ backend: Backend, _ points: [(Double, Double)]) throws -> [RGB] {
        let renderer = try Shared.renderer(backend)
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        return points.map { let p = t.apply($0.0, $0.1); return RGB(image, Int(p.x), Int(p.y)) }
    }

    @Test(arguments: painters)
    func theAreaFillsFromItsLineToItsBaseline(backend: Backend) throws {
        let blue = RGB(Self.blue)
        // Under the line (y = 2 + 0.6 x) down to 0 is filled; above the line and below 0 are not.
        let zero = try probe(Self.ramp(), backend, [(5, 1), (5, 4.5), (5, 5.5), (5, -0.5), (9, 7)])
        #expect(zero[0].near(blue, 8) && zero[1].near(blue, 8) && zero[4].near(blue, 8), "\(zero)")
        #expect(!zero[2].near(blue, 60) && !zero[3].near(blue, 60), "\(zero)")
        // To a value: between 4 and the line only, on both sides of it (the line crosses 4 at x = 10/3).
        let four = try probe(Self.ramp(.value(4)), backend, [(1, 3), (1, 1), (8, 6), (8, 3)])
        #expect(four[0].near(blue, 8) && !four[1].near(blue, 60) && four[2].near(blue, 8) && !four[3].near(blue, 60), "\(four)")
        // To another series (a level line at y = 6, read between its points): between the two.
        let level = Series.line(name: "level", x: [-5, 15], y: [6, 6], color: Color(rgb: 0xFFFFFF), width: 0.5)
        let band = try probe(Self.ramp(.series("level"), extra: [level]), backend, [(2, 5), (2, 3), (9, 7), (9, 8.5), (2, 1)])
        #expect(band[0].near(blue, 8) && band[2].near(blue, 8), "\(band)")
        #expect(!band[1].near(blue, 60) && !band[3].near(blue, 60) && !band[4].near(blue, 60), "\(band)")
    }

    /// A translucent area composites once: where fill-between crosses itself the colour is the same as elsewhere.
    @Test(arguments: painters)
    func aTranslucentAreaCompositesOnce(backend: Backend) throws {
        let level = Series.line(name: "level", x: [-5, 15], y: [5, 5], color: Color(rgb: 0xFFFFFF), width: 0.5)
        let colors = try probe(Self.ramp(.series("level"), opacity: 0.5, extra: [level]), backend, [(1, 4), (9, 6)])
        #expect(colors[0] == colors[1] && colors[0].near(RGB(128, 128, 255), 3), "both sides of the crossing: \(colors)")
    }

    static func long(decimate: Bool) -> Chart {
        let n = 200_000
        var area = Series.area(name: "walk", x: Column((0..<n).map(Double.init)), y: Column(SeededGenerator.walk(n, seed: 11).map { $0 + 300 }),
                               color: Color(rgb: 0x2CA02C, alpha: 0.9))
        area.line.decimate = decimate
        return Chart(width: 420, height: 260, series: [area], legend: Legend(visible: false))
    }

    @Test(arguments: painters)
    func aLongAreaReducedByM4KeepsThePicture(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let figures = ParityFigures(try renderer.render(Self.long(decimate: false)), try renderer.render(Self.long(decimate: true)))
        print("M4 area (\(backend)): \(figures)")
        #expect(figures.withinShare >= 0.995, "\(figures)")
    }

    @Test func badAreaOptionsNameTheirPath() throws {
        #expect(specError(#"{"series": [{"type": "line", "y": [1, 2], "edge": false}]}"#)
                == #"series[0].edge: only areas take "edge"; this series is a line ("type": "area")"#)
        #expect(specError(#"{"series": [{"type": "area", "y": [1, 2], "fillOpacity": 2}]}"#)
                == "series[0].fillOpacity: expected an opacity from 0 to 1, found 2.0")
        #expect(specError(#"{"series": [{"type": "area", "y": [1, 2], "baseline": true}]}"#) == "series[0].baseline: expected a number, found a boolean")
        // A baseline series that is not there (or is the area itself) is refused when the chart is drawn.
        func drawn(_ json: String) -> String {
            do {
                _ = try Shared.renderer(.cpu).render(try decodeSpec(json))
                return ""
            } catch {
                return "\(error)"
            }
        }
        #expect(drawn(#"{"series": [{"type": "area", "name": "a", "y": [1, 2], "baseline": "b"}, {"name": "c", "y": [1, 2]}]}"#)
                .contains("baseline: no other series is named 'b'; series: 'c'"))
        #expect(drawn(#"{"series": [{"type": "area", "name": "a", "y": [1, 2], "baseline": "a"}]}"#).contains("no other series is named 'a'"))
    }

    /// On a log axis a baseline of 0 has no place: the area fills down to the plot's bottom edge.
    @Test func onALogAxisAZeroBaselineIsTheBottomEdge() throws {
        var chart = Chart(width: 300, height: 200, y: Axis(scale: .log), series: [.area(x: [0, 1, 2], y: [10, 1000, 100], color: Self.blue)],
                          legend: Legend(visible: false))
        chart.y.grid = false
        let layout = try Shared.layout(chart)
        let image = try Shared.renderer(.cpu).render(chart)
        // Just above the bottom of the plot (the domain's lower end, in decades), under the line: the fill, 35 % blue
        // over white.
        let p = layout.transform.apply(1.5, layout.y.domain.lowerBound)
        #expect(RGB(image, Int(p.x), Int(p.y) - 2).near(RGB(166, 166, 255), 6), "\(RGB(image, Int(p.x), Int(p.y) - 2))")
    }

    /// A baseline above 0 on a log axis is held in decades like the data: 10 under values of 20…50 widens the domain to
    /// just below 10, not to 10 decades (1e10).
    @Test func onALogAxisTheAutoRangeHoldsTheBaselineInDecades() throws {
        var area = Series.area(x: [0, 1, 2], y: [20, 50, 30], baseline: .value(10))
        area.color = Self.blue
        let layout = try Shared.layout(Chart(width: 400, height: 240, y: Axis(scale: .log), series: [area]))
        #expect(layout.y.domain.lowerBound < 1 && layout.y.domain.upperBound < log10(80), "\(layout.y.domain)")
    }

    @Test(arguments: painters)
    func stackedAreasFillFromTheAreaBelow(backend: Backend) throws {
        let layout = try Shared.layout(TestCharts.stackedAreas())
        #expect(layout.y.domain.upperBound >= 6 && layout.y.domain.upperBound < 7, "the stack's top, 6 at x = 2: \(layout.y.domain)")
        // At x = 2 the stack is 3, then 1 more, then 2 more: red 0…3, green 3…4, blue 4…6.
        let at2 = try probe(TestCharts.stackedAreas(), backend, [(2, 1.5), (2, 3.5), (2, 5), (2, 6.4)])
        #expect(at2[0].near(RGB(255, 0, 0), 8) && at2[1].near(RGB(0, 255, 0), 8) && at2[2].near(RGB(0, 0, 255), 8) && at2[3].near(.white, 8), "\(at2)")
        // Normalised: every x's stack is 100; at x = 0 the shares are 25, 50 and 25 %.
        let share = try Shared.layout(TestCharts.stackedAreas(normalize: true))
        #expect(share.y.domain.upperBound >= 100 && share.y.domain.upperBound < 110, "\(share.y.domain)")
        let at0 = try probe(TestCharts.stackedAreas(normalize: true), backend, [(0.1, 20), (0.1, 30), (0.1, 70), (0.1, 80)])
        #expect(at0[0].near(RGB(255, 0, 0), 30) && at0[1].near(RGB(0, 255, 0), 30) && at0[2].near(RGB(0, 255, 0), 30)
                && at0[3].near(RGB(0, 0, 255), 30), "\(at0)")
    }

    /// A long stack reduced by M4, line and bases alike, draws what the full stack draws: no seams between areas.
    @Test(arguments: painters)
    func aLongStackReducedByM4KeepsThePicture(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let figures = ParityFigures(try renderer.render(TestCharts.stackedAreas(n: 100_000, decimate: false)),
                                          try renderer.render(TestCharts.stackedAreas(n: 100_000, decimate: true)))
        print("M4 stacked areas (\(backend)): \(figures)")
        #expect(figures.withinShare >= 0.995, "\(figures)")
    }

    @Test func normalizeNeedsAStackOfBarsOrAreas() throws {
        #expect(specError(#"{"series": [{"type": "area", "y": [1, 2], "normalize": true}]}"#)
                == #"series[0].normalize: normalizes a stack: give the series a "stack" name"#)
        #expect(specError(#"{"series": [{"type": "line", "y": [1, 2], "normalize": true}]}"#)
                == #"series[0].normalize: only bars, areas and density series take "normalize"; this series is a line"#)
        let bars = try decodeSpec(#"{"series": [{"type": "bars", "x": [0, 1], "y": [1, 3], "stack": "s", "normalize": true},"#
                                  + #"{"type": "bars", "x": [0, 1], "y": [3, 1], "stack": "s"}]}"#)
        let layout = try Shared.layout(bars)
        #expect(layout.y.domain.upperBound >= 100 && layout.y.domain.upperBound < 110, "100 % bars: \(layout.y.domain)")
        var stackedWithBaseline = TestCharts.stackedAreas()
        stackedWithBaseline.series[1].area.baseline = .value(2)
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(stackedWithBaseline) }
    }
}
