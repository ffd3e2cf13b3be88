/// The range every number of a chart must lie in, one named limit per kind of quantity. `Chart.validate()`
/// checks each chart against them, so the Swift API, the JSON spec, the C API and the render server refuse the
/// same values with the same message; `docs/spec.md` lists them per key. Lengths are logical pixels (before
/// `Chart.scale`).
public struct ChartLimit: Sendable, Equatable {
    /// The smallest value allowed.
    public let lower: Double
    /// Whether `lower` itself is allowed (a width must be above 0, a margin may be 0).
    public let includesLower: Bool
    /// The largest value allowed.
    public let upper: Double

    /// The limit from `lower` (itself allowed or not) to `upper`: the model's own, and those a mark declares for
    /// its options.
    package init(lower: Double, includesLower: Bool, upper: Double) {
        (self.lower, self.includesLower, self.upper) = (lower, includesLower, upper)
    }

    /// Whether `value` lies within the limit (NaN never does).
    public func contains(_ value: Double) -> Bool {
        (includesLower ? value >= lower : value > lower) && value <= upper
    }

    /// `value` when it lies within the limit, else `ChartError.outOfRange` naming `path` and the range.
    public func checked(_ value: Double, at path: @autoclosure () -> String) throws -> Double {
        guard contains(value) else { throw ChartError.outOfRange(path: path(), value: value, limit: self) }
        return value
    }

    /// "from 0 to 1000" or "above 0, up to 1000", as error messages say it.
    public var phrase: String {
        func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }
        return includesLower ? "from \(text(lower)) to \(text(upper))" : "above \(text(lower)), up to \(text(upper))"
    }

    /// `Chart.scale`, the HiDPI factor.
    public static let scale = ChartLimit(lower: 0, includesLower: false, upper: 16)
    /// Series in one chart, or one panel (after `split`): each is laid out, legended and drawn on its own, so the
    /// time and memory of a render grow with their number; past it, aggregate (a density, a `split` of fewer groups).
    public static let seriesCount = 10_000
    /// `Chart.width` and `Chart.height`: whole logical pixels.
    public static let side: ClosedRange<Int> = 1...32768
    /// A line width, a stroke width of a legend item, a reference's width (logical pixels).
    public static let strokeWidth = ChartLimit(lower: 0, includesLower: false, upper: 1000)
    /// A dot outline (0 draws none).
    public static let outlineWidth = ChartLimit(lower: 0, includesLower: true, upper: 1000)
    /// A dot radius, or either end of a radius range.
    public static let radius = ChartLimit(lower: 0, includesLower: true, upper: 1000)
    /// A legend marker's radius.
    public static let markerRadius = ChartLimit(lower: 0, includesLower: false, upper: 1000)
    /// The miter limit of a line's joins (a multiple of the half width).
    public static let miterLimit = ChartLimit(lower: 1, includesLower: true, upper: 1000)
    /// One on or off length of a dash pattern.
    public static let dashLength = ChartLimit(lower: 0, includesLower: false, upper: 10000)
    /// A legend's margin on one side.
    public static let margin = ChartLimit(lower: 0, includesLower: true, upper: 1000)
    /// A fixed legend width or height, a colour bar's thickness or length: at most an image's side.
    public static let boxLength = ChartLimit(lower: 0, includesLower: false, upper: 32768)
    /// A legend's border width.
    public static let borderWidth = ChartLimit(lower: 0, includesLower: true, upper: 100)
    /// A legend's padding.
    public static let padding = ChartLimit(lower: 0, includesLower: true, upper: 200)
    /// A legend's corner radius.
    public static let cornerRadius = ChartLimit(lower: 0, includesLower: true, upper: 100)
    /// A legend's font size.
    public static let fontSize = ChartLimit(lower: 4, includesLower: true, upper: 200)
    /// A colour bar's label step, in display units.
    public static let step = ChartLimit(lower: 0, includesLower: false, upper: .greatestFiniteMagnitude)
    /// A byte offset into a binary data file, or a count of its values: whole, up to 2^53 (exact in a Double).
    public static let fileExtent = ChartLimit(lower: 0, includesLower: true, upper: 0x1p53)
    /// Bytes from one value of a binary data file to the next.
    public static let byteStride = ChartLimit(lower: 1, includesLower: true, upper: 0x1p20)
    /// Any value in data units (axis ranges, reference values, size ranges): finite.
    public static let data = ChartLimit(lower: -.greatestFiniteMagnitude, includesLower: true, upper: .greatestFiniteMagnitude)
    /// The x width a view follows (`Chart.follow`), in x's data units: above 0, finite.
    public static let followWidth = ChartLimit(lower: 0, includesLower: false, upper: .greatestFiniteMagnitude)
}

/// A value out of its limit, named by its JSON path.
package struct LimitCheck {
    /// Throws `ChartError.outOfRange` when `value` is outside `limit`.
    package static func check(_ value: Double, _ limit: ChartLimit, _ path: @autoclosure () -> String) throws {
        _ = try limit.checked(value, at: path())
    }

    /// Throws `ChartError.countOutOfRange` when `value` is outside `range`.
    package static func check(count value: Int, _ range: ClosedRange<Int>, _ path: @autoclosure () -> String) throws {
        guard range.contains(value) else { throw ChartError.countOutOfRange(path: path(), value: value, range: range) }
    }

    /// Checks every length of a dash pattern.
    package static func check(dash: [Double]?, _ path: @autoclosure () -> String) throws {
        for (i, length) in (dash ?? []).enumerated() { try check(length, .dashLength, "\(path())[\(i)]") }
    }
}
