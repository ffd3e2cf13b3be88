/// Differences and products of finite Doubles that cannot overflow: `b - a` of two finite values can exceed
/// the largest Double (1e308 - (-1e308)), so spans and offsets are computed on halves — exact, and giving
/// bit for bit the same result as the plain formula whenever that one does not overflow (halving and
/// doubling only move the exponent).
public enum SafeSpan {
    /// Half of `upper - lower`, always finite for finite inputs.
    @inlinable @inline(__always)
    public static func half(_ lower: Double, _ upper: Double) -> Double { upper / 2 - lower / 2 }

    /// `(value - origin) × scale`, finite whenever the true result is (and ±infinity only when it is not).
    @inlinable @inline(__always)
    public static func scaled(_ value: Double, from origin: Double, by scale: Double) -> Double {
        half(origin, value) * scale * 2
    }

    /// `length / (upper - lower)`: units of `length` per data unit over a range.
    @inlinable @inline(__always)
    public static func scale(_ length: Double, over lower: Double, _ upper: Double) -> Double {
        (length / 2) / half(lower, upper)
    }

    /// `value` pulled into the finite Doubles (±1.797e308).
    @inlinable @inline(__always)
    public static func finite(_ value: Double) -> Double {
        min(max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }
}
