extension SeriesKind {
    /// A candle per period (`Series.candles`): a body from open to close on a wick from low to high.
    public static let candlestick = SeriesKind(named: "candlestick")
    /// A bar per period from low to high, the open ticked left and the close right.
    public static let ohlc = SeriesKind(named: "ohlc")
}

/// Candles (`CandleMark`): `open`, `high`, `low`, `close`, `up` and `down` are their keys, `barWidth` their
/// width; a period per row.
enum CandlestickKind: MarkDefinition {
    static let kind = SeriesKind.candlestick
    static let plural = "candlesticks"
    static let keys = ["open", "high", "low", "close", "up", "down"]
    static let unusedKeys = ["y", "size", "labels", "stack", "orientation", "markers"]
    static let unusedKeysReason = "its values are open, high, low and close"
    static let dataShape = DataShape.periods
    static let dataColumns = CandleStyle.priceKeys
    static func read(_ keys: any MarkKeys, into series: inout Series) throws { try CandleStyle.read(keys, into: &series) }
    static func pointOrigin(_ series: Series) -> PointOrigin { .periods }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try CandleStyle.validate(series, index: index) }
}

/// OHLC bars (`CandleMark`): the keys of candles.
enum OHLCKind: MarkDefinition {
    static let kind = SeriesKind.ohlc
    static let plural = "OHLC bars"
    static let keys = CandlestickKind.keys
    static let unusedKeys = CandlestickKind.unusedKeys
    static let unusedKeysReason = CandlestickKind.unusedKeysReason
    static let dataShape = DataShape.periods
    static let dataColumns = CandleStyle.priceKeys
    static func read(_ keys: any MarkKeys, into series: inout Series) throws { try CandleStyle.read(keys, into: &series) }
    static func pointOrigin(_ series: Series) -> PointOrigin { .periods }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try CandleStyle.validate(series, index: index) }
}

extension CandleStyle {
    /// The keys of a period's prices, each a value per row.
    static let priceKeys = ["open", "high", "low", "close"]

    /// `open`, `high`, `low` and `close`: a price per period (inline, or columns of the series' table), the close
    /// its y; `up` and `down`: colours; `barWidth`: a share (0, 1] of the smallest distance between periods.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        let prices = try priceKeys.map { key in
            guard let column = try keys.column(key, what: "prices") else {
                throw ChartError.invalidValue(path: keys.childPath(key), reason: "missing; a \(series.kind.rawValue) needs open, high, low and close"
                                              + " (inline, or columns of data.csv)")
            }
            return column
        }
        series.y = prices[3]
        var style = CandleStyle(open: prices[0], high: prices[1], low: prices[2])
        if let up = try keys.color("up") { style.up = up }
        if let down = try keys.color("down") { style.down = down }
        if let b = try keys.number("barWidth") {
            guard b > 0, b <= 1 else { throw ChartError.invalidValue(path: keys.childPath("barWidth"), reason: "expected a share in (0, 1], found \(b)") }
            style.width = b
        }
        series.candles = style
    }

    /// Open, high and low for every period (the close is the series' y); a width within a period.
    static func validate(_ s: Series, index i: Int) throws {
        guard let c = s.candles else {
            throw ChartError.invalidStyle(series: i, field: "open", reason: "a \(s.kind.rawValue) needs open, high and low (its y is the close)")
        }
        for (field, column) in [("open", c.open), ("high", c.high), ("low", c.low)] where column.count != s.x.count {
            throw ChartError.invalidStyle(series: i, field: field, reason: "has \(column.count) values but the series has \(s.x.count) periods")
        }
        guard c.width > 0, c.width <= 1 else {
            throw ChartError.invalidStyle(series: i, field: "barWidth", reason: "must be in (0, 1], found \(c.width)")
        }
    }
}
