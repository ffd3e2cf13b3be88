/// Whole numbers from Float32 values by truncation and a correction: `rounded(.down)` and `rounded(.up)` are
/// library calls (floorf, ceilf) on baseline x86-64, which cost more than the work around them in per-point and
/// per-bucket loops. Clamped to ±1e9 (a Float, far outside any image or bucket range) so they cannot overflow;
/// past 2^23 every Float is whole, so the truncation is exact. C twins: below/above in Sources/CRaster/pixel_edges.h.
public enum WholeNumbers {
    /// The largest whole number ≤ v, clamped to ±1e9; NaN gives 1e9 (`min(1e9, NaN)` is 1e9 with the constant
    /// first, where `min(NaN, 1e9)` would be NaN and trap below).
    @inlinable @inline(__always)
    public static func below(_ v: Float) -> Int {
        let clamped = max(-1e9, min(1e9, v)), whole = Int(clamped)
        return Float(whole) > clamped ? whole - 1 : whole
    }

    /// The smallest whole number ≥ v, clamped to ±1e9 (NaN: 1e9).
    @inlinable @inline(__always)
    public static func above(_ v: Float) -> Int {
        let clamped = max(-1e9, min(1e9, v)), whole = Int(clamped)
        return Float(whole) < clamped ? whole + 1 : whole
    }
}
