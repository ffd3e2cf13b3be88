import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Polar charts: points at their angle and distance on both painters, a radar's line closed, a rose's wedges filled
/// and hit, the layout's labels outside the disc and clear of each other and of the legend, the spec's keys read and
/// refused with their paths.
@Suite struct PolarChartTests {
    /// Four categories at 12, 3, 6 and 9 o'clock; a radar line of 1…4 on a radius axis of 0…4.
    static func radar() throws -> Chart {
        try decodeSpec(#"""
            {"width": 360, "height": 300, "polar": true, "x": {"categories": ["N", "E", "S", "W"]}, "y": {"range": [0, 4]},
             "series": [{"type": "line", "name": "a", "x": ["N", "E", "S", "W"], "y": [4, 4, 4, 4], "color": "#d62728", "width": 3}],
             "legend": {"visible": false}}
            """#)
    }

    @Test(arguments: painters)
    func aRadarLineClosesOnItsFirstPoint(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = try Self.radar()
        let image = try renderer.render(chart), g = try #require(try renderer.layout(chart).polar).geometry
        let red = RGB(0xD6, 0x27, 0x28)
        // The square through the rim's four points: each side's middle is on the line, the closing W→N side too.
        for (a, b) in [(0.0, 90.0), (90, 180), (180, 270), (270, 360)] {
            let p = g.point(angle: a * .pi / 180, distance: g.radius), q = g.point(angle: b * .pi / 180, distance: g.radius)
            let mid = RGB(image, Int(((p.x + q.x) / 2).rounded(.down)), Int(((p.y + q.y) / 2).rounded(.down)))
            #expect(mid.near(red, 40), "\(a)…\(b): \(mid)")
        }
        #expect(RGB(image, Int(g.centre.x), Int(g.centre.y)).near(.white, 30))
    }

    @Test(arguments: painters)
    func aRoseBarIsAWedgeAndAHitFindsIt(backend: Backend) throws {
        let chart = try decodeSpec(#"""
            {"width": 360, "height": 300, "polar": true, "x": {"categories": ["N", "E", "S", "W"]},
             "series": [{"type": "bars", "x": ["N", "E", "S", "W"], "y": [4, 1, 0, 2], "color": "#1f77b4"}], "legend": {"visible": false}}
            """#)
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart)
        let g = try #require(try renderer.layout(chart).polar).geometry
        let blue = RGB(0x1F, 0x77, 0xB4)
        func at(_ degrees: Double, _ share: Double) -> (RGB, Point) {
            let p = g.point(angle: degrees * .pi / 180, distance: g.radius * share)
            return (RGB(image, Int(p.x), Int(p.y)), p)
        }
        // The radius runs 0…4: N's wedge (80 % of its 90°: ±36°) reaches the rim, E's a quarter of the way out.
        #expect(at(0, 0.9).0.near(blue, 3) && at(30, 0.5).0.near(blue, 3) && at(90, 0.2).0.near(blue, 3))
        #expect(!at(42, 0.5).0.near(blue, 60) && !at(90, 0.3).0.near(blue, 60) && !at(180, 0.1).0.near(blue, 60))
        let hit = try renderer.hitTest(chart, at: at(20, 0.7).1)
        guard case let .point(series, index, x, y, _)? = hit else { Issue.record("no wedge hit: \(String(describing: hit))"); return }
        #expect(series == 0 && index == 0 && x == 0 && y == 4)
    }

    @Test func anglesGrowFromTheStartEitherWayAndWrapRoundTheTurn() throws {
        let renderer = try Shared.renderer(.cpu)
        func angle(_ polar: String, x: Double, range: String = "") throws -> Double {
            let chart = try decodeSpec(#"{"polar": \#(polar), \#(range)"series": [{"type": "dots", "x": [0, 90], "y": [1, 2]}]}"#)
            let a = try #require(try renderer.layout(chart).polar).geometry.angle(x) * 180 / .pi
            return (a.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        }
        #expect(abs(try angle("true", x: 90) - 90) < 1e-9)
        #expect(abs(try angle(#"{"startAngle": 90}"#, x: 90) - 180) < 1e-9)
        #expect(abs(try angle(#"{"startAngle": 90, "direction": "counterclockwise"}"#, x: 90) - 0) < 1e-9)
        #expect(abs(try angle("true", x: 450) - 90) < 1e-9)
        // An x range is one whole turn: 6 of 24 hours is a quarter.
        #expect(abs(try angle("true", x: 6, range: #""x": {"range": [0, 24]}, "#) - 90) < 1e-9)
    }

    @Test func theRadiusRunsFromZeroToATickAndThroughTheHole() throws {
        let renderer = try Shared.renderer(.cpu)
        let chart = try decodeSpec(#"{"polar": {"inner": 0.25}, "series": [{"type": "dots", "x": [0, 90, 180], "y": [3, 17, -4]}]}"#)
        let polar = try #require(try renderer.layout(chart).polar)
        let g = polar.geometry
        // From the smallest value below 0 and past the largest, both out to a tick; the hole's edge shows the lower end.
        #expect(g.radii.lowerBound <= -4 && g.radii.upperBound >= 17 && polar.radius.ticks.first == g.radii.lowerBound
                && polar.radius.ticks.last == g.radii.upperBound, "\(g.radii) \(polar.radius.ticks)")
        #expect(abs(g.hole - g.radius / 4) < 1e-9 && g.distance(g.radii.lowerBound) == g.hole && g.distance(g.radii.upperBound) == g.radius)
        #expect(g.distance(g.radii.lowerBound - 100) == g.hole)
    }

    @Test func labelsStayOutsideTheDiscApartAndOffTheLegend() throws {
        let names = ["Throughput", "Latency", "Availability", "Cost per request", "Memory", "Start-up time", "Error rate", "Saturation"]
        let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
        for (width, height) in [(640, 400), (400, 400), (320, 240)] {
            let chart = try decodeSpec(#"""
                {"width": \#(width), "height": \#(height), "polar": true, "x": {"categories": [\#(quoted)]}, "title": "Service scores",
                 "series": [{"type": "area", "name": "this release", "x": [\#(quoted)], "y": [8, 6, 9, 4, 7, 5, 9, 6]},
                            {"type": "line", "name": "last release", "x": [\#(quoted)], "y": [6, 7, 8, 6, 5, 7, 7, 8], "markers": true}]}
                """#)
            let report = try Shared.renderer(.cpu).layoutReport(chart)
            #expect(report.collisions.isEmpty, "\(width)x\(height): \(report.collisions.prefix(3).map { "\($0.kind.rawValue) \($0.subjects)" })")
            let radius = try #require(report.axes.first { $0.name == "radius" }), disc = try #require(radius.disc)
            let angles = report.texts.filter { $0.role.axis == "angle" }
            #expect(angles.count >= 4, "\(width)x\(height): \(angles.map(\.text))")
            for label in angles {
                // Every corner of an angle label lies outside the rim.
                let corners = [Point(label.box.x, label.box.y), Point(label.box.maxX, label.box.y), Point(label.box.x, label.box.maxY),
                               Point(label.box.maxX, label.box.maxY)]
                let nearest = corners.map { hypot($0.x - disc.centre.x, $0.y - disc.centre.y) }.min() ?? 0
                let closest = hypot(min(max(disc.centre.x, label.box.x), label.box.maxX) - disc.centre.x,
                                    min(max(disc.centre.y, label.box.y), label.box.maxY) - disc.centre.y)
                #expect(min(nearest, closest) > disc.radius, "\(width)x\(height): \(label.text) \(label.box)")
            }
            for legend in report.legends {
                guard let box = legend.box else { continue }
                #expect(!angles.contains { $0.box.intersects(box) }, "\(width)x\(height)")
            }
        }
    }

    @Test func anglesLeftOutForWantOfRoomAreSaid() throws {
        let names = (1...8).map { "\"Measure number \($0)\"" }.joined(separator: ", ")
        let chart = try decodeSpec(#"""
            {"width": 150, "height": 120, "polar": true, "x": {"categories": [\#(names)]}, "legend": {"visible": false},
             "series": [{"type": "line", "x": [\#(names)], "y": [1, 2, 3, 4, 5, 6, 7, 8]}]}
            """#)
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let shown = report.texts.filter { $0.role.axis == "angle" }.count
        #expect(report.collisions.isEmpty && shown < 8, "\(shown) \(report.collisions.map(\.subjects))")
        // Thinned to every fourth, two still past the plot at the smallest disc: left out, and said.
        #expect(shown == 2 && report.notices.contains { $0.hasPrefix("2 angle labels left out") }, "\(shown) \(report.notices)")
    }

    @Test func theSpecReadsPolarAndRefusesWhatOnlyRectangularAxesHave() throws {
        #expect(try decodeSpec(#"{"polar": true, "series": [{"y": [1]}]}"#).polar == PolarAxes())
        #expect(try decodeSpec(#"{"polar": false, "series": [{"y": [1]}]}"#).polar == nil)
        #expect(try decodeSpec(#"{"polar": {"startAngle": -90, "direction": "counterclockwise", "inner": 0.3}, "series": [{"y": [1]}]}"#).polar
                == PolarAxes(startAngle: -90, clockwise: false, inner: 0.3))
        #expect(specError(#"{"polar": {"inner": 1}, "series": [{"y": [1]}]}"#).hasPrefix("polar.inner: expected the hole's share"))
        #expect(specError(#"{"polar": {"direction": "cw"}, "series": [{"y": [1]}]}"#).hasPrefix(#"polar.direction: expected one of "clockwise""#))
        #expect(specError(#"{"polar": {"turn": 1}, "series": [{"y": [1]}]}"#).hasPrefix("polar.turn: unknown key"))
        #expect(specError(#"{"polar": 3, "series": [{"y": [1]}]}"#).hasPrefix("polar: expected true, false or an object"))
        for spec in [#"{"polar": true, "series": [{"type": "pie", "y": [1]}]}"#,
                     #"{"polar": true, "series": [{"type": "histogram", "x": [1, 2, 2]}]}"#,
                     #"{"polar": true, "y": {"scale": "log"}, "series": [{"y": [1]}]}"#,
                     #"{"polar": true, "series": [{"y": [1], "axis": "y2"}]}"#,
                     #"{"polar": true, "series": [{"y": [1, 2], "step": "post"}]}"#,
                     #"{"polar": true, "references": [{"axis": "y", "value": 1}], "series": [{"y": [1]}]}"#] {
            #expect(throws: ChartError.self, "\(spec)") { try decodeSpec(spec).validate() }
        }
    }

    @Test func valueLabelsAndHitsNameTheDataNotThePixels() throws {
        let chart = try decodeSpec(#"""
            {"width": 360, "height": 300, "polar": true, "x": {"categories": ["a", "b", "c"]}, "legend": {"visible": false},
             "series": [{"type": "bars", "x": ["a", "a", "b", "c"], "y": [1, 2, 5, 4], "aggregate": "sum", "valueLabels": true}]}
            """#)
        let renderer = try Shared.renderer(.cpu)
        let labels = try renderer.layoutReport(chart).texts.filter { $0.role.kind == .pointLabel }.map(\.text).sorted()
        #expect(labels == ["3", "4", "5"], "\(labels)")
        // The combined bar of "a" (1 + 2), hit inside its wedge at 12 o'clock.
        let g = try #require(try renderer.layout(chart).polar).geometry
        let hit = try renderer.hitTest(chart, at: g.point(angle: 0, distance: g.distance(1.5)))
        guard case let .point(series, index, x, y, _)? = hit else { Issue.record("no hit: \(String(describing: hit))"); return }
        #expect(series == 0 && index == 0 && x == 0 && y == 3)
    }

    @Test(arguments: painters)
    func aRadarWithAGapAndAHoleKeepsBoth(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        func chart(_ kind: String, _ first: String) throws -> Chart {
            try decodeSpec(#"""
                {"width": 360, "height": 300, "polar": {"inner": 0.4}, "x": {"categories": ["N", "E", "S", "W"]}, "y": {"range": [0, 4]},
                 "legend": {"visible": false},
                 "series": [{"type": "\#(kind)", "x": ["N", "E", "S", "W"], "y": [\#(first), 0.2, 0.2, 0.2], "color": "#d62728", "width": 3}]}
                """#)
        }
        func probe(_ chart: Chart) throws -> (Double, Double) -> RGB {
            let image = try renderer.render(chart), g = try #require(try renderer.layout(chart).polar).geometry
            return { degrees, distance in
                let p = g.point(angle: degrees * .pi / 180, distance: distance)
                return RGB(image, Int(p.x), Int(p.y))
            }
        }
        // A line whose first value is missing: no edge from W back to N; with a hole, its edges curve round at their
        // distance (0.2 of 0…4 past the hole's edge) instead of cutting across.
        let line = try chart("line", "null"), g = try #require(try renderer.layout(line).polar).geometry
        let atLine = try probe(line), d = g.distance(0.2)
        #expect(atLine(135, d).near(RGB(0xD6, 0x27, 0x28), 40) && atLine(315, d).near(.white, 4), "\(atLine(135, d)) \(atLine(315, d))")
        // An area of low values fills from the hole's edge out, never inside the hole.
        let atArea = try probe(try chart("area", "0.2"))
        #expect(atArea(45, g.hole * 0.6).near(.white, 4) && !atArea(45, (g.hole + d) / 2).near(.white, 20), "\(atArea(45, (g.hole + d) / 2))")
    }

    @Test func hostileNumbersDrawWithoutTrappingOrHanging() throws {
        let renderer = try Shared.renderer(.cpu)
        for spec in [#"{"polar": true, "y": {"range": [0, 1]}, "series": [{"type": "bars", "x": ["a", "b"], "y": [1, 1e300]}]}"#,
                     #"{"polar": true, "series": [{"type": "bars", "x": [0, 1e20], "y": [1, 2]}]}"#,
                     #"{"polar": true, "y": {"range": [0, 1]}, "series": [{"type": "line", "x": [0, 90], "y": [1e18, 0.5]}]}"#,
                     #"{"polar": {"startAngle": 1e300, "inner": 0.999}, "x": {"range": [-1e308, 1.5e308]}, "series": [{"type": "dots", "x": [1e308, -1e308, 0], "y": [-1e308, 1e308, 0]}]}"#,
                     #"{"width": 1, "height": 1, "scale": 16, "polar": true, "series": [{"type": "area", "x": [0, 90], "y": [1, 2]}]}"#] {
            let chart = try decodeSpec(spec)
            #expect(throws: Never.self, "\(spec)") { _ = try renderer.render(chart) }
        }
        #expect(specError(#"{"polar": true, "panels": [{"series": [{"y": [1]}]}]}"#).hasPrefix("polar: a figure's polar belong in its panels"))
        #expect(throws: ChartError.self) {
            try decodeSpec(#"{"polar": true, "series": [{"type": "area", "y": [1, 2], "stack": "s"}]}"#).validate()
        }
    }
}
