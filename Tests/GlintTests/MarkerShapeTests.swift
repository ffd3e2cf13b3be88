import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Marker shapes: each drawn by coverage.h's `markerCover` — the same bytes on both raster painters, covering the
/// area of the outline `MarkerShape.outline` gives (what SVG and PDF fill) — in the series' legend sample too;
/// the spec's `shape` read, `"auto"` a shape per series in turn, misuse refused.
@Suite struct MarkerShapeTests {
    /// One black marker of radius 20 in the middle of the plot, on 0…10 by 0…10.
    static func chart(_ marker: MarkerShape) -> Chart {
        var s = Series.dots(x: Column([5.0]), y: Column([5.0]), color: .black)
        s.dots.radius = 20...20
        s.dots.marker = marker
        return bareChart([s], width: 200, height: 200)
    }

    @Test(arguments: MarkerShape.allCases)
    func bothPaintersDrawTheSameBytesCoveringTheOutlinesArea(marker: MarkerShape) throws {
        let cpu = try Shared.renderer(.cpu).render(Self.chart(marker)), gl = try Shared.renderer(.gl).render(Self.chart(marker))
        #expect(cpu.pixels == gl.pixels, "\(marker): the painters differ")
        // The ink: how much darker than white the square of 60 × 60 pixels about the marker is, in pixels of full
        // coverage (nothing else is drawn there).
        let c = try Shared.renderer(.cpu).layout(Self.chart(marker)).transform.apply(5, 5)
        var ink = 0.0
        for y in Int(c.y) - 30..<Int(c.y) + 30 {
            for x in Int(c.x) - 30..<Int(c.x) + 30 { ink += Double(255 - Int(cpu.pixels[(y * cpu.width + x) * 4])) / 255 }
        }
        let outline = marker.outline(Point(0, 0), radius: 20)
        var area = 0.0
        for i in outline.indices {
            let (a, b) = (outline[i], outline[(i + 1) % outline.count])
            area += (a.x * b.y - b.x * a.y) / 2
        }
        let expected = marker == .circle ? Double.pi * 400 : abs(area)
        #expect(abs(ink - expected) < 0.015 * expected, "\(marker): ink \(ink), area \(expected)")
    }

    @Test func autoGivesEachSeriesOfASplitItsShapeInTheLegendToo() throws {
        let chart = try decodeSpec(#"{"width": 400, "height": 240, "series": [{"type": "dots", "x": [1, 2, 3], "y": [1, 2, 3], "split": ["a", "b", "c"], "shape": "auto", "radius": 10}]}"#)
        #expect(chart.series.allSatisfy { $0.dots.markerByIndex })
        let image = try Shared.renderer(.cpu).render(chart), t = try Shared.renderer(.cpu).layout(chart).transform
        // b is a square (half-side 8.9 px): 8 px across and up from its centre it is filled; a's disc (radius 10) is
        // not, 11 px from its centre.
        let p = t.apply(2, 2), corner = RGB(image, Int(p.x + 8), Int(p.y - 8)), discCorner = t.apply(1, 1)
        #expect(!corner.near(.white, 40), "\(corner)")
        #expect(RGB(image, Int(discCorner.x + 8), Int(discCorner.y - 8)).near(.white, 40))
    }

    @Test func theSpecReadsShapesAndRefusesTheirMisuse() throws {
        #expect(try decodeSpec(#"{"series": [{"type": "dots", "y": [1], "shape": "triangle-down"}]}"#).series[0].dots.marker == .triangleDown)
        #expect(try decodeSpec(#"{"series": [{"y": [1], "markers": true, "shape": "star"}]}"#).series[0].dots.marker == .star)
        #expect(specError(#"{"series": [{"type": "dots", "y": [1], "shape": "hexagon"}]}"#).hasPrefix(#"series[0].shape: expected one of "circle", "square""#))
        #expect(specError(#"{"series": [{"type": "bars", "y": [1], "shape": "square"}]}"#)
                == #"series[0].shape: only lines, dot series and stems take "shape"; this series is a bars"#)
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("markers")), named: "markers")
    }
}
