import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Annotations as users see them: a note beside its point (above right where that is free), an arrow from the note
/// to the point, a box when asked, kept clear of legends, other text and the data's marks, the point inside the auto
/// range; notes without a place left out with a notice; bad notes refused with their path.
@Suite struct AnnotationTests {
    /// No note's arrow runs through another note's text, and no note's text covers another note's point: five notes
    /// scattered in a small area, in eight arrangements.
    @Test func arrowsCrossNoOtherNote() throws {
        var random = SeededGenerator(seed: 11)
        for arrangement in 0..<8 {
            var chart = Chart(width: 640, height: 400, series: [.line(x: [0, 10], y: [0, 0.1])])
            (chart.x.range, chart.y.range) = (0...10, 0...10)
            chart.annotations = (0..<5).map { k in
                Annotation(x: 3 + 4 * random.next(), y: 3 + 4 * random.next(), text: "note \(k) says hi")
            }
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            let plot = report.plot
            func pixel(_ a: Annotation) -> Point { Point(plot.x + a.x / 10 * plot.width, plot.maxY - a.y / 10 * plot.height) }
            let boxes = Dictionary(uniqueKeysWithValues: report.texts.filter { $0.role.kind == .annotation }.map { ($0.role.index!, $0.box) })
            #expect(boxes.count == 5, "arrangement \(arrangement): \(report.notices)")
            for (i, box) in boxes {
                let (from, to) = (box.center, pixel(chart.annotations[i]))
                for k in 1..<100 {
                    let q = Point(from.x + (to.x - from.x) * Double(k) / 100, from.y + (to.y - from.y) * Double(k) / 100)
                    for (j, other) in boxes where j != i && other.insetBy(0.5).contains(q) {
                        Issue.record("arrangement \(arrangement): note \(i)'s arrow crosses note \(j)'s text")
                    }
                }
            }
        }
    }

    static func chart(_ annotations: [Annotation], series: [Series] = [.line(x: [0, 10], y: [0, 10])]) -> Chart {
        var chart = Chart(width: 400, height: 300, series: series, legend: Legend(visible: false))
        chart.annotations = annotations
        return chart
    }

    static func noteBox(_ chart: Chart) throws -> Rect? {
        try Shared.renderer(.cpu).layoutReport(chart).texts.first { $0.role.kind == .annotation }?.box
    }

    @Test(arguments: painters)
    func aNoteSitsAboveRightOfItsPointWithAnArrowToIt(backend: Backend) throws {
        let chart = Self.chart([Annotation(x: 3, y: 6, text: "here", color: Color(rgb: 0xD62728))])
        let renderer = try Shared.renderer(backend), layout = try renderer.layout(chart)
        let point = layout.transform.apply(3, 6), box = try #require(try Self.noteBox(chart))
        #expect(box.x > point.x && box.maxY < point.y, "above right: \(box) of \(point)")
        // A note on the rising line itself would be struck through above right of its point: it goes above left.
        let onLine = Self.chart([Annotation(x: 3, y: 3, text: "here")])
        let at = layout.transform.apply(3, 3), moved = try #require(try Self.noteBox(onLine))
        #expect(moved.maxX < at.x && moved.maxY < at.y, "above left: \(moved) of \(at)")
        // The arrow's head, a few pixels up and right of the point, is in the note's colour.
        let image = try renderer.render(chart)
        let head = (1...8).contains { k in RGB(image, Int(point.x) + k, Int(point.y) - k).near(RGB(Color(rgb: 0xD62728)), 60) }
        #expect(head)
    }

    @Test func notesKeepClearOfBarsAndTakeTheirPointsIntoTheRange() throws {
        // A tall bar right of the point takes the above-right place; the note goes above left.
        let bars = Series.bars(x: [5], y: [10])
        let chart = Self.chart([Annotation(x: 4.2, y: 2, text: "beside the bar")], series: [.line(x: [0, 10], y: [0, 1]), bars])
        let layout = try Shared.layout(chart), box = try #require(try Self.noteBox(chart)), point = layout.transform.apply(4.2, 2)
        #expect(box.maxX < point.x, "left of the point, clear of the bar: \(box) at \(point)")
        let high = Self.chart([Annotation(x: 5, y: 25, text: "far above")])
        #expect(try Shared.layout(high).y.domain.upperBound >= 25)
    }

