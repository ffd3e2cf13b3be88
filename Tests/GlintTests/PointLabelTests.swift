import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Text above points: placed over each point, never over another label, read from inline arrays or CSV text.
@Suite struct PointLabelTests {
    func texts(_ chart: Chart) throws -> [TextShape] {
        try Shared.textRuns(chart)
    }

    @Test func labelsSitAboveTheirPointsAndNeverOverlap() throws {
        var series = Series.dots(x: [2, 5, 5.05, 5.02, 8], y: [3, 5, 5.05, 5.02, 7], radius: 4...4)
        series.labels = ["2h 30m", "peak", "too close", "hidden", nil]
        let chart = bareChart([series], width: 400, height: 300)
        let layout = try Shared.layout(chart)
        let measurer = try Shared.text.get()
        let runs = try texts(chart).filter { ["2h 30m", "peak", "too close", "hidden"].contains($0.text) }
        // "too close" would cover "peak" above its point, so it goes below; "hidden" fits neither way.
        #expect(runs.map(\.text) == ["2h 30m", "peak", "too close"])
        for (run, (x, y, above)) in zip(runs, [(2.0, 3.0, true), (5, 5, true), (5.05, 5.05, false)]) {
            let p = layout.transform.apply(x, y)
            let width = measurer.measure(run.text, fontSize: run.fontSize).width
            #expect(abs(run.origin.x + width / 2 - p.x) <= 1, "'\(run.text)' is centred over its point")
            if above {
                #expect(run.origin.y < p.y - 4 && run.origin.y > p.y - 20, "'\(run.text)' sits just above its dot")
            } else {
                #expect(run.origin.y > p.y + 4 && run.origin.y < p.y + 30, "'\(run.text)' sits just below its dot")
            }
        }
        let boxes = runs.map { run -> Rect in
            let m = measurer.measure(run.text, fontSize: run.fontSize)
            return Rect(x: run.origin.x, y: run.origin.y - m.ascent, width: m.width, height: m.lineHeight)
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!(a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY), "labels overlap")
            }
        }
    }

    @Test(arguments: painters)
    func aLabelIsDrawnInItsColour(painter: Backend) throws {
        var series = Series.line(x: [1, 5, 9], y: [2, 5, 2], color: Color(rgb: 0x999999), width: 1)
        series.labels = [nil, "MMMM", nil]
        series.labelStyle.color = Color(rgb: 0x0000FF)
        let chart = bareChart([series], width: 300, height: 200)
        let image = try Shared.renderer(painter).render(chart)
        let p = try Shared.layout(chart).transform.apply(5, 5)
        let blue = (Int(p.x) - 20...Int(p.x) + 20).flatMap { x in (Int(p.y) - 20..<Int(p.y)).map { (x, $0) } }
            .filter { let c = RGB(image, $0.0, $0.1); return c.b > 200 && c.r < 100 }
        #expect(blue.count > 20, "\(painter): the label's pixels are blue above the point")
    }

    @Test func csvLabelsAndBadLengths() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-labels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "month,minutes,text\n1,150,\"2h 30m\"\n2,95,\n3,200,\"say \"\"hi\"\"\"\n".write(to: dir.appendingPathComponent("runs.csv"), atomically: true, encoding: .utf8)
        let chart = try ChartSpec.decode(Array(#"{"series": [{"type": "bars", "data": {"csv": "runs.csv", "x": "month", "y": "minutes", "labels": "text"}}]}"#.utf8),
                                         relativeTo: dir.path)
        #expect(chart.series[0].labels == ["2h 30m", nil, "say \"hi\""])
        #expect(throws: GlintError.badData("series[0]: labels has 2 values but the series has 3 points")) {
            let bad = try ChartSpec.decode(Array(#"{"series": [{"y": [1, 2, 3], "labels": ["a", "b"]}]}"#.utf8), relativeTo: ".")
            _ = try Shared.renderer(.cpu).render(bad)
        }
    }
}
