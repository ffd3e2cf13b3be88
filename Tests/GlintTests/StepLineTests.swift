import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// Step lines as users see them: the value held between points, the same on both painters, M4 on long ones
/// keeping the picture, and a step on anything but a line refused.
@Suite struct StepLineTests {
    /// A post step from (0, 0) to (10, 10): the run at y = 0 spans the whole plot until x = 10.
    static func twoPoints(_ step: StepMode?) -> Chart {
        var line = Series.line(x: [0, 10], y: [0, 10], color: Color(rgb: 0xFF0000), width: 3)
        line.line.step = step
        var chart = Chart(width: 300, height: 200, series: [line], legend: Legend(visible: false))
        (chart.x.range, chart.y.range, chart.x.grid, chart.y.grid) = (-1...11, -1...11, false, false)
        return chart
    }

    @Test(arguments: painters)
    func theValueHoldsBetweenPoints(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let layout = try renderer.layout(Self.twoPoints(.post))
        let t = layout.transform
        func probe(_ chart: Chart, _ x: Double, _ y: Double) throws -> RGB {
            let p = t.apply(x, y)
            return RGB(try renderer.render(chart), Int(p.x), Int(p.y))
        }
        let red = RGB(255, 0, 0)
        // post: low then a rise at the end; pre: a rise at the start then high; mid: the rise halfway.
        #expect(try probe(Self.twoPoints(.post), 5, 0).near(red, 40), "post holds 0 until x = 10")
        #expect(try !probe(Self.twoPoints(.post), 5, 5).near(red, 40), "post draws no diagonal")
        #expect(try probe(Self.twoPoints(.pre), 5, 10).near(red, 40), "pre takes 10 from the start")
        #expect(try probe(Self.twoPoints(.mid), 5, 5).near(red, 40), "mid rises at x = 5")
        #expect(try probe(Self.twoPoints(.mid), 2.5, 0).near(red, 40) && probe(Self.twoPoints(.mid), 7.5, 10).near(red, 40))
        #expect(try probe(Self.twoPoints(nil), 5, 5).near(red, 40), "without a step the line is straight")
    }

    static func long(decimate: Bool, antialias: Bool, step: StepMode) -> Chart {
        let n = 60_000
        var line = Series.line(x: Column((0..<n).map(Double.init)), y: Column(SeededGenerator.walk(n, seed: 7)), color: Color(rgb: 0x1F77B4, alpha: 0.8),
                               width: 1.5)
        (line.line.step, line.line.decimate, line.line.antialias) = (step, decimate, antialias)
        return Chart(width: 420, height: 260, series: [line], legend: Legend(visible: false))
    }

    @Test(arguments: StepMode.allCases, painters)
    func aLongStepLineReducedByM4KeepsThePicture(step: StepMode, backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let raw = try renderer.render(Self.long(decimate: false, antialias: false, step: step))
        let m4 = try renderer.render(Self.long(decimate: true, antialias: false, step: step))
        let differing = stride(from: 0, to: raw.pixels.count, by: 4).filter { raw.pixels[$0..<$0 + 4] != m4.pixels[$0..<$0 + 4] }
        #expect(differing.count <= raw.width * raw.height / 1000, "aliased \(step): \(differing.count) pixels differ")
        let smooth = ParityFigures(try renderer.render(Self.long(decimate: false, antialias: true, step: step)),
                                         try renderer.render(Self.long(decimate: true, antialias: true, step: step)))
        print("M4 step \(step) (\(backend)): \(smooth)")
        #expect(smooth.withinShare >= 0.995, "\(smooth)")
    }

    @Test func onlyLinesStep() throws {
        #expect(specError(#"{"series": [{"type": "bars", "y": [1, 2], "step": "post"}]}"#)
                == #"series[0].step: only lines take "step"; this series is a bars ("type": "line")"#)
        #expect(specError(#"{"series": [{"y": [1, 2], "step": "up"}]}"#)
                == #"series[0].step: expected one of "pre", "post", "mid", found "up""#)
        var chart = Self.twoPoints(.pre)
        chart.series[0].kind = .dots
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(chart) }
    }
}
