import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Bands around a line: the area between the lower and upper edge filled once in the line's colour under the line,
/// a long band reduced by M4 keeping the picture, split with its series; bad bands refused with their path.
@Suite struct BandTests {
    static let blue = Color(rgb: 0x0000FF)

    /// A level line at 5 over x 0…10 with a band from 3 to 7 that narrows to 4…6 at x = 10.
    static var level: Chart {
        var s = Series.line(x: [0, 10], y: [5, 5], color: blue, width: 3)
        s.band = BandStyle(lower: [3, 4], upper: [7, 6], opacity: 0.5)
        return bareChart([s])
    }

    @Test(arguments: painters)
    func theBandFillsBetweenItsEdgesUnderTheLine(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.level
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        let half = RGB(128, 128, 255)
        #expect(at(1, 6.5).near(half, 3) && at(1, 3.5).near(half, 3) && at(9, 5.8).near(half, 3), "inside: \(at(1, 6.5))")
        #expect(at(1, 7.5) == .white && at(1, 2.5) == .white && at(9, 6.3) == .white, "outside")
        #expect(at(5, 5) == RGB(Self.blue), "the line over the band: \(at(5, 5))")
    }

    static func long(decimate: Bool) -> Chart {
        let n = 100_000
        let walk = SeededGenerator.walk(n, seed: 5)
        var s = Series.line(x: Column((0..<n).map(Double.init)), y: Column(walk), color: Color(rgb: 0x2CA02C), width: 1)
        s.band = BandStyle(lower: Column(walk.map { $0 - 20 }), upper: Column(walk.map { $0 + 20 }), opacity: 0.4)
        s.line.decimate = decimate
        return Chart(width: 420, height: 260, series: [s], legend: Legend(visible: false))
    }

    @Test(arguments: painters)
    func aLongBandReducedByM4KeepsThePicture(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let figures = ParityFigures(try renderer.render(Self.long(decimate: false)), try renderer.render(Self.long(decimate: true)))
        #expect(figures.withinShare >= 0.995, "\(figures)")
    }

    /// Found by the spec fuzzer: a run of points between gaps that all share one x ended the range of the lower
    /// edge's points before it began.
    @Test(arguments: painters)
    func repeatedPositionsDrawWithoutATrap(backend: Backend) throws {
        var s = Series.line(x: [1, 1, 1, 2, 3], y: [3, 4, 5, 5, 6], color: Self.blue)
        s.band = BandStyle(lower: [2, 3, 4, 4, 5], upper: [4, 5, 6, .nan, 7])
        let image = try Shared.renderer(backend).render(bareChart([s]))
        #expect(image.width == 300)
    }

    @Test func theSpecReadsBandsAndSplitSplitsThem() throws {
        let chart = GoldenCharts.example("band")
        let band = try #require(chart.series.first?.band)
        #expect(band.lower.count == 1461 && band.upper.count == 1461 && band.opacity == 0.3)
        let split = try decodeSpec(#"{"series": [{"y": [1, 2, 3], "band": {"lower": [0, 1, 2], "upper": 5}, "split": ["a", "b", "a"]}]}"#)
        #expect(split.series.map { $0.band?.lower.doubles ?? [] } == [[0, 2], [1]] && split.series[0].band?.upper.doubles == [5, 5])
    }

    @Test func badBandsAreRefusedWithTheirPath() {
        #expect(specError(#"{"series": [{"y": [1, 2], "band": {"lower": [0, 1]}}]}"#) == "series[0].band.upper: missing")
        #expect(specError(#"{"series": [{"y": [1, 2], "band": {"lower": 0, "upper": 3, "opacity": 2}}]}"#)
                == "series[0].band.opacity: expected 0 to 1, found 2.0")
        #expect(specError(#"{"series": [{"y": [1, 2], "band": {"lower": "lo", "upper": 3}}]}"#)
                .hasPrefix(#"series[0].band.lower: no column named "lo": no columns were given with the spec"#))
        var bars = Self.level
        bars.series[0].kind = .bars
        #expect(throws: GlintError.badValue(path: "series[0].band", message: "bands go around lines and dot series; this series is a bars")) {
            try Shared.renderer(.cpu).render(bars)
        }
    }
}
