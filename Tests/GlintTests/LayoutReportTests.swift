import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// `glint layout` and `Renderer.layoutReport`: every element the layout placed, each text with its role and box.
@Suite struct LayoutReportTests {
    static let chart: Chart = {
        var labelled = Series.bars(name: "minutes", x: [0, 1, 2, 3], y: [120, 250, 90, 180])
        labelled.labelStyle.values = true
        var chart = Chart(width: 640, height: 400, title: "Time per task", x: Axis(title: "task"), y: Axis(title: "minutes"),
                          series: [labelled, .line(name: "goal", x: [0, 3], y: [150, 160])])
        chart.references = [.line(at: 200, label: "budget")]
        return chart
    }()

    /// The boxes of every text run of `report` whose role is `kind`.
    static func texts(_ report: LayoutReport, _ kind: TextRole.Kind) -> [LayoutReport.PlacedText] {
        report.texts.filter { $0.role.kind == kind }
    }

    @Test func everyTextIsNamedByItsRole() throws {
        let report = try Shared.renderer(.cpu).layoutReport(LayoutReportTests.chart)
        #expect(report.width == 640 && report.height == 400)
        #expect(LayoutReportTests.texts(report, .title).map(\.text) == ["Time per task"])
        #expect(Set(LayoutReportTests.texts(report, .axisTitle).compactMap(\.role.axis)) == ["x", "y"])
        let xTicks = LayoutReportTests.texts(report, .tickLabel).filter { $0.role.axis == "x" }
        let yTicks = LayoutReportTests.texts(report, .tickLabel).filter { $0.role.axis == "y" }
        #expect(xTicks.count >= 3 && yTicks.count >= 3, "\(xTicks.map(\.text)) \(yTicks.map(\.text))")
        // Tick labels sit below the plot (x) and left of it (y).
        #expect(xTicks.allSatisfy { $0.box.y >= report.plot.maxY } && yTicks.allSatisfy { $0.box.maxX <= report.plot.x })
        // Value labels name their series and point; the reference label its reference.
        let values = LayoutReportTests.texts(report, .pointLabel)
        #expect(values.map(\.text).sorted() == ["120", "180", "250", "90"], "\(values.map(\.text))")
        #expect(values.allSatisfy { $0.role.series == 0 } && Set(values.compactMap(\.role.index)) == [0, 1, 2, 3])
        #expect(LayoutReportTests.texts(report, .referenceLabel).map(\.text) == ["budget"])
        #expect(LayoutReportTests.texts(report, .referenceLabel).first?.role.index == 0)
        // The legend: its box holds its entries, which name their series.
        let legend = try #require(report.legends.first)
        let box = try #require(legend.box)
        let entries = LayoutReportTests.texts(report, .legendEntry)
        #expect(legend.id == "series" && legend.kind == "series")
        #expect(entries.map(\.text) == ["minutes", "goal"] && entries.map(\.role.series) == [0, 1])
        #expect(entries.allSatisfy { box.insetBy(-0.5).contains(Point($0.box.x, $0.box.y)) && $0.box.maxX <= box.maxX + 0.5 })
        // Axes: their ticks' pixels run along the plot.
        let x = try #require(report.axes.first { $0.name == "x" })
        #expect(x.ticks.allSatisfy { $0.pixel >= report.plot.x - 0.5 && $0.pixel <= report.plot.maxX + 0.5 })
        #expect(report.axes.map(\.name) == ["x", "y"])
    }

