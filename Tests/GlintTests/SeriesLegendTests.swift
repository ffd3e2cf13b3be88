import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// The series legend: outside placement, check boxes with hidden and selected series, source modes, custom items,
/// fixed sizes with "+N more", forced columns and box style, on both painters.
@Suite struct SeriesLegendTests {
    static let xs: [Double] = [0, 1, 2, 3, 4, 5, 6]

    /// Four named series, the second hidden and the third selected, with a legend set up by `configure`.
    static func rooms(_ configure: (inout Legend) -> Void = { _ in }) -> Chart {
        var cellar = Series.line(name: "Cellar", x: Column(xs), y: [2, 2, 3, 3, 2, 2, 1])
        cellar.visible = false
        var attic = Series.line(name: "Attic", x: Column(xs), y: [25, 27, 30, 31, 29, 28, 27])
        attic.selected = true
        var chart = Chart(width: 640, height: 360, title: "Rooms", x: Axis(title: "hour"), y: Axis(title: "°C"),
                          series: [.line(name: "Kitchen", x: Column(xs), y: [20, 21, 23, 22, 24, 25, 24]), cellar, attic,
                                   .dots(name: "Samples", x: [0.5, 2.5], y: [18, 19], radius: 1...1)])
        configure(&chart.legend)
        return chart
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
    }

    /// The box a text run covers, from its metrics.
    static func bounds(_ run: TextShape) throws -> Rect {
        let m = try Shared.text.get().measure(run.text, fontSize: run.fontSize)
        if run.rotation == .counterClockwise {
            return Rect(x: run.origin.x - m.ascent, y: run.origin.y - m.width, width: m.lineHeight, height: m.width)
        }
        return Rect(x: run.origin.x, y: run.origin.y - m.ascent, width: m.width, height: m.lineHeight)
    }

    @Test(arguments: LegendPosition.allCases.filter { $0 != .center && $0 != .best })
    func outsideLegendShrinksThePlotAndCoversNothing(position: LegendPosition) throws {
        let chart = SeriesLegendTests.rooms { $0.placement = .outside; $0.position = position; $0.title = "Rooms" }
        let measurer = try Shared.text.get()
        let layout = try Shared.layout(chart)
        let legend = LegendLayout(chart: chart, layout: layout, measurer: measurer)
        let box = try #require(legend.box, "the outside legend is drawn")
        let inside = try Shared.layout(SeriesLegendTests.rooms())
        #expect(!SeriesLegendTests.overlaps(box, layout.plot), "\(position): box \(box) off the plot \(layout.plot)")
        #expect(layout.plot.width * layout.plot.height < inside.plot.width * inside.plot.height, "the plot made room")
        #expect(box.x >= 0 && box.y >= 0 && box.maxX <= 640 && box.maxY <= 360, "inside the image")
        // No title, tick label or axis title touches the box.
        let own = Set(legend.labels + ["Rooms"])
        for run in try Shared.textRuns(chart) where !own.contains(run.text) {
            #expect(!SeriesLegendTests.overlaps(try SeriesLegendTests.bounds(run), box), "\(position): '\(run.text)' under the legend")
        }
        switch position {
        case .right, .topRight, .bottomRight: #expect(box.x >= layout.plot.maxX)
        case .left, .topLeft, .bottomLeft: #expect(box.maxX <= layout.plot.x)
        case .top: #expect(box.maxY <= layout.plot.y)
        case .bottom: #expect(box.y >= layout.plot.maxY)
        case .center, .best: break
        }
        if position == .topRight { #expect(box.y == layout.plot.y, "a corner aligns with the plot's top") }
    }

    @Test(arguments: painters)
    func hiddenSeriesIsUncheckedUndrawnAndOutOfTheRange(painter: Backend) throws {
        let chart = SeriesLegendTests.rooms { $0.checkboxes = true; $0.placement = .outside }
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        #expect(layout.y.domain.lowerBound > 10, "the hidden cellar (1…3 °C) does not widen y: \(layout.y.domain)")
        let legend = LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get())
        #expect(legend.entries.map(\.seriesIndex) == [0, 1, 2, 3])
        let text = RGB(chart.theme.text)
        for (entry, checked) in zip(legend.entries, [true, false, true, true]) {
            let square = try #require(entry.checkbox)
            // The tick passes through the middle of a checked box; an unchecked one is empty inside.
            let inked = (Int(square.x) + 3..<Int(square.maxX) - 3).flatMap { x in
                (Int(square.y) + 3..<Int(square.maxY) - 3).map { RGB(image, x, $0) }
            }.filter { $0.near(text, 60) }
            #expect((inked.count > 3) == checked, "series \(entry.seriesIndex!): \(inked.count) tick pixels")
        }
        // The cellar's orange (palette colour 1) is nowhere in the plot; its legend sample is faded.
        let orange = RGB(chart.theme.paletteColor(1))
        let plot = layout.plot
        let plotPixels = stride(from: Int(plot.x) + 2, to: Int(plot.maxX) - 2, by: 2).flatMap { x in
            stride(from: Int(plot.y) + 2, to: Int(plot.maxY) - 2, by: 2).map { RGB(image, x, $0) }
        }
        #expect(!plotPixels.contains { $0.near(orange, 12) })
        let c = legend.entries[1].swatch.center
        let faded = RGB(image, Int(c.x), Int(c.y))
        #expect(!faded.near(orange, 12) && faded.r > 230, "faded sample: \(faded)")
    }

