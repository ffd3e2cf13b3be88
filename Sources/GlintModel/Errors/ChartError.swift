import GlintScales

/// Why a chart cannot be laid out. Each case names the series by its index.
public enum ChartError: Error, Equatable, CustomStringConvertible {
    /// Width or height is not a positive number of pixels.
    case invalidSize(width: Int, height: Int)
    /// The scale is not a positive finite number.
    case invalidScale(Double)
    /// A series has different numbers of x and y values.
    case lengthMismatch(series: Int, x: Int, y: Int)
    /// A series has a size array whose length differs from its points.
    case sizeLengthMismatch(series: Int, points: Int, sizes: Int)
    /// An explicit axis range is empty, reversed or not finite.
    case invalidRange(axis: String, lower: Double, upper: Double)
    /// A style number is out of its allowed range.
    case invalidStyle(series: Int, field: String, reason: String)
    /// A series has a labels array whose length differs from its points.
    case labelsLengthMismatch(series: Int, points: Int, labels: Int)
    /// A dash pattern is empty, has a length that is not positive, or more than four lengths.
    case invalidDash(series: Int)
    /// A time axis names a time zone that is not known.
    case unknownTimeZone(axis: String, name: String)
    /// A log axis was given a range that is not positive.
    case nonPositiveLogRange(axis: String, lower: Double, upper: Double)

    /// A series has per-point colour values whose count differs from its points.
    case colorValuesLengthMismatch(series: Int, points: Int, values: Int)
    /// An axis option that cannot be drawn.
    case invalidAxis(axis: String, reason: String)
    /// A legend's fixed width or height (logical pixels, at `path` such as `legend.height`) is smaller than one
    /// entry needs.
    case legendTooSmall(path: String, given: Double, needed: Double)
    /// A legend's options cannot be drawn (`path` such as `legends[1]` or `legend.position`).
    case invalidLegend(path: String, reason: String)
    /// A number outside its `ChartLimit`, at `path` (the spec's JSON path, such as `legend.margins.left`).
    case outOfRange(path: String, value: Double, limit: ChartLimit)
    /// A whole number outside its range, at `path`.
    case countOutOfRange(path: String, value: Int, range: ClosedRange<Int>)
    /// A value at `path` that cannot be drawn: a figure's grid or panel (`panels[2].row`), an annotation's point.
    case invalidValue(path: String, reason: String)
    /// What is wrong with the chart of a figure's panel `panel`.
    indirect case inPanel(panel: Int, ChartError)

    public var description: String {
        let (path, message) = parts
        return path.map { "\($0): \(message)" } ?? message
    }

    /// The JSON path of the value that is wrong (`series[2].dash`, `legend.height`), when there is one.
    public var path: String? { parts.path }

    /// As a `GlintError`: a `badValue` at its path, else `badData`.
    public var glintError: GlintError {
        let (path, message) = parts
        return path.map { GlintError.badValue(path: $0, message: message) } ?? .badData(message)
    }

    /// The path and what is wrong there.
    private var parts: (path: String?, message: String) {
        switch self {
        case let .invalidValue(path, reason): return (path, reason)
        case let .inPanel(panel, error):
            let (path, message) = error.parts
            return ("panels[\(panel)]" + (path.map { "." + $0 } ?? ""), message)
        case let .invalidSize(w, h): return (nil, "image size \(w)x\(h) is invalid: width and height must be positive")
        case let .invalidScale(s): return (nil, "scale \(s) is invalid: it must be a positive finite number")
        case let .lengthMismatch(i, x, y): return ("series[\(i)]", "x has \(x) values but y has \(y)")
        case let .sizeLengthMismatch(i, p, s): return ("series[\(i)]", "size has \(s) values but the series has \(p) points")
        case let .invalidRange(axis, lo, hi): return (nil, "\(axis).range [\(lo), \(hi)] is invalid: it must be finite and increasing")
        case let .invalidStyle(i, field, reason): return ("series[\(i)].\(field)", reason)
        case let .labelsLengthMismatch(i, p, l): return ("series[\(i)]", "labels has \(l) values but the series has \(p) points")
        case let .invalidDash(i):
            return ("series[\(i)].dash", "expected 1 to 4 positive lengths (an odd count repeats), alternately on and off")
        case let .unknownTimeZone(axis, name):
            return ("\(axis).timezone", ZoneRules.unknown(name))
        case let .colorValuesLengthMismatch(i, p, v):
            return ("series[\(i)].color", "has \(v) values but the series has \(p) points")
        case let .invalidAxis(axis, reason):
            return (axis, reason)
        case let .legendTooSmall(path, given, needed):
            return (path, "\(Printf.double("%g", given)) px is too small: the legend needs at least \(Printf.double("%g", needed)) px (one entry, or a colour bar 8 px long)")
        case let .invalidLegend(path, reason):
            return (path, reason)
        case let .outOfRange(path, value, limit):
            return (path, "expected a number \(limit.phrase), found \(value)")
        case let .countOutOfRange(path, value, range):
            return (path, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        case let .nonPositiveLogRange(axis, lo, hi):
            return (nil, "\(axis).range [\(lo), \(hi)] is invalid on a log axis: both ends must be greater than 0")
        }
    }
}