    /// `marks`: every series' mark as drawn — a bar per value where its value puts it, dots as their squares, a
    /// line's points — and `collisions` finds a label struck through by a bar it does not belong to.
    @Test func marksAreReportedWhereTheyAreDrawn() throws {
        var chart = Chart(width: 480, height: 300, series: [.bars(name: "n", x: [0, 1, 2], y: [1, 3, 2]),
                                                            .dots(name: "d", x: [0.5, 1.5], y: [2, 2], radius: 4...4),
                                                            .line(name: "l", x: [0, 2], y: [0.5, 0.5])])
        chart.legend.visible = false
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let bars = report.marks.filter { $0.kind == .rect && $0.series == 0 }, dots = report.marks.filter { $0.kind == .dot }
        #expect(bars.count == 3 && dots.count == 2 && report.marks.filter { $0.kind == .point && $0.series == 2 }.count == 2)
        let y = try #require(report.axes.first { $0.name == "y" })
        let top = report.plot.maxY - (3 - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound) * report.plot.height
        #expect(abs(bars[1].box.y - top) <= 1 && abs(bars[1].box.maxY - report.plot.maxY) <= 1, "\(bars[1].box)")
        #expect(dots.allSatisfy { abs($0.box.width - 8) <= 0.01 }, "\(dots)")
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        // Text written across the tallest bar's edge (the layout never places it there) is struck through by it;
        // written inside the bar, it is not.
        let measurer = try Shared.text.get()
        let (scene, layout) = try SceneBuilder.laidOut(chart, measurer: measurer, threads: 1)
        func judged(at x: Double) -> [Collision] {
            var written = scene
            written.commands.append(SceneCommand(.text([TextShape("struck", origin: Point(x, bars[1].box.center.y), fontSize: 12, color: .black)])))
            return LayoutReport(chart: chart, scene: written, layout: layout, measurer: measurer).collisions
        }
        #expect(judged(at: bars[1].box.x - 10).contains { $0.kind == .textMark && $0.subjects == ["struck"] })
        #expect(judged(at: bars[1].box.x + 4).isEmpty)
    }

    @Test func aLogAxisReportsDataValues() throws {
        let chart = Chart(width: 400, height: 300, y: Axis(scale: .log), series: [.line(x: [0, 1, 2], y: [1, 100, 10_000])])
        let y = try #require(try Shared.renderer(.cpu).layoutReport(chart).axes.first { $0.name == "y" })
        #expect(y.scale == "log" && y.range.lowerBound <= 1 && y.range.upperBound >= 10_000, "\(y.range)")
        #expect(y.ticks.map(\.value).contains(100), "ticks are data values, not decades: \(y.ticks.map(\.value))")
    }

    @Test func theCLIPrintsTheReportAsJSON() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try GlintCommand.run(["layout", "\(repositoryRoot.path)/Examples/bars.json",
                                 "--width", "480", "--height", "300"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let image = try #require(object["image"] as? [String: Int])
        #expect(image == ["width": 480, "height": 300])
        let texts = try #require(object["texts"] as? [[String: Any]])
        #expect(!texts.isEmpty)
        for text in texts {
            let box = try #require(text["box"] as? [String: Double]), role = try #require(text["role"] as? [String: Any])
            #expect(text["text"] is String && role["kind"] is String)
            #expect(box["x"]! >= 0 && box["y"]! >= 0 && box["x"]! + box["width"]! <= 480 && box["y"]! + box["height"]! <= 300,
                    "\(text["text"] ?? "") leaves the image: \(box)")
        }
        #expect(object["plot"] is [String: Double] && object["axes"] is [[String: Any]] && object["notices"] is [String])
        #expect(GlintCommand.files(dir).isEmpty, "layout writes nothing")
    }

    @Test func anOutputInAFormatGlintDoesNotWriteIsAUsageError() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["chart.JPG", "out/chart.webp", "chart.tiff"] {
            let run = try GlintCommand.run(["demo", "-o", name], in: dir)
            #expect(run.status == 64, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("is not a format Glint writes; formats: png, svg, pdf"), "\(run.stderr)")
        }
        #expect(GlintCommand.files(dir).isEmpty, "nothing was written")
        for name in ["chart.PNG", "chart"] {
            #expect(try GlintCommand.run(["demo", "-o", name, "--width", "120", "--height", "80"], in: dir).status == 0, "\(name)")
        }
    }
}

