import Foundation
import Glint
import GlintRenderTestSupport
import GlintSpec
import GlintTestSupport
import Testing

/// Candlesticks and OHLC bars as users see them: bodies from open to close in the up or down colour on wicks from
/// low to high, ticks for OHLC, periods thinner than a pixel drawn as their column's range, hits naming the period;
/// bad candles refused with their path.
@Suite struct CandleTests {
    /// Two periods on a 0…10 plot: up (open 2, close 6, range 1…8) at x 3, down (open 7, close 4, range 3…9) at x 7.
    static func pair(_ kind: SeriesKind) -> Chart {
        var s = Series.candles(kind, x: [3, 7], open: [2, 7], high: [8, 9], low: [1, 3], close: [6, 4])
        s.candles?.width = 0.5
        return bareChart([s])
    }

    @Test(arguments: painters)
    func candlesShowOpenCloseAndRangeInTheirDirectionsColour(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.pair(.candlestick)
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        let (up, down) = (RGB(Color(rgb: 0x26A69A)), RGB(Color(rgb: 0xEF5350)))
        // Bodies: 1 unit either side of x (width 0.5 of the spacing 4).
        #expect(at(2.3, 4) == up && at(3.7, 5.5) == up && at(2.3, 6.5) == .white && at(2.3, 1.7) == .white)
        #expect(at(6.3, 5) == down && at(7.7, 6.8) == down && at(6.3, 3.7) == .white)
        // Wicks reach the high and the low.
        #expect(at(3, 7.8) == up && at(3, 1.2) == up && at(3, 8.3) == .white && at(7, 8.8) == down && at(7, 3.2) == down)
    }

    @Test(arguments: painters)
    func ohlcBarsTickTheOpenLeftAndTheCloseRight(backend: Backend) throws {
        let renderer = try Shared.renderer(backend), chart = Self.pair(.ohlc)
        let image = try renderer.render(chart), t = try renderer.layout(chart).transform
        func at(_ x: Double, _ y: Double) -> RGB { let p = t.apply(x, y); return RGB(image, Int(p.x), Int(p.y)) }
        let up = RGB(Color(rgb: 0x26A69A))
        #expect(at(2.4, 2) == up && at(3.6, 6) == up, "open ticked left, close right")
        #expect(at(3.6, 2) == .white && at(2.4, 6) == .white && at(2.4, 4) == .white, "no body")
    }

    /// 6,000 periods on a plot under 300 px wide: one period's high of 9 shows in its column.
    @Test(arguments: painters)
    func periodsThinnerThanAPixelKeepTheirColumnsRange(backend: Backend) throws {
        let n = 6_000
        var high = [Double](repeating: 5.5, count: n)
        high[4_321] = 9
        let s = Series.candles(x: Column((0..<n).map { Double($0) / 600 }), open: Column([Double](repeating: 5, count: n)), high: Column(high),
                               low: Column([Double](repeating: 4.5, count: n)), close: Column([Double](repeating: 5.2, count: n)))
        let chart = bareChart([s])
        let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
        let spike = t.apply(4_321.0 / 600, 8.5)
        #expect(RGB(image, Int(spike.x.rounded(.down)), Int(spike.y)) == RGB(Color(rgb: 0x26A69A)))
        let hit = try renderer.hitTest(chart, at: Point(spike.x.rounded(.down) + 0.5, spike.y), tolerance: 0)
        guard case let .point(_, index, _, _, _)? = hit else { Issue.record("no period hit"); return }
        #expect(abs(index - 4_321) < 12, "a period of the spike's column: \(index)")
    }

    /// Periods 3.5 and 4.1 px apart, where 0.7 of the spacing is under 3 px: bodies of 2 and 3 whole pixels keep the
    /// open and close in view (they were bare wicks), with a background pixel between neighbours.
    @Test(arguments: painters)
    func narrowCandlesKeepBodiesOnWholePixels(backend: Backend) throws {
        let plot = try Shared.layout(bareChart([.line(x: [0, 10], y: [0, 10])])).plot.width
        for (apart, body) in [(4.1, 3), (3.5, 2)] {
            // Up candles (open 4, close 6, range 2…8), `apart` px apart across the 0…10 plot.
            let count = Int(plot / apart), unit = 10 / Double(count)
            let x = Column((0..<count).map { Double($0) * unit })
            let s = Series.candles(x: x, open: Column([Double](repeating: 4, count: count)), high: Column([Double](repeating: 8, count: count)),
                                   low: Column([Double](repeating: 2, count: count)), close: Column([Double](repeating: 6, count: count)))
            let chart = bareChart([s])
            let renderer = try Shared.renderer(backend), image = try renderer.render(chart), t = try renderer.layout(chart).transform
            let spacing = abs(t.apply(unit, 0).x - t.apply(0, 0).x)
            #expect(spacing >= Double(body + 1) && spacing < Double(body + 2), "\(count) periods: \(spacing) px apart")
            let up = RGB(Color(rgb: 0x26A69A))
            for k in [count / 3, count / 2] {
                // The run of up-coloured pixels through the period's column, across its body and across its wick.
                func run(_ y: Double) -> Int {
                    let p = t.apply(Double(k) * unit, y), (column, row) = (Int(p.x), Int(p.y))
                    var (left, right) = (column, column)
                    while RGB(image, left - 1, row) == up { left -= 1 }
                    while RGB(image, right + 1, row) == up { right += 1 }
                    return RGB(image, column, row) == up ? right - left + 1 : 0
                }
                #expect(run(5) == body && run(7.5) == 1, "\(count) periods: period \(k)'s body \(run(5)) px, wick \(run(7.5)) px")
            }
        }
    }

    @Test func theSpecReadsColumnsAndRefusesBadCandles() throws {
        let chart = GoldenCharts.example("candlestick")
        let s = try #require(chart.series.first)
        #expect(s.kind == .candlestick && s.x.count == 53 && s.candles?.high.count == 53)
        #expect(specError(#"{"series": [{"type": "ohlc", "open": [1], "high": [2], "low": [0]}]}"#).hasPrefix("series[0].close: missing"))
        #expect(specError(#"{"series": [{"type": "candlestick", "y": [1]}]}"#).hasPrefix("series[0].y: a candlestick takes no \"y\""))
        #expect(specError(#"{"series": [{"type": "line", "y": [1], "open": [1]}]}"#).hasPrefix("series[0].open: only candlesticks and OHLC bars"))
        #expect(specError(#"{"series": [{"type": "candlestick", "open": [1], "high": [2], "low": [0], "close": [1], "up": "nope"}]}"#)
            .hasPrefix("series[0].up: expected a colour"))
        var short = Self.pair(.candlestick)
        short.series[0].candles?.low = [1]
        #expect(throws: GlintError.badValue(path: "series[0].low", message: "has 1 values but the series has 2 periods")) {
            try Shared.renderer(.cpu).render(short)
        }
    }
}
