import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// A second y axis on the right (`Series.axis = .y2`): its own range, scale, format and title, on both painters.
@Suite struct RightAxisTests {
    static let red = Color(rgb: 0xD62728), blue = Color(rgb: 0x1F77B4)

    /// Dots at y 5 on the left axis (0…10) and at 500 and 1000 on the right one (0…1000).
    static var chart: Chart {
        var right = Series.dots(name: "right", x: [6, 8], y: [500, 1000], radius: 4...4, color: blue)
        right.axis = .y2
        var chart = Chart(width: 400, height: 260, x: Axis(range: 0...10, grid: false), y: Axis(title: "left", range: 0...10, grid: false),
                          series: [.dots(name: "left", x: [3], y: [5], radius: 4...4, color: red), right],
                          legend: Legend(visible: false))
        chart.y2 = Axis(title: "right", range: 0...1000, grid: false)
        return chart
    }

    /// Untitled, each axis of one named series takes its name, so a reader can tell which scale a line is read on;
    /// an axis of two series, an unnamed one, or an empty title asking for none stays untitled.
    @Test func untitledAxesAreNamedByTheirSeries() throws {
        var chart = RightAxisTests.chart
        (chart.y.title, chart.y2.title) = (nil, nil)
        func titles(_ chart: Chart) throws -> [String: String] {
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            return Dictionary(report.texts.filter { $0.role.kind == .axisTitle }.map { ($0.role.axis ?? "", $0.text) }, uniquingKeysWith: { a, _ in a })
        }
        #expect(try titles(chart) == ["y": "left", "y2": "right"])
        var two = chart
        two.series.append(.dots(name: "also left", x: [4], y: [4]))
        two.y2.title = ""
        #expect(try titles(two) == [:])
        var hidden = chart
        hidden.series[1].visible = false
        #expect(try titles(hidden)["y2"] == "right", "a hidden series keeps its axis's title: the plot does not move")
        var single = chart
        single.series[1].axis = .y
        #expect(try titles(single) == [:], "without a right axis, no title is made up")
    }

    /// Each vertical title is drawn in the colour of the one series its axis measures (keyed to its mark), a pale
    /// colour darkened until it reads at 3:1 on the background; with two series on an axis, or one axis, in the
    /// text colour.
    @Test func eachTitleIsKeyedToItsSeriesColour() throws {
        func titles(_ chart: Chart) throws -> [String: Color] {
            let scene = try SceneBuilder.build(chart, measurer: try Shared.text.get(), threads: 2)
            let runs = scene.commands.flatMap { command -> [TextShape] in
                if case let .text(runs) = command.shape { return runs }
                return []
            }
            return Dictionary(runs.filter { $0.role.kind == .axisTitle }.map { ($0.role.axis ?? "", $0.color) }, uniquingKeysWith: { a, _ in a })
        }
        var chart = RightAxisTests.chart
        chart.series[1].color = Color(rgb: 0x9ECAE1)   // pale blue: 1.6:1 on white
        let keyed = try titles(chart)
        let right = try #require(keyed["y2"])
        #expect(keyed["y"] == RightAxisTests.red)
        #expect(right != Color(rgb: 0x9ECAE1) && right.contrast(with: .white) >= 3 && right.blue > right.red, "\(right)")
        var two = chart
        two.series.append(.dots(name: "also left", x: [4], y: [4]))
        #expect(try titles(two)["y"] == Theme.light.text)
    }

    @Test(arguments: painters)
    func seriesOnTheRightAxisUseItsRange(painter: Backend) throws {
        let chart = RightAxisTests.chart
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let y2 = try #require(layout.transformY2)
        let left = layout.transform.apply(3, 5), middle = y2.apply(6, 500), top = y2.apply(8, 1000)
        #expect(abs(middle.y - left.y) < 0.5, "500 of 0…1000 is level with 5 of 0…10")
        #expect(abs(top.y - layout.plot.y) < 0.5, "1000 is the plot's top")
        #expect(RGB(image, Int(left.x), Int(left.y)) == RGB(RightAxisTests.red))
        #expect(RGB(image, Int(middle.x), Int(middle.y)) == RGB(RightAxisTests.blue))
        #expect(RGB(image, Int(top.x), Int(top.y) + 2) == RGB(RightAxisTests.blue))
        // The right axis line runs down the plot's right edge.
        #expect(RGB(image, Int(layout.plot.maxX), Int(layout.plot.center.y)).near(RGB(Theme.light.axis), 2))
    }

    @Test func autoRangesAreSeparateAndLabelsSitOnTheirSides() throws {
        var chart = RightAxisTests.chart
        chart.y.range = nil
        chart.y2.range = nil
        chart.series[0].y = [0.5]
        let layout = try Shared.layout(chart)
        let y2 = try #require(layout.y2)
        #expect(layout.y.domain.upperBound < 2 && y2.domain.upperBound >= 1000 && y2.domain.upperBound < 1200)
        let runs = try Shared.textRuns(chart)
        let measurer = try Shared.text.get()
        for label in y2.labels {
            let run = try #require(runs.first { $0.text == label }, "right label \(label)")
            #expect(run.origin.x > layout.plot.maxX && run.origin.x + measurer.measure(label, fontSize: run.fontSize).width <= 400)
        }
        let title = try #require(runs.first { $0.text == "right" })
        #expect(title.rotation == .counterClockwise && title.origin.x > layout.plot.maxX + 20 && title.origin.x <= 400 - 10)
    }

    @Test(arguments: painters)
    func aLogRightAxisPlacesDecades(painter: Backend) throws {
        var chart = RightAxisTests.chart
        chart.y2 = Axis(range: 1...1000, scale: .log)
        chart.series[1].y = [10, 100]
        let image = try Shared.renderer(painter).render(chart)
        // Layout works in decades, as the renderer lays a log chart out.
        let layout = try Shared.layout(chart)
        let y2 = try #require(layout.y2), t2 = try #require(layout.transformY2)
        #expect(y2.labels.contains("10") && y2.labels.contains("100"))
        // 10 (decade 1 of 0…3) is one third of the way up.
        let ten = t2.apply(6, 1)
        #expect(abs(ten.y - (layout.plot.maxY - layout.plot.height / 3)) < 0.5)
        #expect(RGB(image, Int(ten.x), Int(ten.y)) == RGB(RightAxisTests.blue))
    }

    @Test func specReadsTheRightAxisAndRefusesWhatItCannotBe() throws {
        let chart = try decodeSpec(#"{"y2": {"title": "mm", "range": [0, 80], "format": "{.0f} mm", "grid": true}, "series": [{"y": [1, 2], "axis": "y2"}]}"#)
        #expect(chart.series[0].axis == .y2 && chart.y2.title == "mm" && chart.y2.range == 0...80 && chart.y2.grid && chart.usesY2)
        #expect(specError(#"{"y2": {"type": "time"}, "series": []}"#).contains(#"y2.type: a right axis is "linear" or "log""#))
        #expect(specError(#"{"y2": {"categories": ["a"]}, "series": []}"#).contains("y2.categories: unknown key"))
        #expect(specError(#"{"series": [{"y": [1], "axis": "y3"}]}"#).contains(#"series[0].axis: expected one of "y", "y2""#))
        #expect(specError(#"{"series": [{"type": "bars", "orientation": "horizontal", "x": [1], "y": [1], "axis": "y2"}]}"#)
            .contains("series[0].axis: horizontal bars lie along y"))
    }
}
