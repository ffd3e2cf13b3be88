import GlintCore

/// The whole pixels whose centres fall inside a box, limited to a clip rectangle and a band.
struct PixelWindow {
    let x0: Int, x1: Int, y0: Int, y1: Int

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` and the band's rows; nil when none.
    /// Far-off (even infinite) edges are fine: they are clamped before becoming integers.
    init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, band: Band) {
        guard !minX.isNaN, !maxX.isNaN, !minY.isNaN, !maxY.isNaN else { return nil }
        let left = max(PixelWindow.whole((minX - 0.5).rounded(.up)), limit.x)
        let right = min(PixelWindow.whole((maxX - 0.5).rounded(.down)) + 1, limit.x + limit.width)
        let top = max(PixelWindow.whole((minY - 0.5).rounded(.up)), limit.y, band.top)
        let bottom = min(PixelWindow.whole((maxY - 0.5).rounded(.down)) + 1, limit.y + limit.height, band.bottom)
        guard left < right, top < bottom else { return nil }
        (x0, x1, y0, y1) = (left, right, top, bottom)
    }

    /// A pixel coordinate as an integer, clamped to ±1e9 (far outside any image) so it cannot overflow.
    @inline(__always)
    static func whole(_ v: Float) -> Int {
        Int(min(max(v, -1e9), 1e9))
    }
}