/// Placement over every example at sizes from 320×200 to 1920×1080: no text leaves the image, and no two pieces of
/// text overlap (a label that finds no room is left out with a notice instead).
@Suite struct PlacementTests {
    static let examples = repositoryRoot.appendingPathComponent("Examples")
    static let sizes = [(320, 200), (480, 300), (640, 400), (1280, 720), (1920, 1080)]

    /// Whether two boxes share more than half a pixel each way (touching boxes do not count).
    static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX - 0.5 && b.x < a.maxX - 0.5 && a.y < b.maxY - 0.5 && b.y < a.maxY - 0.5
    }

    @Test func noTextOverlapsOrLeavesTheImage() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: PlacementTests.examples.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(specs.count >= 14)
        var checked = 0
        for name in specs {
            let bytes = [UInt8](try Data(contentsOf: PlacementTests.examples.appendingPathComponent(name)))
            for (width, height) in PlacementTests.sizes {
                var chart = try ChartSpec.decode(bytes, relativeTo: PlacementTests.examples.path)
                (chart.width, chart.height, chart.scale) = (width, height, 1)
                let report = try Shared.renderer(.cpu).layoutReport(chart)
                let image = Rect(x: 0, y: 0, width: Double(report.width), height: Double(report.height))
                for text in report.texts {
                    #expect(image.insetBy(-0.5).contains(Point(text.box.x, text.box.y))
                            && text.box.maxX <= image.maxX + 0.5 && text.box.maxY <= image.maxY + 0.5,
                            "\(name) at \(width)×\(height): '\(text.text)' (\(text.role.kind.rawValue)) leaves the image: \(text.box)")
                }
                // Slanted tick labels are parallel: their upright boxes overlap where their text does not (they are
                // thinned by their distance across the slant, checked in TurnedTickLabelTests).
                let slanted = { (t: LayoutReport.PlacedText) in t.rotation == .rising && t.role.kind == .tickLabel && t.role.axis == "x" }
                for (i, a) in report.texts.enumerated() {
                    for b in report.texts[(i + 1)...] where PlacementTests.overlap(a.box, b.box) && !(slanted(a) && slanted(b)) {
                        Issue.record("\(name) at \(width)×\(height): '\(a.text)' (\(a.role.kind.rawValue)) overlaps '\(b.text)' (\(b.role.kind.rawValue))")
                    }
                }
                try PlacementTests.expectLegendsClearOfData(chart, report: report, "\(name) at \(width)×\(height)")
                checked += 1
            }
        }
        #expect(checked == specs.count * PlacementTests.sizes.count)
    }

    /// No legend the layout placed itself (not pinned) holds a data point of `chart` unless a notice says so.
    static func expectLegendsClearOfData(_ chart: Chart, report: LayoutReport, _ context: String) throws {
        let layout = try Shared.layout(chart)
        for legend in chart.allLegends where legend.visible && !legend.pinned {
            guard let box = report.legends.first(where: { $0.id == legend.id })?.box,
                  !report.notices.contains(where: { $0.hasPrefix("legend '\(legend.id)' covers data") }) else { continue }
            for s in chart.series where s.visible {
                for (x, y) in zip(s.x, s.y) where box.contains(layout.transform(for: s).apply(x, y)) {
                    Issue.record("\(context): legend '\(legend.id)' at \(box) covers (\(x), \(y)) of '\(s.name)'")
                }
            }
        }
    }

    @Test func aColourBarShortensToItsRoomInsteadOfVanishing() throws {
        // At 320×200 the bar's 300 px do not fit beside the plot: it is drawn as long as the room allows.
        let bytes = [UInt8](try Data(contentsOf: PlacementTests.examples.appendingPathComponent("legend-colorbar.json")))
        for (width, height) in [(320, 200), (480, 300)] {
            var chart = try ChartSpec.decode(bytes, relativeTo: PlacementTests.examples.path)
            (chart.width, chart.height) = (width, height)
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            let box = try #require(report.legends.first { $0.kind == "colorbar" }?.box, "\(width)×\(height): \(report.notices)")
            #expect(box.maxY <= Double(height) && box.maxX <= Double(width) && report.notices.isEmpty, "\(box) \(report.notices)")
            #expect(report.texts.filter { $0.role.kind == .colorBarLabel }.count >= 3)
        }
    }

    @Test func theAutoRangeLeavesRoomForTheTallestBarsLabel() throws {
        // Examples/bars.json lost "250 min", its tallest bar's label, for want of room above it.
        let bytes = [UInt8](try Data(contentsOf: PlacementTests.examples.appendingPathComponent("bars.json")))
        let report = try Shared.renderer(.cpu).layoutReport(try ChartSpec.decode(bytes, relativeTo: PlacementTests.examples.path))
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.count == 12 && labels.contains { $0.text == "250 min" }, "\(labels.map(\.text))")
        // "2h 30m" is wider than its bar: it reads upwards above it (level, it found no room beside the taller bar).
        #expect(labels.allSatisfy { $0.box.y >= report.plot.y } && report.notices.isEmpty, "\(report.notices)")
        #expect(labels.first { $0.text == "2h 30m" }?.rotation == .counterClockwise)
        // Horizontal bars: room right of the longest bar for its label ("244" went inside its bar before).
        let horizontal = try ChartSpec.decode([UInt8](try Data(contentsOf: PlacementTests.examples.appendingPathComponent("horizontal-bars.json"))),
                                              relativeTo: PlacementTests.examples.path)
        let across = try Shared.renderer(.cpu).layoutReport(horizontal)
        let longest = try #require(across.texts.first { $0.role.kind == .pointLabel && $0.text == "244" })
        let end = try Shared.layout(horizontal).transform.apply(244, 0).x
        #expect(longest.box.x > end && longest.box.maxX <= across.plot.maxX,
                "past the bar's end, inside the plot: \(longest.box), plot \(across.plot)")
        // Negative values: room below the lowest bar's end for its label.
        var bars = Series.bars(name: "change", x: [0, 1, 2], y: [40, -90, 25])
        bars.labelStyle.values = true
        let signed = try Shared.renderer(.cpu).layoutReport(Chart(width: 400, height: 240, series: [bars]))
        #expect(signed.texts.filter { $0.role.kind == .pointLabel }.map(\.text).sorted() == ["-90", "25", "40"], "\(signed.notices)")
    }

    @Test func aTallLegendFlowsIntoColumnsInsteadOfVanishing() throws {
        // Twelve entries need a few pixels more than the plot's height in one column: they take two.
        let series = (0..<12).map { Series.line(name: "sensor \($0)", x: [0, 1], y: [Double($0), Double($0) + 1]) }
        var chart = Chart(width: 640, height: 250, series: series)
        chart.legend.placement = .outside
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let entries = report.texts.filter { $0.role.kind == .legendEntry }
        #expect(entries.count == 12 && report.notices.isEmpty, "\(entries.map(\.text)) \(report.notices)")
        #expect(Set(entries.map(\.box.x)).count == 2, "two columns")
        #expect(try #require(report.legends.first?.box).maxY <= 250)
    }

    @Test func theTitleTakesTheTopRowAboveOutsideLegends() throws {
        let series = (0..<6).map { Series.line(name: "service \($0)", x: [0, 1, 2], y: [Double($0), Double($0) + 1, Double($0)]) }
        for position in [LegendPosition.top, .right] {
            var chart = Chart(width: 480, height: 300, title: "Weekly throughput by service and region, all of them", series: series)
            (chart.legend.placement, chart.legend.position) = (.outside, position)
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            let title = try #require(report.texts.first { $0.role.kind == .title })
            let legend = try #require(report.legends.first?.box)
            #expect(title.box.maxY <= legend.y, "\(position): the title is above the legend")
            #expect(title.text == chart.title, "\(position): the title has the image's width, not the plot's: \(title.text)")
            if position == .top { #expect(legend.maxY <= report.plot.y, "the legend lies between the title and the plot") }
        }
    }

    @Test func aReferenceLabelKeepsOffTheDataMarkers() throws {
        // Big dots just above the right end of a reference line, where its label would go first.
        let dots = Series.dots(name: "d", x: [0, 8.6, 9.3, 10], y: [0, 5.4, 5.4, 10], radius: 9...9)
        var chart = Chart(width: 480, height: 300, x: Axis(range: 0...10), y: Axis(range: 0...10), series: [dots], legend: Legend(visible: false))
        chart.references = [.line(at: 5, label: "target")]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let layout = try Shared.layout(chart)
        let label = try #require(report.texts.first { $0.role.kind == .referenceLabel }, "\(report.notices)")
        for (x, y) in zip(dots.x, dots.y) {
            let c = layout.transform.apply(x, y)
            let disc = Rect(x: c.x - 9, y: c.y - 9, width: 18, height: 18)
            #expect(!disc.insetBy(1).intersects(label.box), "'target' at \(label.box) covers the dot at (\(x), \(y))")
        }
        #expect(label.box.maxY <= layout.transform.apply(0, 5).y + 1 || label.box.y >= layout.transform.apply(0, 5).y - 1,
                "beside its line: \(label.box)")
    }

    /// A line that crosses a reference line under both ends of it, where its label goes first, and a legend over
    /// the left end: the label slides along its line to a place no line strikes through.
    @Test func aReferenceLabelSlidesAlongItsLineClearOfTheDataLines() throws {
        let line = Series.line(name: "distance", x: [0, 1, 2, 8, 9, 10], y: [0, 9, 0, 0, 9, 0])
        var chart = Chart(width: 480, height: 300, x: Axis(range: 0...10), y: Axis(range: 0...10), series: [line])
        chart.references = [.line(at: 5, label: "goal: 5 km")]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        let label = try #require(report.texts.first { $0.role.kind == .referenceLabel }, "\(report.notices)")
        let layout = try Shared.layout(chart)
        #expect(label.box.x > layout.transform.apply(2, 0).x && label.box.maxX < layout.transform.apply(8, 0).x,
                "between the crossings: \(label.box)")
    }

    @Test func labelsKeepClearOfTheLegendAndReferenceLabelsWithANotice() throws {
        // Bars whose value labels would sit under the inside legend, and a reference label that would overlap them.
        var bars = Series.bars(name: "a", x: [0, 1, 2, 3], y: [9, 9.5, 9, 9.5])
        bars.labelStyle.values = true
        var chart = Chart(width: 320, height: 200, y: Axis(range: 0...10), series: [bars], legend: Legend(position: .topLeft))
        chart.legend.showsLoneSeries = true
        chart.references = [.line(at: 9.8, label: "a long reference label across the plot")]
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let legend = try #require(report.legends.first?.box)
        for text in report.texts where text.role.kind == .pointLabel || text.role.kind == .referenceLabel {
            #expect(!PlacementTests.overlap(text.box, legend), "'\(text.text)' is under the legend")
        }
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.count < 4 && report.notices.contains { $0.hasPrefix("series[0]: \(4 - labels.count) of 4 value labels left out") },
                "\(labels.map(\.text)) \(report.notices)")
    }
}

