import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Box plots: the box from the first to the third quartile, the median, whiskers and outliers where the statistics
/// put them on both painters; boxes of split series side by side in their category; the auto range holding the
/// outliers; legends kept off the boxes; a hit on a box naming its group; the spec's keys read, checked and refused
/// elsewhere. (The statistics themselves are judged against matplotlib in `BoxStatisticsTests`.)
@Suite struct BoxPlotTests {
    static let red = Color(rgb: 0xD62728)

    /// One box at x 5 of 10…18 (14 twice) and an outlier at 28: quartiles 12.5 and 16.5, median 14, whiskers 10 and 18.
    static func box(_ configure: (inout Series) -> Void = { _ in }) -> Chart {
        var s = Series.box(name: "b", x: Column([Double](repeating: 5, count: 11)), y: [10, 11, 12, 13, 14, 14, 15, 16, 17, 18, 28], color: red)
        configure(&s)
        var chart = bareChart([s])
        chart.y.range = 0...30
        return chart
    }

    func colours(_ chart: Chart, _ backend: Backend, _ points: [(Double, Double)]) throws -> [RGB] {
        let renderer = try Shared.renderer(backend)
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        return points.map { let p = t.apply($0.0, $0.1); return RGB(image, Int(p.x), Int(p.y)) }
    }

    @Test(arguments: painters)
    func theBoxWhiskersAndMedianStandWhereTheQuartilesAre(backend: Backend) throws {
        let fill = RGB(Self.red.mixed(with: .white, amount: 0.4)), edge = RGB(Self.red.mixed(with: .black, amount: 0.45))
        // Inside the box above and below the median; on the whiskers; beside the box, below the lower whisker's end
        // and above the upper one's, nothing.
        let inside = try colours(Self.box(), backend, [(5.1, 13), (4.9, 15.5), (5, 17.2), (5, 10.8)])
        #expect(inside[0].near(fill, 3) && inside[1].near(fill, 3) && inside[2].near(edge, 40) && inside[3].near(edge, 40), "\(inside)")
        let outside = try colours(Self.box(), backend, [(5.45, 14), (4.55, 14), (5, 8), (5, 20), (5, 25)])
        #expect(outside.allSatisfy { $0.near(.white, 3) }, "\(outside)")
        // The median: a line two pixels thick in the edge colour across the box.
        let renderer = try Shared.renderer(backend), t = try renderer.layout(Self.box()).transform
        let image = try renderer.render(Self.box()), m = t.apply(5.15, 14)
        #expect(RGB(image, Int(m.x), Int(m.y.rounded()) - 1).near(edge, 40) && RGB(image, Int(m.x), Int(m.y.rounded())).near(edge, 40))
    }

    @Test func theOutlierIsARingAtItsValueAndTheAutoRangeHoldsIt() throws {
        var chart = Self.box()
        chart.y.range = nil
        let report = try Shared.renderer(.cpu).layoutReport(chart), layout = try Shared.layout(chart)
        #expect(layout.y.domain.upperBound >= 28 && layout.y.domain.lowerBound <= 10)
        let dots = report.marks.filter { $0.kind == .dot }
        let ring = layout.transform.apply(5, 28)
        #expect(dots.count == 1 && abs(dots[0].box.center.x - ring.x) < 0.5 && abs(dots[0].box.center.y - ring.y) < 0.5, "\(dots)")
        // Without outliers (or with whiskers to the range), none is drawn; the range's whisker reaches 28.
        #expect(try Shared.renderer(.cpu).layoutReport(Self.box { $0.box.outliers = false }).marks.filter { $0.kind == .dot }.isEmpty)
        let ranged = try Shared.renderer(.cpu).layoutReport(Self.box { $0.box.whiskers = .range }).marks
        let top = try Shared.layout(Self.box()).transform.apply(5, 28).y
        #expect(ranged.filter { $0.kind == .dot }.isEmpty && ranged.contains { $0.kind == .rect && abs($0.box.y - top.rounded()) <= 1 })
    }

