extension SeriesKind {
    /// A candle per period (`Series.candles`): a body from open to close on a wick from low to high.
    public static let candlestick = SeriesKind(named: "candlestick")
    /// A bar per period from low to high, the open ticked left and the close right.
    public static let ohlc = SeriesKind(named: "ohlc")
}

/// Candles (`CandleMark`): `open`, `high`, `low`, `close`, `up` and `down` are their keys.
enum CandlestickKind: MarkDefinition {
    static let kind = SeriesKind.candlestick
    static let plural = "candlesticks"
    static let keys = ["open", "high", "low", "close", "up", "down"]
    static let unusedKeys = ["y", "size", "labels", "stack", "orientation", "markers"]
    static let unusedKeysReason = "its values are open, high, low and close"
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
    static func pointOrigin(_ series: Series) -> PointOrigin { .periods }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try CandleStyle.validate(series, index: index) }
}

extension CandleStyle {
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