    @Test(arguments: painters)
    func selectedLineIsDrawnTwoPixelsWider(painter: Backend) throws {
        var plain = bareChart([.line(x: [0, 10], y: [5, 5], color: Color(rgb: 0x2CA02C), width: 3)])
        var selected = plain
        selected.series[0].selected = true
        plain.series[0].selected = false
        func thickness(_ chart: Chart) throws -> Int {
            let image = try Shared.renderer(painter).render(chart)
            let mid = try Shared.layout(chart).transform.apply(5, 5)
            return (Int(mid.y) - 10...Int(mid.y) + 10).filter { RGB(image, Int(mid.x), $0).g > 120 && RGB(image, Int(mid.x), $0).r < 150 }.count
        }
        #expect(try thickness(selected) == thickness(plain) + 2)
    }

    @Test func sourceModesPickTheListedSeries() throws {
        let expected: [(LegendSource, [Int?])] = [
            (.all, [0, 1, 2, 3]), (.visible, [0, 2, 3]), (.hidden, [1]), (.selected, [2]), (.unselected, [0, 1, 3]),
            (.none, [nil]),
        ]
        for (source, indices) in expected {
            let chart = SeriesLegendTests.rooms {
                $0.source = source
                $0.items = [LegendItem(label: "Target", color: .black, marker: .line)]
            }
            let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
            let series = source == .none ? indices : indices + [nil]
            #expect(legend.entries.map(\.seriesIndex) == series, "\(source)")
            #expect(legend.labels.last == "Target")
        }
    }