    @Test func splitBoxesStandSideBySideInTheirCategory() throws {
        let chart = try decodeSpec(#"""
            {"width": 400, "height": 300, "x": {"categories": true}, "legend": {"visible": false},
             "series": [{"type": "box", "x": ["a", "a", "a", "a", "b", "b", "b", "b"], "y": [1, 2, 3, 4, 5, 6, 7, 8]},
                        {"type": "box", "x": ["a", "a", "a", "a", "b", "b", "b", "b"], "y": [2, 3, 4, 5, 6, 7, 8, 9]}]}
            """#)
        let report = try Shared.renderer(.cpu).layoutReport(chart), t = try Shared.layout(chart).transform
        // The boxes (the widest rectangles of each series): the first left of each category's centre, the second right.
        let boxes = (0..<2).map { series in report.marks.filter { $0.series == series && $0.kind == .rect && $0.box.width > 10 && $0.box.height > 10 } }
        let centres = [t.apply(0, 0).x, t.apply(1, 0).x]
        #expect(boxes.allSatisfy { $0.count == 2 })
        for (k, centre) in centres.enumerated() {
            #expect(boxes[0][k].box.maxX <= centre + 0.5 && boxes[1][k].box.x >= centre - 0.5, "\(boxes)")
        }
    }

    @Test func theLegendKeepsOffTheBoxesAndAHitNamesTheGroup() throws {
        // Tall boxes at both ends and a low one between: the legend finds the room above the middle one.
        var chart = Chart(width: 480, height: 300, series: [
            .box(name: "left", x: [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2], y: [0, 40, 50, 60, 100, 0, 1, 2, 3, 4, 0, 40, 50, 60, 100]),
            .box(name: "right", x: [0, 0, 0, 1, 1, 1, 2, 2, 2], y: [10, 50, 90, 0, 2, 4, 10, 50, 90]),
        ])
        chart.legend.position = .best
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        let legend = try #require(report.legends.first?.box)
        #expect(!report.marks.contains { $0.box.intersects(legend) }, "\(legend)")
        let layout = try Shared.layout(chart), inBox = layout.transform.apply(2, 50)
        guard case let .point(series, index, _, _, _)? = try Shared.renderer(.cpu).hitTest(chart, at: inBox) else {
            Issue.record("no hit on the third group's box")
            return
        }
        #expect(index == 2 && [0, 1].contains(series))
    }

    @Test func theSpecReadsItsKeysAndRefusesTheirMisuse() throws {
        let s = try decodeSpec(#"{"series": [{"type": "box", "x": [1, 1, 2], "y": [3, 4, 5], "whiskers": 3, "notch": true, "outliers": false, "barWidth": 0.4}]}"#).series[0]
        #expect(s.kind == .box && s.box.whiskers == .interquartile(3) && s.box.notch && !s.box.outliers && s.box.width == 0.4)
        #expect(try decodeSpec(#"{"series": [{"type": "box", "y": [1], "whiskers": "range"}]}"#).series[0].box.whiskers == .range)
        #expect(specError(#"{"series": [{"type": "box", "y": [1], "whiskers": "minmax"}]}"#)
                == #"series[0].whiskers: expected a factor of the IQR (1.5 is Tukey's) or "range", found "minmax""#)
        #expect(specError(#"{"series": [{"type": "box", "y": [1], "whiskers": -1}]}"#).hasPrefix("series[0].whiskers:"))
        #expect(specError(#"{"series": [{"type": "box", "y": [1], "barWidth": 1.5}]}"#).hasPrefix("series[0].barWidth:"))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "notch": true}]}"#)
                == #"series[0].notch: only box plots take "notch"; this series is a line ("type": "box")"#)
        // What a box does not draw is refused when the chart is checked.
        for (key, json) in [("size", #""size": [1, 2]"#), ("stack", #""stack": "s""#), ("labels", #""labels": ["a", "b"]"#)] {
            let chart = try decodeSpec(#"{"series": [{"type": "box", "y": [1, 2], "# + json + "}]}")
            #expect(Self.problem(chart).hasPrefix("series[0].\(key):"), "\(Self.problem(chart))")
        }
    }

    /// What `chart.validate()` says is wrong.
    static func problem(_ chart: Chart) -> String {
        do { try chart.validate() } catch { return "\(error)" }
        return ""
    }

    @Test func aNotchedBoxWritesSVG() throws {
        let svg = String(decoding: try Shared.renderer(.cpu).output(Self.box { $0.box.notch = true }, format: .svg).bytes, as: UTF8.self)
        #expect(svg.contains("<svg") && svg.components(separatedBy: "<path").count - 1 >= 2)
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("boxes")), named: "boxes")
    }
}

extension BoxPlotTests {
    @Test(arguments: [SeriesKind.box, .violin])
    func hiddenEmptyAndSortedGroupsAreHandled(kind: SeriesKind) throws {
        // A hidden series (its points gone), one of no finite values, and one beside them: drawn without a trap.
        var hidden = Series(kind: kind, name: "hidden", x: [1, 1, 2], y: [3, 4, 5])
        hidden.visible = false
        let chart = Chart(series: [hidden, Series(kind: kind, name: "empty", x: [.nan, 1], y: [1, .nan]),
                                   Series(kind: kind, name: "kept", x: [1, 1, 2, 2], y: [1, 2, 3, 4])])
        #expect(try Shared.renderer(.cpu).render(chart).width == chart.width)
        // Sorting would renumber the categories under the boxes: refused with its path.
        let sorted = try decodeSpec(#"{"x": {"categories": true}, "series": [{"type": "\#(kind.rawValue)", "x": ["a", "b"], "y": [1, 2], "sort": "-y"}]}"#)
        #expect(Self.problem(sorted).hasPrefix("series[0].sort:"), "\(Self.problem(sorted))")
    }
}
