/// Double → Int conversions that cannot trap. Swift's `Int(_: Double)` stops the process for NaN, an infinity or
/// a value beyond Int's range; in layout such values come from extreme input (a margin of 1e308, a range that
/// overflows), and one trap takes a whole render server down. Every conversion of a computed Double in layout,
/// legends, axes, M4 and the painters goes through here.
extension Int {
    /// The limit of a saturated value: ±2^40, far beyond any pixel count or index, and small enough that a few
    /// sums and products of such values still fit in an Int.
    public static let saturationLimit = 1 << 40

    /// `value` rounded toward zero (as `Int(_:)`), clamped to ±`saturationLimit`; NaN gives `nan`.
    @inlinable @inline(__always)
    public init(saturating value: Double, nan: Int = 0) {
        let limit = Double(Int.saturationLimit)
        self = value > -limit ? (value < limit ? Int(value) : Int.saturationLimit) : (value.isNaN ? nan : -Int.saturationLimit)
    }
}

extension Range where Bound == Int {
    /// `lower ..< upper`, or an empty range at `lower` when `upper` is below it (where `..<` would trap).
    @inlinable
    public init(checked lower: Int, _ upper: Int) {
        self = lower ..< Swift.max(lower, upper)
    }
}