/// The empty view: with no data and no ranges, the title and the empty text alone; with a range, its axes too.
@Suite struct EmptyViewTests {
    @Test func noDataAndNoRangeShowsTheTitleAndTheTextAlone() throws {
        var chart = Chart(width: 400, height: 240, title: "Runs", x: Axis(title: "day"), series: [.line(name: "runs", x: [], y: [])],
                          emptyText: "No runs yet")
        var report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.texts.map(\.role.kind) == [.title, .emptyText], "\(report.texts.map(\.text))")
        #expect(report.legends.allSatisfy { $0.box == nil } && report.notices.isEmpty)
        for backend in painters {
            let image = try Shared.renderer(backend).render(chart)
            // Where the axis line and the legend were: background.
            #expect(RGB(image, Int(report.plot.x), Int(report.plot.maxY) - 1) == .white, "\(backend)")
            #expect(RGB(image, Int(report.plot.maxX) - 30, Int(report.plot.y) + 20) == .white, "\(backend)")
        }
        // A range given: its axes and ticks stay, the text is in the plot.
        chart.x.range = 0...7
        report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.texts.contains { $0.role.kind == .tickLabel && $0.role.axis == "x" })
        #expect(report.texts.contains { $0.role.kind == .emptyText })
    }
}

/// A dot without a size is not drawn, and said so.
@Suite struct MissingSizeTests {
    @Test func dotsWithoutASizeAreCountedInANotice() throws {
        let chart = try decodeSpec(#"{"width": 300, "height": 200, "series": [{"type": "dots", "y": [1, 2, 3, 4], "size": [1, null, 3, null]}]}"#)
        let image = try Shared.renderer(.cpu).render(chart)
        #expect(image.notices.contains(#"series[0]: 2 of 4 points have no size (null or not finite) and are not drawn; give each a size, or leave out "size" for dots of one radius"#),
                "\(image.notices)")
        let whole = try decodeSpec(#"{"series": [{"type": "dots", "y": [1, 2], "size": [1, 2]}, {"type": "dots", "y": [null, 2], "size": [null, 2]}]}"#)
        #expect(try Shared.renderer(.cpu).render(whole).notices.isEmpty, "a gap in the position is a gap, not a missing size")
    }
}

/// A value label that only fits inside its bar contrasts with the bar's fill.
@Suite struct InsideLabelTests {
    @Test(arguments: [(UInt32(0x1F4E79), Color.white), (UInt32(0xFFDD55), Color(rgb: 0x1A1A1A))] as [(UInt32, Color)])
    func aLabelInsideItsBarContrastsWithTheFill(fill: UInt32, expected: Color) throws {
        // The range ends at the bar's top: there is no room above it, so its label goes inside.
        var bars = Series.bars(name: "a", x: [0, 1], y: [10, 4], color: Color(rgb: fill))
        bars.labelStyle.values = true
        let chart = Chart(width: 300, height: 200, y: Axis(range: 0...10), series: [bars], legend: Legend(visible: false))
        let labels = try Shared.textRuns(chart).filter { $0.role.kind == .pointLabel }
        let inside = try #require(labels.first { $0.text == "10" }), above = try #require(labels.first { $0.text == "4" })
        #expect(inside.color == expected, "\(inside.color)")
        #expect(above.color == chart.theme.text, "a label above its bar keeps the text colour")
        // Its pixels: the label's text colour shows inside the bar.
        let image = try Shared.renderer(.cpu).render(chart)
        let box = TextPlacerProbe.box(inside)
        let pixels = (Int(box.x)..<Int(box.maxX)).flatMap { x in (Int(box.y)..<Int(box.maxY)).map { RGB(image, x, $0) } }
        #expect(pixels.contains { $0.near(RGB(expected), 40) }, "the label is drawn in \(expected)")
    }
}

/// A text run's box as the layout reports it, for probes.
enum TextPlacerProbe {
    static func box(_ run: TextShape) -> Rect {
        let m = (try? Shared.text.get())!.measure(run.text, fontSize: run.fontSize)
        return Rect(x: run.origin.x, y: run.origin.y - m.ascent, width: m.width, height: m.lineHeight)
    }
}
