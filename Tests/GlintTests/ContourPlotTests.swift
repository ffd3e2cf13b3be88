import Foundation
import GlintRenderTestSupport
@testable import GlintSpec
import Glint
import Testing

/// Contours: bands in their middle value's colour and lines in their level's, on both painters; labels on the
/// lines, clear of each other, the lines parted under them; the spec's keys read, checked and refused with their
/// paths. (The geometry is judged against contourpy in `ContourTests`.)
@Suite struct ContourPlotTests {
    /// The start of a spec of z = x + y on 0…10 × 0…10 (11 × 11 nodes: straight diagonal levels) with `keys`, to be
    /// closed with `}]}`.
    static func spec(_ keys: String) -> String {
        let axis = (0...10).map(String.init).joined(separator: ", ")
        let rows = (0...10).map { r in "[" + (0...10).map { String($0 + r) }.joined(separator: ", ") + "]" }.joined(separator: ", ")
        return #"{"width": 500, "height": 400, "series": [{"type": "contour", "x": [\#(axis)], "y": [\#(axis)], "z": [\#(rows)], \#(keys)"#
    }

    @Test(arguments: painters)
    func bandsTakeTheirMiddleValuesColourAndLinesTheirLevels(backend: Backend) throws {
        let renderer = try Shared.renderer(backend)
        let scale = ##""color": {"scale": {"stops": [[0, "#ffffff"], [20, "#d62728"]]}}"##
        let filled = try decodeSpec(Self.spec(#""levels": [5, 10, 15], "filled": true, "#) + scale + "}]}")
        let image = try renderer.render(filled), t = try renderer.layout(filled).transform
        func at(_ image: Image, _ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        // The band 5…10 in the colour of 7.5, 10…15 in that of 12.5; below 5 and above 15 nothing.
        let red = Color(rgb: 0xD62728)
        #expect(at(image, 3, 4).near(RGB(Color.white.mixed(with: red, amount: 7.5 / 20)), 3), "\(at(image, 3, 4))")
        #expect(at(image, 6, 6).near(RGB(Color.white.mixed(with: red, amount: 12.5 / 20)), 3), "\(at(image, 6, 6))")
        #expect(at(image, 1, 1).near(.white, 30) && at(image, 9, 9).near(.white, 30))
        let lines = try decodeSpec(Self.spec(##""levels": [10], "color": "#1f77b4", "width": 3"##) + "}]}")
        let drawn = try renderer.render(lines), u = try renderer.layout(lines).transform
        let p = u.apply(5, 5)
        #expect(RGB(drawn, Int(p.x), Int(p.y)).near(RGB(0x1F, 0x77, 0xB4), 12), "\(RGB(drawn, Int(p.x), Int(p.y)))")
    }

    @Test func labelsSitOnTheirLinesClearOfEachOtherAndTheLinesArePartedUnderThem() throws {
        let chart = try decodeSpec(Self.spec(#""levels": [4, 8, 12, 16], "levelLabels": true"#) + "}]}")
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.map(\.text).sorted() == ["12", "16", "4", "8"], "\(labels.map(\.text))")
        for (a, b) in zip(labels, labels.dropFirst()) { #expect(!a.box.intersects(b.box)) }
        // No line strikes through a label: the lines are parted under them.
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        // Each label lies on its level: the line x + y = level passes through its box's middle.
        let t = try Shared.renderer(.cpu).layout(chart).transform
        for label in labels {
            let middle = t.inverse(Point(label.box.x + label.box.width / 2, label.box.y + label.box.height / 2))
            #expect(abs(middle.x + middle.y - Double(label.text)!) < 0.3, "\(label.text): \(middle)")
        }
    }

    @Test func theSpecReadsItsKeysAndRefusesTheirMisuse() throws {
        let s = try decodeSpec(Self.spec(#""levels": 4, "filled": true, "levelLabels": true"#) + "}]}").series[0]
        #expect(s.kind == .contour && s.contour.levels == .count(4) && s.contour.filled && s.contour.levelLabels && s.contour.grid?.x.count == 11)
        let points = try decodeSpec(#"{"series": [{"type": "contour", "x": [1, 2, 3], "y": [3, 1, 2], "gridsize": 40, "levels": [0.1, 0.2]}]}"#).series[0]
        #expect(points.contour.grid == nil && points.contour.gridSize == 40 && points.contour.levels == .given([0.1, 0.2]))
        #expect(specError(#"{"series": [{"type": "contour", "y": [1], "levels": 0}]}"#) == "series[0].levels: expected a whole number from 1 to 1000, found 0.0")
        #expect(specError(#"{"series": [{"type": "contour", "y": [1], "levels": []}]}"#).hasPrefix("series[0].levels: expected a count"))
        #expect(specError(#"{"series": [{"type": "contour", "y": [1], "gridsize": 1}]}"#).hasPrefix("series[0].gridsize: expected a whole number from 2"))
        #expect(specError(#"{"series": [{"type": "contour", "y": [1], "filled": 1}]}"#).hasPrefix("series[0].filled:"))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "levelLabels": true}]}"#) == #"series[0].levelLabels: only contours take "levelLabels"; this series is a line ("type": "contour")"#)
        // 300 points on a 1000 × 1000 grid is 3e8 kernel evaluations, past the limit; a log axis takes no grid.
        let big = (0..<300).map { String($0) }.joined(separator: ", ")
        #expect(throws: ChartError.self) { try decodeSpec(#"{"series": [{"type": "contour", "x": [\#(big)], "y": [\#(big)], "gridsize": 1000}]}"#).validate() }
        #expect(throws: ChartError.self) { try decodeSpec(#"{"y": {"scale": "log"}, "series": [{"type": "contour", "x": [1, 2, 3], "y": [3, 1, 2]}]}"#).validate() }
        // A grid whose values do not fill it, and levels crossing more cells than a contour draws, are refused.
        #expect(throws: ChartError.self) { try bareChart([.contour(grid: ContourGrid(x: [0, 1], y: [0, 1], z: [1]))]).validate() }
        let checkerboard = (0..<400).map { r in (0..<400).map { c in Double((r + c) % 2) } }
        var many = Series.contour(grid: ContourGrid(x: (0..<400).map(Double.init), y: (0..<400).map(Double.init), z: checkerboard.flatMap { $0 }),
                                  levels: .given((1...100).map { Double($0) / 101 }), filled: true)
        many.name = "checkerboard"
        #expect(throws: ChartError.self) { try bareChart([many]).validate() }
    }

    @Test(arguments: painters)
    func matchesGolden(backend: Backend) throws {
        try Golden.check(Shared.renderer(backend).render(GoldenCharts.example("contours")), named: "contours")
    }
}

/// Long-form tables read as grids: one laid out row by row in one pass, the same grid as the slow path finds; one
/// whose positions skip a lattice step (hours with one missing) widened as before; positions far apart placed
/// without a trap.
@Suite struct LongFormGridTests {
    @Test func aRowMajorTableIsReadAsTheSlowPathReadsIt() throws {
        let xs: [Double] = [0, 1, 2, 0, 1, 2], ys: [Double] = [5, 5, 5, 7, 7, 7], values: [Double] = [1, 2, 3, 4, 5, 6]
        let fast = try ChartSpec.gridOf((xs, ys, values), path: "data")
        #expect(fast.x == [0, 1, 2] && fast.y == [5, 7] && fast.values == values)
        // Shuffled, the slow path finds the same grid.
        let order = [3, 0, 5, 1, 4, 2]
        let slow = try ChartSpec.gridOf((order.map { xs[$0] }, order.map { ys[$0] }, order.map { values[$0] }), path: "data")
        #expect(slow.x == fast.x && slow.y == fast.y && slow.values == fast.values)
        // A missing lattice step is a missing column, as before.
        let skipped = try ChartSpec.gridOf(([0, 1, 3, 0, 1, 3], ys, values), path: "data")
        #expect(skipped.x == [0, 1, 2, 3] && skipped.values[2].isNaN && skipped.values[3] == 3)
        // Uneven positions far apart: placed by search, not by a step that overflows an Int.
        let far = try ChartSpec.gridOf(([0, 1, 1e300], [0, 0, 1], [1, 2, 3]), path: "data")
        #expect(far.x == [0, 1, 1e300] && far.values.filter { !$0.isNaN }.count == 3)
    }
}
