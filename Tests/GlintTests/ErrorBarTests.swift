import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Error bars as users see them: a bar through each point to its reach along y or x, caps across the ends, the
/// reach inside the auto range, on bars at the bar's centre and top; bad reaches refused with their path.
@Suite struct ErrorBarTests {
    static let red = Color(rgb: 0xD00000)

    /// Dots at (2, 4) and (6, 5) on a 0…10 × 0…10 plot, with reaches along y of 2 (symmetric) and 1 below, 3 above.
    static var dots: Chart {
        var s = Series.dots(x: [2, 6], y: [4, 5], color: Color(rgb: 0x0000FF))
        s.dots.radius = 2...2
        var bars = ErrorBarStyle(y: ErrorExtent(minus: [2, 1], plus: [2, 3]), x: ErrorExtent(symmetric: [0, 1.5]))
        (bars.color, bars.width, bars.cap) = (red, 2, 10)
        s.errorBars = bars
        return bareChart([s])
    }

    @Test(arguments: painters)
    func barsReachEachPointsExtentWithCaps(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.dots
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double, dx: Double = 0) -> RGB {
            let p = t.apply(x, y)
            return RGB(image, Int(p.x + dx), Int(p.y))
        }
        let red = RGB(Self.red)
        // Point 0: 2 below and above; point 1: 1 below, 3 above.
        #expect(at(2, 2.3) == red && at(2, 5.7) == red && at(2, 1.7) == .white && at(2, 6.3) == .white)
        #expect(at(6, 4.3) == red && at(6, 7.7) == red && at(6, 3.7) == .white && at(6, 8.3) == .white)
        // A cap 10 px long across each end: 4 px to the side of the bar, on the end's row.
        #expect(at(2, 6, dx: 4) == red && at(2, 2, dx: -4) == red && at(2, 4.5, dx: 4) == .white)
        // Along x for point 1: 1.5 each way.
        #expect(at(4.8, 5) == red && at(7.2, 5) == red && at(4.3, 5) == .white && at(7.7, 5) == .white)
    }

    @Test func theAutoRangeHoldsTheReach() throws {
        var chart = Self.dots
        (chart.x.range, chart.y.range) = (nil, nil)
        let layout = try Shared.layout(chart)
        #expect(layout.y.domain.lowerBound <= 2 && layout.y.domain.upperBound >= 8 && layout.x.domain.upperBound >= 7.5)
    }

    @Test(arguments: painters)
    func onBarsTheyStandAtTheBarsCentreAndTop(backend: Backend) throws {
        let chart = GoldenCharts.example("error-bars")
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        // "Good": mean 17.60, sd 3.32 at category 0; the bar is drawn in the series colour darkened.
        let p = t.apply(0, 20.5), q = t.apply(0, 21.3)
        // The bar is 1.5 px wide around the centre: the darkest of the pixels there is its colour.
        let bar = (-1...1).map { RGB(image, Int(p.x) + $0, Int(p.y)) }.min { $0.r < $1.r }!
        let above = (-1...1).map { RGB(image, Int(q.x) + $0, Int(q.y)) }
        #expect(bar.near(RGB(59, 96, 118), 12) && above.allSatisfy { $0 == .white }, "\(bar) \(above)")
    }

    @Test func theSpecReadsReachesInlineAndFromColumns() throws {
        let chart = GoldenCharts.example("error-bars")
        #expect(chart.series[0].errorBars?.y?.plus.doubles == [3.32, 3.65, 3.48])
        let inline = try decodeSpec(#"{"series": [{"type": "dots", "y": [1, 2], "errorBars": {"y": {"minus": 0.5, "plus": [1, 2]}, "x": 0.25, "cap": 0}}]}"#)
        let bars = try #require(inline.series[0].errorBars)
        #expect(bars.y?.minus.doubles == [0.5, 0.5] && bars.y?.plus.doubles == [1, 2] && bars.x?.plus.doubles == [0.25, 0.25] && bars.cap == 0)
    }

    @Test func badReachesAreRefusedWithTheirPath() {
        func error(_ bars: String, type: String = "dots") -> String {
            specError(#"{"series": [{"type": "\#(type)", "y": [1, 2], "errorBars": \#(bars)}]}"#)
        }
        #expect(error(#"{"y": -1}"#) == "series[0].errorBars.y: a reach is a distance, 0 or more; found -1.0")
        #expect(error(#"{"y": [1, -2]}"#) == "series[0].errorBars.y[1]: a reach is a distance, 0 or more; found -2.0")
        #expect(error(#"{"y": {"minus": 1}}"#) == "series[0].errorBars.y: give both minus and plus (or one reach for both ways)")
        #expect(error(#"{"cap": 3}"#) == "series[0].errorBars: give the reach along y, x or both")
        // A column name without data.csv reads the columns handed over with the spec; with none, it says so.
        #expect(error(#"{"y": "sd"}"#) == #"series[0].errorBars.y: no column named "sd": no columns were given with the spec (name a CSV file with data.csv to read one from a file)"#)
        #expect(error(#"{"y": true}"#) == "series[0].errorBars.y: expected a number, an array of numbers or a column name, found a boolean")
        #expect(error(#"{"y": 1, "width": 0}"#).hasPrefix("series[0].errorBars.width: expected a number above 0"))
        var chart = Self.dots
        chart.series[0].errorBars?.y = ErrorExtent(symmetric: [1])
        #expect(throws: GlintError.badValue(path: "series[0].errorBars.y", message: "has 1 minus reaches but the series has 2 points")) {
            try Shared.renderer(.cpu).render(chart)
        }
    }

    /// Value labels never lie on an error bar's whisker or cap: a bar's label stands past its error bar's top
    /// (`glint layout` finds no text across a mark), and the auto range leaves it room.
    @Test func valueLabelsStandClearOfErrorBars() throws {
        let cats = #"["north", "south", "east", "west"]"#
        let spec = #"{"width": 640, "height": 400, "x": {"categories": true}, "series": ["#
            + #"{"type": "bars", "name": "2023", "x": \#(cats), "y": [12.5, 18.25, 9.75, 15.5], "valueLabels": true, "errorBars": {"y": [1.5, 2.5, 1.25, 2], "cap": 8}},"#
            + #"{"type": "bars", "name": "2024", "x": \#(cats), "y": [14.25, 16.5, 11.75, 17], "valueLabels": true, "errorBars": {"y": [2, 1.5, 1.75, 2.5], "cap": 8}}]}"#
        let report = try Shared.renderer(.cpu).layoutReport(try decodeSpec(spec))
        #expect(report.collisions.isEmpty, "\(report.collisions)")
        let labels = report.texts.filter { $0.role.kind == .pointLabel }
        #expect(labels.count == 8, "\(labels.map(\.text)) \(report.notices)")
        // 18.25's label (three significant digits: "18.2") stands above its error bar's top, 20.75.
        let y = try #require(report.axes.first { $0.name == "y" })
        let top = report.plot.maxY - (20.75 - y.range.lowerBound) / (y.range.upperBound - y.range.lowerBound) * report.plot.height
        let south = try #require(labels.first { $0.role.series == 0 && $0.role.index == 1 })
        #expect(south.text == "18.2" && south.box.maxY <= top, "\(south.text) \(top)")
    }
}
