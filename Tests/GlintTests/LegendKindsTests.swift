import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Colour-bar, categorical (points) and size legends, several legends stacked, and the `LegendSet` by id.
@Suite struct LegendKindsTests {
    static let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF)

    /// Dots coloured red → blue over 0…10 °C, with a colour bar set up by `configure`.
    static func barChart(_ configure: (inout ColorBarLegend, inout Legend) -> Void = { _, _ in }) -> Chart {
        let scale = ColorScale(values: [(0, red), (10, blue)])
        var dots = Series.dots(name: "t", x: [1, 2, 3], y: [1, 2, 3])
        dots.pointColors = PointColors(values: [0, 5, 10], scale: scale)
        var bar = ColorBarLegend(series: 0)
        var legend = Legend(id: "temp", kind: .series, position: .topLeft)
        configure(&bar, &legend)
        legend.kind = .colorBar(bar)
        var chart = Chart(width: 640, height: 360, series: [dots], legend: Legend(visible: false))
        chart.legends = [legend]
        return chart
    }

    @Test(arguments: painters)
    func colourBarShowsTheScaleFromEndToEnd(painter: Backend) throws {
        let chart = LegendKindsTests.barChart { bar, legend in
            legend.orientation = .horizontal
            bar.labels = .values([0, 10])
        }
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get(), id: "temp").box)
        // The bar's middle row: 8 px padding and half the 12 px thickness below the box top.
        let row = Int(box.y) + 8 + 6
        let background = RGB(Theme.light.legendBackground.mixed(with: .white, amount: 0.1))
        let bar = (Int(box.x) + 2..<Int(box.maxX) - 2).filter { !RGB(image, $0, row).near(background, 12) }
        let first = try #require(bar.first), last = try #require(bar.last)
        #expect(last - first + 1 == 240, "240 px long: \(first)…\(last)")
        #expect(RGB(image, first, row).near(RGB(LegendKindsTests.red), 2))
        #expect(RGB(image, last, row).near(RGB(LegendKindsTests.blue), 2))
        #expect(RGB(image, (first + last) / 2, row).near(RGB(128, 0, 127), 3), "the middle stop's colour")
    }

    @Test func colourBarLabelsAreConvertedAndPlaced() throws {
        let chart = LegendKindsTests.barChart { bar, legend in
            legend.orientation = .horizontal
            bar.units = UnitConversion(quantity: .temperature, base: "C", display: "F")
            bar.labels = .every(["C": 2, "F": 5])
        }
        let runs = try Shared.textRuns(chart)
        let expected = ["35 °F", "40 °F", "45 °F", "50 °F"]
        #expect(runs.map(\.text).filter { $0.hasSuffix("°F") } == expected, "0…10 °C is 32…50 °F")
        let measurer = try Shared.text.get()
        let centres = expected.map { label -> Double in
            let run = runs.first { $0.text == label }!
            return run.origin.x + measurer.measure(label, fontSize: run.fontSize).width / 2
        }
        // 5 °F apart is 240 px × 5 / 18 along the bar.
        for (a, b) in zip(centres, centres.dropFirst()) { #expect(abs(b - a - 240.0 * 5 / 18) <= 1.5) }
    }

    @Test func colourBarErrorsNameTheLegend() throws {
        let outside = LegendKindsTests.barChart { bar, _ in bar.labels = .values([5, 50]) }
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(outside) }
        do {
            _ = try Shared.renderer(.cpu).render(outside)
        } catch {
            #expect("\(error)".contains("legends[0]: label value 50.0 is outside the scale's range 0.0…10.0"), "\(error)")
        }
        var hidden = LegendKindsTests.barChart { bar, _ in bar.labels = .values([0, 10]) }
        hidden.series[0].visible = false
        #expect(try Shared.textRuns(hidden).map(\.text).filter { $0 == "0" || $0 == "10" }.count >= 2,
                "a hidden series' colour bar keeps its data's range")
        let noScale = LegendKindsTests.barChart { bar, _ in bar.series = nil }
        #expect(throws: GlintError.self) { try Shared.renderer(.cpu).render(noScale) }
    }

    @Test(arguments: painters)
    func pointsLegendListsTheSeriesCategories(painter: Backend) throws {
        var dots = Series.dots(name: "q", x: [1, 2, 3, 4], y: [1, 2, 3, 4], radius: 4...4)
        dots.pointColors = PointColors(categories: ["Poor", "Good", "Fair", "Good"],
                                       named: ["Good": Color(rgb: 0x29E11F), "Fair": Color(rgb: 0xF5A623), "Poor": Color(rgb: 0xD0021B)])
        var chart = Chart(width: 500, height: 300, series: [dots], legend: Legend(visible: false))
        chart.legends = [Legend(id: "quality", kind: .points(PointsLegend(series: 0, radius: 5)), position: .bottomRight)]
        let image = try Shared.renderer(painter).render(chart)
        let legend = LegendLayout(chart: chart, layout: try Shared.layout(chart), measurer: try Shared.text.get(), id: "quality")
        #expect(legend.labels == ["Poor", "Good", "Fair"], "first-seen order")
        for (entry, rgb) in zip(legend.entries, [0xD0021B, 0x29E11F, 0xF5A623] as [UInt32]) {
            let c = entry.swatch.center
            #expect(RGB(image, Int(c.x), Int(c.y)) == RGB(Color(rgb: rgb)))
            // Radius 5: 4 px off centre is inside, 7 px is outside.
            #expect(RGB(image, Int(c.x) + 4, Int(c.y)).near(RGB(Color(rgb: rgb)), 40))
            #expect(!RGB(image, Int(c.x) + 7, Int(c.y)).near(RGB(Color(rgb: rgb)), 40))
        }
    }

    @Test(arguments: painters)
    func sizeLegendDrawsNiceSizesAtTheirRadii(painter: Backend) throws {
        var dots = Series.dots(name: "cars", x: [1, 2, 3], y: [1, 2, 3], size: [60, 180, 320], radius: 3...16,
                               color: Color(rgb: 0x1F77B4))
        dots.dots.radiusScale = .area
        var chart = Chart(width: 640, height: 400, series: [dots], legend: Legend(visible: false))
        chart.legends = [Legend(id: "hp", kind: .sizes(SizesLegend(series: 0)), position: .right, placement: .outside)]
        let image = try Shared.renderer(painter).render(chart)
        let layout = try Shared.layout(chart)
        let legend = LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get(), id: "hp")
        #expect(legend.labels == ["100", "200", "300"])
        for (entry, value) in zip(legend.entries, [100.0, 200, 300]) {
            var probe = DotShape(x: [0], y: [0], size: [value], transform: .identity, radius: 3...16, sizeRange: 60...320, fill: .black)
            probe.radiusScale = .area
            let r = 3 + 13 * Double(probe.sizeFraction(0)!)
            let c = entry.swatch.center
            let across = (Int(c.x) - 20...Int(c.x) + 20).filter { RGB(image, $0, Int(c.y)).near(RGB(0x1F, 0x77, 0xB4), 60) }.count
            #expect(abs(Double(across) - 2 * r) <= 2, "size \(value): \(across) px across, radius \(r)")
        }
    }

    @Test func legendsAtOnePositionStackAndOutsideOnesShrinkThePlot() throws {
        var dots = Series.dots(name: "q", x: [1, 2, 3], y: [1, 2, 3])
        dots.pointColors = PointColors(categories: ["a", "b", "c"])
        var chart = Chart(width: 640, height: 400, series: [dots, .line(name: "trend", x: [1, 3], y: [1, 3])],
                          legend: Legend(position: .topRight))
        // The series legend lists "trend" alone ("q" is the points legend's): asked for, to stack the two.
        chart.legend.showsLoneSeries = true
        chart.legends = [Legend(id: "cats", kind: .points(PointsLegend(series: 0)), position: .topRight)]
        let layout = try Shared.layout(chart)
        let measurer = try Shared.text.get()
        let series = try #require(LegendLayout(chart: chart, layout: layout, measurer: measurer).box)
        let cats = try #require(LegendLayout(chart: chart, layout: layout, measurer: measurer, id: "cats").box)
        #expect(cats.y >= series.maxY + 6, "stacked below the series legend")
        #expect(cats.maxX == series.maxX, "both against the plot's right margin")

        var outside = chart
        outside.legend.placement = .outside
        outside.legend.position = .right
        outside.legends = [Legend(id: "cats", kind: .points(PointsLegend(series: 0)), position: .bottom, placement: .outside)]
        let shrunk = try Shared.layout(outside)
        let right = try #require(LegendLayout(chart: outside, layout: shrunk, measurer: measurer).box)
        let below = try #require(LegendLayout(chart: outside, layout: shrunk, measurer: measurer, id: "cats").box)
        #expect(right.x >= shrunk.plot.maxX && below.y >= shrunk.plot.maxY)
        #expect(shrunk.plot.width < layout.plot.width && shrunk.plot.height < layout.plot.height)
    }

    @Test func legendSetCountsUsesAndUpdatesById() {
        let bar = Legend(id: "temp", kind: .colorBar(ColorBarLegend(scale: ColorScale(palette: .viridis, range: 0...1))))
        var set: LegendSet = [bar]
        set.add(bar.with { $0.title = "ignored: the first value stays" })
        #expect(set.uses(of: "temp") == 2 && set.all.count == 1 && set["temp"]?.title == nil)
        let updated = set.update(bar.with { $0.title = "°C" })
        #expect(updated && set["temp"]?.title == "°C")
        let unknown = set.update(Legend(id: "other", kind: .series))
        #expect(!unknown)
        let first = set.remove(id: "temp")
        #expect(!first && set["temp"] != nil, "one use left")
        let second = set.remove(id: "temp")
        #expect(second && set["temp"] == nil)
        set.add(bar)
        set.add(bar)
        let forced = set.remove(id: "temp", force: true)
        #expect(forced && set.all.isEmpty)
    }

    @Test func specReadsLegendsAndRefusesBadOnes() throws {
        func message(_ legends: String) -> String {
            specError(#"{"series": [{"type": "dots", "y": [1, 2], "size": [1, 2], "color": {"values": [0, 1], "palette": "viridis"}}], "legends": "# + legends + "}")
        }
        let chart = try decodeSpec(#"""
            {"series": [{"type": "dots", "y": [1, 2], "size": [3, 4], "color": {"values": [0, 30], "scale": {"palette": "plasma", "range": [0, 30]}}}],
             "legends": [{"id": "t", "kind": "colorbar", "series": 0, "position": "bottom", "placement": "outside", "ends": "round",
                          "units": {"quantity": "temperature", "base": "C", "display": "F"}, "every": {"C": 5, "F": 10}, "thickness": 10, "length": 200},
                         {"id": "s", "kind": "sizes", "series": 0, "count": 3, "title": "size"},
                         {"id": "p", "kind": "points", "items": [{"label": "a", "color": "red"}], "radius": 6}]}
            """#)
        #expect(chart.legends.all.map(\.id) == ["t", "s", "p"])
        guard case let .colorBar(bar) = chart.legends["t"]?.kind else { Issue.record("a colour bar"); return }
        #expect(bar.roundedEnds && bar.thickness == 10 && bar.length == 200 && bar.units?.display == "F")
        #expect(bar.labels == .every(["C": 5, "F": 10]) && chart.legends["t"]?.orientation == .horizontal)
        #expect(message(#"[{"kind": "colorbar", "scale": {"palette": "viridis", "range": [0, 10]}, "values": [5, 50]}]"#)
            .contains("legends[0].values[1]: 50.0 is outside the scale's range [0.0, 10.0]"))
        #expect(message(#"[{"kind": "colorbar", "scale": {"palette": "viridis", "range": [0, 10]}, "labels": [[1.5, "max"]], "normalized": true}]"#)
            .contains("legends[0].labels[0]: position 1.5 is outside 0…1"))
        #expect(message(#"[{"kind": "colorbar", "series": 0, "every": 0}]"#).contains("legends[0].every: steps must be greater than 0"))
        #expect(message(#"[{"kind": "colorbar"}]"#).contains("legends[0]: a colorbar needs a scale"))
        #expect(message(#"[{"kind": "colorbar", "series": 0, "units": {"quantity": "speed", "base": "m/s", "display": "kmh"}}]"#)
            .contains("legends[0].units.display: expected a speed unit: km/h, kn, m/s, mph"))
        #expect(message(#"[{"id": "a", "kind": "sizes", "series": 0}, {"id": "a", "kind": "sizes", "series": 0}]"#)
            .contains(#"legends[1].id: "a" is already the id of another legend"#))
        #expect(message(#"[{"kind": "points", "checkboxes": true, "items": [{"label": "x"}]}]"#)
            .contains("legends[0].checkboxes: not a key of a points legend"))
        #expect(message(#"[{"kind": "pie"}]"#).contains(#"legends[0].kind: expected one of "colorbar", "points", "series", "sizes""#))
        #expect(message(#"[{"kind": "colorbar", "scale": {"palette": "rainbow"}}]"#).contains("valid: viridis, magma, plasma, inferno, cividis, turbo"))
        #expect(message(#"[{"kind": "sizes", "series": 3}]"#).contains("legends[0].series: expected a series name or the index of a series (0 to 0)"))
    }

    @Test func aLegendNamesItsSeriesByName() throws {
        let spec = #"{"series": [{"name": "flow", "y": [1, 2]}, {"name": "sites", "type": "dots", "y": [1, 2], "size": [3, 4]}], "legends": "#
        let chart = try decodeSpec(spec + #"[{"id": "s", "kind": "sizes", "series": "sites"}]}"#)
        guard case let .sizes(sizes) = chart.legends["s"]?.kind else { Issue.record("a size legend"); return }
        #expect(sizes.series == 1)
        #expect(specError(spec + #"[{"kind": "sizes", "series": "site"}]}"#)
            .contains(#"legends[0].series: no series is named "site" (names: "flow", "sites"); give a name or an index"#))
        let twice = #"{"series": [{"name": "a", "y": [1]}, {"name": "a", "y": [2]}], "legends": [{"kind": "sizes", "series": "a"}]}"#
        #expect(specError(twice).contains(#"legends[0].series: 2 series are named "a"; give the index of one (0, 1)"#))
    }
}

/// `position: best` keeps the legend off the data.
@Suite struct BestLegendPositionTests {
    @Test(arguments: [(9.5, LegendPosition.bottomLeft), (0.5, LegendPosition.topLeft)])
    func bestAvoidsTheData(level: Double, expected: LegendPosition) throws {
        // A flat line along the top (or the bottom) of the plot through every x, and a dot in the opposite right corner.
        let xs = (0...400).map { Double($0) / 40 }
        var chart = Chart(width: 500, height: 300, x: Axis(range: 0...10), y: Axis(range: 0...10),
                          series: [.line(name: "level", x: Column(xs), y: Column(xs.map { _ in level })),
                                   .dots(name: "corner", x: [9.5], y: [10 - level])])
        chart.legend.position = .best
        let layout = try Shared.layout(chart)
        let box = try #require(LegendLayout(chart: chart, layout: layout, measurer: try Shared.text.get()).box)
        var reference = chart
        reference.legend.position = expected
        let expectedBox = try #require(LegendLayout(chart: reference, layout: try Shared.layout(reference),
                                                    measurer: try Shared.text.get()).box)
        #expect(box == expectedBox, "best is \(expected): \(box)")
    }

    @Test func bestHasNoOutside() {
        var chart = Chart(series: [.line(name: "a", x: [0, 1], y: [0, 1])])
        chart.legend.position = .best
        chart.legend.placement = .outside
        #expect(throws: ChartError.self) { try chart.validate() }
    }
}
