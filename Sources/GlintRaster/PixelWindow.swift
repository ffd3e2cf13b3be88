import CRaster
import GlintCore

/// The whole pixels whose centres fall inside a box, limited to a clip rectangle and a band. The stroke kernels
/// compute the same windows in C (`window_of` in Sources/CRaster/kernels.h).
struct PixelWindow {
    let x0: Int, x1: Int, y0: Int, y1: Int

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` and the band's rows; nil when none.
    /// Far-off (even infinite) edges are fine: they are clamped before becoming integers.
    init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, band: Band) {
        guard !minX.isNaN, !maxX.isNaN, !minY.isNaN, !maxY.isNaN else { return nil }
        let left = max(PixelWindow.above(minX - 0.5), limit.x)
        let right = min(PixelWindow.below(maxX - 0.5) + 1, limit.x + limit.width)
        let top = max(PixelWindow.above(minY - 0.5), limit.y, band.top)
        let bottom = min(PixelWindow.below(maxY - 0.5) + 1, limit.y + limit.height, band.bottom)
        guard left < right, top < bottom else { return nil }
        (x0, x1, y0, y1) = (left, right, top, bottom)
    }

    /// The window as the kernels take it.
    var kernel: raster_window { raster_window(x0: x0, x1: x1, y0: y0, y1: y1) }

    /// The largest whole number ≤ v, clamped to ±1e9 (far outside any image) so it cannot overflow; NaN gives
    /// 1e9 (`min(1e9, NaN)` is 1e9 with the constant first, where `min(NaN, 1e9)` would be NaN and trap below).
    /// Truncation and a correction instead of `rounded(.down)`, which is a library call on baseline x86-64.
    @inline(__always)
    static func below(_ v: Float) -> Int {
        let clamped = max(-1e9, min(1e9, v)), whole = Int(clamped)
        return Float(whole) > clamped ? whole - 1 : whole
    }

    /// The smallest whole number ≥ v, clamped to ±1e9 (NaN: 1e9).
    @inline(__always)
    static func above(_ v: Float) -> Int {
        let clamped = max(-1e9, min(1e9, v)), whole = Int(clamped)
        return Float(whole) < clamped ? whole + 1 : whole
    }
}
