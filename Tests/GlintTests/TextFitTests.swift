import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Text stays inside the image and off other text at every size, as a reader would check it by eye.
@Suite struct TextFitTests {
    /// A text run's box in pixels: from its origin along the baseline (rotated runs go upwards).
    struct Box: CustomStringConvertible {
        let text: String
        let x0: Double, y0: Double, x1: Double, y1: Double

        init(_ run: TextShape, measurer: TextMeasuring) {
            let m = measurer.measure(run.text, fontSize: run.fontSize)
            text = run.text
            switch run.rotation {
            case .none:
                (x0, y0, x1, y1) = (run.origin.x, run.origin.y - m.ascent, run.origin.x + m.width, run.origin.y + m.descent)
            case .counterClockwise:
                (x0, y0, x1, y1) = (run.origin.x - m.ascent, run.origin.y - m.width, run.origin.x + m.descent, run.origin.y)
            case .rising:
                // Along the baseline (h, -h), towards the foot (h, h), h = sin 45°.
                let h = 0.5.squareRoot(), o = run.origin
                let corners = [(0.0, -m.ascent), (m.width, -m.ascent), (m.width, m.descent), (0.0, m.descent)]
                    .map { u, v in (o.x + (u + v) * h, o.y + (v - u) * h) }
                (x0, y0) = (corners.map(\.0).min()!, corners.map(\.1).min()!)
                (x1, y1) = (corners.map(\.0).max()!, corners.map(\.1).max()!)
            }
        }

        init(_ rect: Rect) {
            text = "legend box"
            (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX, rect.maxY)
        }

        func overlaps(_ other: Box) -> Bool {
            // One pixel of grace: anti-aliased edges of neighbours may share a pixel column.
            x0 < other.x1 - 1 && other.x0 < x1 - 1 && y0 < other.y1 - 1 && other.y0 < y1 - 1
        }

        var description: String { "'\(text)' [\(Int(x0))…\(Int(x1)) × \(Int(y0))…\(Int(y1))]" }
    }

    static let sizes = [(160, 100), (200, 120), (240, 160), (320, 200), (480, 300), (800, 500)]

    func scene(_ chart: Chart) throws -> (Scene, [Box]) {
        let measurer = try Shared.text.get()
        let scene = try SceneBuilder.build(chart, measurer: measurer, threads: 2)
        let runs = scene.commands.flatMap { command -> [TextShape] in
            if case let .text(runs) = command.shape { return runs }
            return []
        }
        return (scene, runs.map { Box($0, measurer: measurer) })
    }