    /// A note on a dense wave's crest (its highest point): the auto range leaves room above the crest, so the note
    /// goes there, clear of the line, not over the wave; the same on the lowest point, below it. A given range
    /// leaves no room.
    @Test func aNoteOnTheHighestPointGetsRoomAboveTheData() throws {
        let x: [Double] = (0..<400).map { Double($0) / 10 }
        let y: [Double] = x.map { sin($0) * 10 + sin($0 * 7) * 2 }
        let top = y.indices.max { y[$0] < y[$1] }!, bottom = y.indices.min { y[$0] < y[$1] }!
        var chart = Self.chart([Annotation(x: x[top], y: y[top], text: "the highest of all the crests", boxed: true),
                                Annotation(x: x[bottom], y: y[bottom], text: "the lowest trough")],
                               series: [.line(x: Column(x), y: Column(y))])
        let layout = try Shared.layout(chart), report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        let boxes = report.texts.filter { $0.role.kind == .annotation }.map(\.box)
        #expect(boxes.count == 2)
        #expect(boxes.first.map { $0.maxY < layout.transform.apply(0, y[top]).y } == true, "above the crest: \(boxes)")
        #expect(boxes.last.map { $0.y > layout.transform.apply(0, y[bottom]).y } == true, "below the trough: \(boxes)")
        #expect(layout.y.domain.upperBound > y[top] + 2 && layout.y.domain.lowerBound < y[bottom] - 2, "\(layout.y.domain)")
        chart.y.range = -12...12
        #expect(try Shared.layout(chart).y.domain == -12...12)
        // Below data that are all positive the room stops at zero: counts never get a negative axis.
        let counts = Self.chart([Annotation(x: 0, y: 2, text: "the fewest of all the days")], series: [.line(x: [0, 1, 2], y: [2, 5, 9])])
        let domain = try Shared.layout(counts).y.domain
        #expect(domain.lowerBound >= 0 && domain.lowerBound < 2, "\(domain)")
    }

    @Test func noteWithoutAPlaceIsLeftOutWithANotice() throws {
        var chart = Self.chart([Annotation(x: 50, y: 5, text: "beyond")])
        chart.x.range = 0...10
        let image = try Shared.renderer(.cpu).render(chart)
        #expect(image.notices.contains { $0.hasPrefix("annotations[0]: \"beyond\" is left out: its point is not in the plot") })
        #expect(try Self.noteBox(chart) == nil)
    }

    @Test func theSpecReadsDatesAndCategoriesAndRefusesBadNotes() throws {
        let chart = GoldenCharts.example("annotations")
        #expect(chart.annotations.count == 3 && chart.annotations[0].boxed && !chart.annotations[2].arrow)
        #expect(chart.annotations[0].x == 1_407_715_200_000, "2014-08-11 as epoch milliseconds")
        let categories = try decodeSpec(#"{"x": {"categories": true}, "series": [{"type": "bars", "x": ["a", "b"], "y": [1, 2]}], "annotations": [{"x": "b", "y": 2, "text": "b!"}]}"#)
        #expect(categories.annotations.first?.x == 1)
        #expect(specError(#"{"series": [], "annotations": [{"x": 1, "y": 2}]}"#).hasPrefix("annotations[0].text: missing"))
        #expect(specError(#"{"x": {"categories": true}, "series": [{"type": "bars", "x": ["a"], "y": [1]}], "annotations": [{"x": "z", "y": 2, "text": "t"}]}"#)
            .hasPrefix("annotations[0].x: \"z\" is not a category"))
        #expect(specError(#"{"series": [], "annotations": [{"x": 1, "y": 1e999, "text": "t"}]}"#).hasPrefix("annotations[0].y: the number is too large"))
        #expect(specError(#"{"panels": [{}], "annotations": []}"#).hasPrefix("annotations: a figure's annotations belong in its panels"))
        var y2 = Self.chart([Annotation(x: 1, y: 1, text: "t", axis: .y2)])
        y2.legend.visible = false
        #expect(throws: GlintError.badValue(path: "annotations[0].axis", message: "no series uses the right axis y2")) { try Shared.renderer(.cpu).render(y2) }
    }
}
