/// The open, high and low of each point of a candlestick or OHLC series (`Series.candles`; the close is the
/// series' y), and how the candles are drawn.
public struct CandleStyle: Equatable, Sendable {
    /// Each period's first, highest and lowest value, one per point.
    public var open: Column, high: Column, low: Column
    /// The colour of a period that closed at or above its open, and of one that closed below it.
    public var up = Color(rgb: 0x26A69A), down = Color(rgb: 0xEF5350)
    /// A candle's width as a share (0…1] of the smallest distance between neighbouring periods.
    public var width = 0.7

    /// Candles of `open`, `high` and `low`.
    public init(open: Column, high: Column, low: Column) { (self.open, self.high, self.low) = (open, high, low) }
}

extension Series {
    /// The open, high and low of a candlestick or OHLC series (its close is `y`).
    public var candles: CandleStyle? {
        get { styles[ifSet: CandleStyle.self] }
        set { styles[ifSet: CandleStyle.self] = newValue }
    }

    /// A candlestick series (`kind` `.candlestick`: a body from open to close on a wick from low to high) or an OHLC
    /// one (`.ohlc`: a line from low to high with the open ticked left and the close right), a period per `x`.
    public static func candles(_ kind: SeriesKind = .candlestick, name: String = "", x: Column, open: Column, high: Column, low: Column,
                               close: Column) -> Series {
        var s = Series(kind: kind, name: name, x: x, y: close)
        s.candles = CandleStyle(open: open, high: high, low: low)
        return s
    }
}