    @Test(arguments: sizes)
    func everyRunIsInsideTheImageAndOffEveryOther(width: Int, height: Int) throws {
        let chart = GoldenCharts.small(width, height)
        let (scene, boxes) = try scene(chart)
        #expect(!boxes.isEmpty)
        for box in boxes {
            #expect(box.x0 >= 0 && box.y0 >= 0 && box.x1 <= Double(width) && box.y1 <= Double(height),
                    "\(width)x\(height): \(box) leaves the image")
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(!a.overlaps(b), "\(width)x\(height): \(a) covers \(b)")
            }
        }
        // The legend, when drawn, keeps off every run that is not its own.
        let layout = try Shared.layout(chart)
        let legend = LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get())
        if let box = legend.box {
            let own = Set(legend.labels)
            for run in boxes where !own.contains(run.text) {
                #expect(!Box(box).overlaps(run), "\(width)x\(height): the legend covers \(run)")
            }
        } else {
            // (A title too long to keep three characters at 160 × 100 is named in a notice of its own.)
            #expect(scene.notices.contains { $0.hasPrefix("legend left out: ") && $0.contains(" px and the room for it is ") },
                    "a legend left out says so: \(scene.notices)")
        }
    }

    @Test func longTitlesEndInAnEllipsisAndShortOnesAreKept() throws {
        let (_, small) = try scene(GoldenCharts.small(320, 200))
        let title = try #require(small.first { $0.text.hasPrefix("Quarterly") })
        #expect(title.text.hasSuffix("…") && title.text.count < 50, "\(title)")
        #expect(small.contains { $0.text.hasPrefix("Revenue in") && $0.text.hasSuffix("…") })
        #expect(small.contains { $0.text.hasPrefix("Fiscal quarter") && $0.text.hasSuffix("…") })
        let (_, large) = try scene(GoldenCharts.small(1600, 900))
        #expect(large.contains { $0.text == "Quarterly revenue by region and product line, 2019–2024" })
        #expect(large.contains { $0.text == "Revenue in thousands of US dollars (adjusted)" })
    }

    /// A title wider than its row is wrapped at a space onto a second line, centred under the first, where the
    /// frame is tall enough (480 × 300; at 320 × 200 it is shortened, above); `glint layout` keeps what the second
    /// line's shortening cut. A word wider than the row is shortened on one line.
    @Test func longTitlesWrapOntoASecondLineWhereTheChartIsTallEnough() throws {
        let title = "Quarterly revenue by region and product line, 2019–2024"
        let report = try Shared.renderer(.cpu).layoutReport(GoldenCharts.small(380, 300))
        let lines = report.texts.filter { $0.role.kind == .title }
        #expect(lines.map(\.text) == ["Quarterly revenue by region and product", "line, 2019–2024"], "\(lines.map(\.text))")
        if lines.count == 2 {
            #expect(lines[1].box.y >= lines[0].box.maxY - 1 && abs(lines[1].box.center.x - lines[0].box.center.x) < 2, "\(lines.map(\.box))")
            #expect(report.plot.y > lines[1].box.maxY && report.collisions.isEmpty)
        }
        let measurer = try Shared.text.get()
        let narrow = TextFitting.wrapped(title, fontSize: 17, maxWidth: 150, measurer: measurer)
        #expect(narrow.count == 2 && narrow[0] + " " + narrow[1] == title, "the second line is shortened when drawn: \(narrow)")
        #expect(TextFitting.wrapped("Supercalifragilisticexpialidocious", fontSize: 17, maxWidth: 150, measurer: measurer).count == 1)
        // A title whose row keeps fewer than three of its characters is left out, and said, not drawn as a stub.
        let tiny = Chart(width: 40, height: 300, title: "Revenue", series: [.line(x: [0, 1], y: [0, 1])])
        let tinyReport = try Shared.renderer(.cpu).layoutReport(tiny)
        #expect(!tinyReport.texts.contains { $0.role.kind == .title } && tinyReport.notices.contains { $0.hasPrefix("title \"Revenue\" left out") },
                "\(tinyReport.texts.filter { $0.role.kind == .title }.map(\.text)) \(tinyReport.notices)")
        #expect(TextFitting.wrapped(title, fontSize: 17, maxWidth: 2000, measurer: measurer) == [title])
    }

    @Test func crowdedTickLabelsAreThinnedNotOverlapped() throws {
        // Ten-digit labels every tick on a narrow chart: only every second (or third) label remains.
        let chart = Chart(width: 260, height: 160, x: Axis(range: 1_000_000_000...1_000_000_100),
                          series: [.line(x: [1_000_000_000, 1_000_000_100], y: [0, 1])], legend: Legend(visible: false))
        let layout = try Shared.layout(chart)
        let (_, boxes) = try scene(chart)
        let xLabels = boxes.filter { layout.x.labels.contains($0.text) && $0.y0 > layout.plot.maxY }
        #expect(xLabels.count < layout.x.labels.count, "some of \(layout.x.labels) are left out")
        #expect(xLabels.count >= 2)
        for (a, b) in zip(xLabels, xLabels.dropFirst()) {
            #expect(!a.overlaps(b), "\(a) covers \(b)")
        }
    }

    @Test func aShortenedLegendLabelIsANamedPrefix() throws {
        let chart = GoldenCharts.small(320, 200)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        #expect(legend.box != nil)
        for (label, series) in zip(legend.labels, chart.series) {
            #expect(label.hasSuffix("…") && series.name.hasPrefix(label.dropLast()), "\(label)")
            #expect(label.count - 1 >= LegendLayout.minimumLabel)
        }
    }
}
