import GlintCore

/// Candlestick and OHLC series: `open`, `high`, `low` and `close` per period — inline arrays, or columns of
/// `data.csv` named by the same keys — with `up` and `down` colours and `barWidth`.
extension ChartSpec {
    static let candleValueKeys = ["open", "high", "low", "close"]

    /// Whether `kind` draws candles.
    static func isCandles(_ kind: SeriesKind) -> Bool { kind == .candlestick || kind == .ohlc }

    /// The candle series of `o` at `x` (inline, or the CSV's x column; 0, 1, 2, … when not given).
    static func candles(_ o: SpecObject, kind: SeriesKind, x: [Double]?, sources: CSVSources, file: String?, data: SpecObject?) throws -> Series {
        var values: [String: [Double]] = [:]
        for key in candleValueKeys {
            if let data, let column = try data.string(key) {
                values[key] = try sources.numbers(column, file: file, path: data.childPath(key), what: "prices").doubles
            } else if let inline = try o.numbers(key) {
                values[key] = inline
            } else {
                throw GlintError.badValue(path: o.childPath(key), message: "missing; a \(kind.rawValue) needs open, high, low and close"
                                          + " (inline, or columns of data.csv)")
            }
        }
        let close = values["close"] ?? []
        let xs = x ?? close.indices.map(Double.init)
        var s = Series.candles(kind, x: Column(xs), open: Column(values["open"] ?? []), high: Column(values["high"] ?? []),
                               low: Column(values["low"] ?? []), close: Column(close))
        if let up = try o.color("up") { s.candles?.up = up }
        if let down = try o.color("down") { s.candles?.down = down }
        if let b = try o.number("barWidth") {
            guard b > 0, b <= 1 else { throw GlintError.badValue(path: o.childPath("barWidth"), message: "expected a share in (0, 1], found \(b)") }
            s.candles?.width = b
        }
        return s
    }
}
