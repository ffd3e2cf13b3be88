import GlintCore

/// The width, height and scale a caller sets over a spec's own — the CLI's `--width`/`--height`/`--scale`, the
/// render server's `?width=`/`?height=`/`?scale=` — read by one parser with the spec's own ranges: whole pixels
/// from 1 to 32768 (`ChartLimit.side`), a scale above 0 up to 16 (`ChartLimit.scale`).
public struct SizeOverrides: Sendable, Equatable {
    /// Logical pixels, when given.
    public var width: Int?, height: Int?
    /// Device pixels per logical pixel, when given.
    public var scale: Double?

    /// These overrides, as given.
    public init(width: Int? = nil, height: Int? = nil, scale: Double? = nil) {
        (self.width, self.height, self.scale) = (width, height, scale)
    }

    /// The overrides `value` gives for `width`, `height` and `scale` (nil: not given). A value out of range throws
    /// `problem("<prefix><name> must be …, got '<text>'")`: the CLI passes `--` and `GlintError.usage`, the server
    /// `""` and `GlintError.badData`.
    public init(_ value: (String) -> String?, prefix: String, problem: (String) -> GlintError) throws {
        func pixels(_ name: String) throws -> Int? {
            guard let text = value(name) else { return nil }
            let side = ChartLimit.side
            guard let n = Int(text), side.contains(n) else {
                throw problem("\(prefix)\(name) must be a whole number from \(side.lowerBound) to \(side.upperBound), got "
                              + "'\(BoundedText.line(text, limit: 40))'")
            }
            return n
        }
        width = try pixels("width")
        height = try pixels("height")
        if let text = value("scale") {
            guard let s = Double(text), ChartLimit.scale.contains(s) else {
                throw problem("\(prefix)scale must be a number in (0, 16], got '\(BoundedText.line(text, limit: 40))'")
            }
            scale = s
        }
    }

    /// `chart` with the overrides that are given applied.
    public func applied(to chart: Chart) -> Chart {
        var chart = chart
        if let width { chart.width = width }
        if let height { chart.height = height }
        if let scale { chart.scale = scale }
        return chart
    }
}
