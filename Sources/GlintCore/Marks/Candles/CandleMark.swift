/// Candlesticks (`"type": "candlestick"`) and OHLC bars (`"type": "ohlc"`): per period a wick from low to high,
/// and a body from open to close (candlestick) or a tick left at the open and right at the close (OHLC), in the up
/// colour where the period closed at or above its open and the down colour below. Wicks and ticks are whole device
/// pixels on whole pixels. Where candlesticks would be thinner than 3 px, bodies are 3 or 2 whole pixels where
/// periods are 4 or 3 px apart; closer, the periods in each pixel column are drawn as one (the first open, the
/// highest high, the lowest low, the last close), so every column keeps its range.
enum CandleMark: Mark {
    static func draws(_ series: Series) -> Bool { (series.kind == .candlestick || series.kind == .ohlc) && series.candles != nil }

    /// Candles span their width across their period and reach from the lowest low to the highest high.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        guard let c = s.candles else { return MarkFit(x: extent.x, y: extent.y) }
        var fit = MarkFit(x: extent.x, y: extent.y).holding([c.low, c.high], of: s, in: chart)
        let half = c.width * (DataRange.smallestGap(s.x, forward: chart.x.function) ?? 1) / 2
        fit.x = (extent.x.lowerBound - half)...(extent.x.upperBound + half)
        return fit
    }

    /// A candle in the up colour.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        guard let c = s.candles else { return [] }
        let h = (rect.height * 0.8).rounded(), w = max(type.px(1), (h * 0.45).rounded()), center = rect.center
        let wick = Rect(x: (center.x - type.px(1) / 2).rounded(), y: (center.y - h / 2).rounded(), width: max(1, type.px(1).rounded()), height: h)
        let body = Rect(x: (center.x - w / 2).rounded(), y: (center.y - h / 4).rounded(), width: w, height: (h / 2).rounded())
        return [SceneCommand(.rects([RectShape(wick, c.up), RectShape(body, c.up)]))]
    }

    /// The period whose candle contains `pixel`.
    static func covering(_ pixel: Point, _ context: MarkContext) -> Int? {
        candles(context).first { $0.bounds.contains(pixel) }?.period
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let rects = candles(context).flatMap(\.rects)
        return rects.isEmpty ? [] : [SceneCommand(.rects(rects), clip: context.layout.plotClip)]
    }

    /// One drawn candle: its rectangles, the box they fill, and the period it shows (the first of a pixel column's).
    struct Drawn {
        let rects: [RectShape], bounds: Rect, period: Int
    }

    /// The candles of the series of `context` in device pixels.
    static func candles(_ context: MarkContext) -> [Drawn] {
        let s = context.series, layout = context.layout, t = layout.transform(for: s)
        guard let style = s.candles else { return [] }
        let n = min(s.x.count, s.y.count, style.open.count, style.high.count, style.low.count)
        let line = max(1, layout.typography.px(1).rounded())
        func near(_ v: Double, _ size: Int) -> Double { min(max(v, -GuardBand.margin), Double(size) + GuardBand.margin) }
        func px(_ x: Double) -> Double? { t.forwardX.admits(x) ? near(t.apply(t.forwardX(x), 0).x, layout.imageWidth) : nil }
        func py(_ y: Double) -> Double { t.forwardY.admits(y) ? near(t.apply(0, t.forwardY(y)).y, layout.imageHeight) : layout.plot.maxY }
        let spacing = (DataRange.smallestGap(s.x, forward: t.forwardX) ?? 1) * abs(t.scaleX)
        // Candlesticks of crowded periods (3 to 5 px apart) narrower than 3 px take bodies of whole pixels — 3 where
        // periods are 4 px apart, 2 where 3, where that is wider than the wick — so that open and close still show
        // (sixty days on 250 px) with a pixel between bodies; periods closer than 3 px are high–low lines.
        let wholeBody: Double = spacing >= 4 ? 3 : 2
        let narrow = s.kind == .candlestick && spacing * style.width < 3 && (3..<5).contains(spacing) && wholeBody > line
        let width = narrow ? wholeBody : spacing * style.width
        let thin = !narrow && width < 3
        // Each period (or each pixel column's periods, where thin): x, open, high, low, close.
        var periods: [(x: Double, o: Double, h: Double, l: Double, c: Double, first: Int)] = []
        for i in 0..<n {
            let (o, h, l, c) = (style.open[i], style.high[i], style.low[i], s.y[i])
            guard let x = px(s.x[i]), o.isFinite, h.isFinite, l.isFinite, c.isFinite else { continue }
            if thin, let last = periods.last, last.x.rounded(.down) == x.rounded(.down) {
                periods[periods.count - 1] = (last.x, last.o, max(last.h, h), min(last.l, l), c, last.first)
            } else {
                periods.append((x, o, h, l, c, i))
            }
        }
        return periods.map { p in
            let color = p.c >= p.o ? style.up : style.down
            let centre = thin || narrow ? p.x.rounded(.down) + 0.5 : p.x
            let top = py(p.h), bottom = py(p.l)
            let wick = Rect(x: (centre - line / 2).rounded(), y: top, width: line, height: max(bottom - top, line))
            var rects = [RectShape(wick, color)]
            var bounds = wick
            if !thin {
                let (yo, yc) = (py(p.o), py(p.c))
                if s.kind == .candlestick {
                    // A narrow body covers its wick's pixel column and the one right of it (and left, at 3 px).
                    let left = narrow ? centre - 0.5 - (width - 2) : centre - width / 2
                    let body = Rect(x: left, y: min(yo, yc), width: width, height: max(abs(yc - yo), line))
                    rects.append(RectShape(body, color))
                    bounds = bounds.union(body)
                } else {
                    let open = Rect(x: centre - width / 2, y: (yo - line / 2).rounded(), width: width / 2, height: line)
                    let close = Rect(x: centre, y: (yc - line / 2).rounded(), width: width / 2, height: line)
                    rects += [RectShape(open, color), RectShape(close, color)]
                    bounds = bounds.union(open).union(close)
                }
            }
            return Drawn(rects: rects, bounds: bounds, period: p.first)
        }
    }
}