    @Test(arguments: painters)
    func customItemsShowTheirMarkersAndDrawings(painter: Backend) throws {
        let red = Color(rgb: 0xD62728), blue = Color(rgb: 0x1F77B4), green = Color(rgb: 0x2CA02C)
        let chart = SeriesLegendTests.rooms {
            $0.source = .none
            $0.items = [
                LegendItem(label: "dot", color: red, marker: .dot, radius: 5),
                LegendItem(label: "bar", color: blue, marker: .bar),
                LegendItem(label: "drawn", color: .black, draw: { rect in
                    [SceneCommand(.rects([RectShape(Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height), green)]))]
                }),
                LegendItem(label: "plain", color: red, marker: .none),
            ]
        }
        let image = try Shared.renderer(painter).render(chart)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        #expect(legend.labels == ["dot", "bar", "drawn", "plain"])
        for (entry, color) in zip(legend.entries, [red, blue, green]) {
            let c = entry.swatch.center
            #expect(RGB(image, Int(c.x), Int(c.y)) == RGB(color))
        }
        let none = legend.entries[3].swatch.center
        #expect(RGB(image, Int(none.x), Int(none.y)).near(.white, 8), "no marker")
    }

    @Test(arguments: painters)
    func swatchDotsStayReadableWhenTheDataDotsAreTiny(painter: Backend) throws {
        let chart = SeriesLegendTests.rooms { $0.source = .visible }
        let image = try Shared.renderer(painter).render(chart)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let c = try #require(legend.entries.last).swatch.center
        let red = RGB(chart.theme.paletteColor(3))
        // The 1 px data dot is drawn 3 px in radius in the legend: two pixels off its centre is still solid.
        for (dx, dy) in [(0, 0), (2, 0), (-2, 0), (0, 2), (0, -2)] {
            #expect(RGB(image, Int(c.x) + dx, Int(c.y) + dy).near(red, 40))
        }
    }

    @Test func fixedSizeFlowsIntoColumnsAndEndsInMore() throws {
        var chart = Chart(width: 640, height: 360, scale: 2,
                          series: (0..<14).map { .line(name: "Series number \($0)", x: [0, 1], y: [0, Double($0)]) })
        chart.legend.height = 120
        chart.legend.width = 300
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let box = try #require(legend.box)
        // At most the given size in device pixels, its height filled with rows (about 38 px each at scale 2).
        #expect(box.width <= 600 && box.height <= 240 && box.height > 240 - 40, "\(box)")
        #expect(legend.overflow > 0)
        #expect(legend.labels.last == "+\(legend.overflow) more")
        #expect(legend.labels.count - 1 + legend.overflow == 14)
        for entry in legend.entries { #expect(entry.swatch.maxX <= box.maxX && entry.swatch.maxY <= box.maxY) }
    }

    @Test func columnsForceAGrid() throws {
        var chart = Chart(width: 640, height: 360, series: (0..<6).map { .line(name: "s\($0)", x: [0, 1], y: [0, 1]) })
        chart.legend.columns = 3
        chart.legend.orientation = .horizontal
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let xs = Set(legend.entries.map(\.swatch.x)), ys = Set(legend.entries.map(\.swatch.y))
        #expect(xs.count == 3 && ys.count == 2)
        // Row by row: the second entry is beside the first.
        #expect(legend.entries[1].swatch.y == legend.entries[0].swatch.y)
    }

    @Test(arguments: painters)
    func namesOnlyLegendAndItsStyle(painter: Backend) throws {
        let background = Color(rgb: 0xFFF3C4)
        let chart = SeriesLegendTests.rooms {
            $0.markers = false
            $0.style = LegendStyle(background: background, border: Color(rgb: 0x000000), borderWidth: 2, padding: 12)
        }
        let image = try Shared.renderer(painter).render(chart)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get())
        let box = try #require(legend.box)
        #expect(legend.entries.allSatisfy { $0.swatch.width == 0 })
        #expect(legend.entries[0].labelOrigin.x == box.x + 12, "labels start at the padding")
        #expect(RGB(image, Int(box.x) + 1, Int(box.center.y)) == RGB(0, 0, 0), "2 px border")
        #expect(RGB(image, Int(box.x) + 5, Int(box.y) + 5).near(RGB(background), 3), "background")
    }

    @Test(arguments: painters)
    func roundedCornersLeaveTheCornerOut(painter: Backend) throws {
        var chart = SeriesLegendTests.rooms {
            $0.placement = .outside
            $0.style = LegendStyle(border: Color(rgb: 0xFF0000), borderWidth: 2)
            $0.style.cornerRadius = 8
        }
        chart.theme = .dark
        let image = try Shared.renderer(painter).render(chart)
        let box = try #require(LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get()).box)
        #expect(RGB(image, Int(box.x), Int(box.y)) == RGB(Theme.dark.background), "the corner pixel is outside the rounding")
        #expect(RGB(image, Int(box.maxX) - 1, Int(box.maxY) - 1) == RGB(Theme.dark.background))
        #expect(RGB(image, Int(box.center.x), Int(box.y)).near(RGB(255, 0, 0), 2), "the border along the top edge")
        #expect(RGB(image, Int(box.x), Int(box.center.y)).near(RGB(255, 0, 0), 2), "the border along the left edge")
        // Where the rounded outline passes the corner square's diagonal (8 − 8/√2 ≈ 2.3 px in), the border is drawn.
        #expect(RGB(image, Int(box.x) + 2, Int(box.y) + 2).r > 150)
    }

    @Test func badLegendsAreRefusedWithThePath() throws {
        let tooSmall = SeriesLegendTests.rooms { $0.height = 10 }
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(tooSmall) }
        do {
            _ = try Shared.renderer(.cpu).render(tooSmall)
        } catch {
            #expect("\(error)".contains("legend.height: 10 px is too small: the legend needs at least 31 px"), "\(error)")
        }
        #expect(specError(#"{"legend": {"placement": "outside", "position": "center"}}"#).contains("legend.position"))
        #expect(specError(#"{"legend": {"items": [{"color": "red"}]}}"#).contains("legend.items[0].label: missing"))
        #expect(specError(#"{"legend": {"columns": 0}}"#).contains("legend.columns"))
        #expect(specError(#"{"legend": {"source": "shown"}}"#).contains(#"legend.source: expected one of "all""#))
        #expect(specError(#"{"legend": {"items": [{"label": "a", "marker": "star"}]}}"#).contains("legend.items[0].marker"))
        #expect(specError(#"{"legend": {"style": {"fontSize": 1}}}"#).contains("legend.style.fontSize"))
    }

    @Test func specReadsEveryLegendKey() throws {
        let json = """
        {"series": [{"name": "a", "y": [1, 2], "visible": false}, {"name": "b", "y": [2, 1], "selected": true}],
         "legend": {"placement": "outside", "position": "bottom", "title": "Rooms", "markers": false, "checkboxes": true,
                    "source": "visible", "width": 200, "height": 80, "columns": 2,
                    "items": [{"label": "Target", "color": "#888888", "marker": "line", "width": 3}],
                    "style": {"background": "#ffffff", "border": "black", "borderWidth": 2, "padding": 6, "textColor": "#333333", "fontSize": 14}}}
        """
        let chart = try ChartSpec.decode(Array(json.utf8), relativeTo: "/")
        let l = chart.legend
        #expect(l.placement == .outside && l.position == .bottom && l.title == "Rooms" && !l.markers && l.checkboxes)
        #expect(l.source == .visible && l.width == 200 && l.height == 80 && l.columns == 2)
        #expect(l.items.count == 1 && l.items[0].marker == .line && l.items[0].width == 3)
        #expect(l.style.borderWidth == 2 && l.style.padding == 6 && l.style.fontSize == 14 && l.style.textColor == Color(rgb: 0x333333))
        #expect(!chart.series[0].visible && chart.series[1].selected)
    }
}
