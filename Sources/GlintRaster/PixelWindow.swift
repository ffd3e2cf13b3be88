import GlintCore

/// The whole pixels whose centres fall inside a box, limited to a clip rectangle and a band.
struct PixelWindow {
    let x0: Int, x1: Int, y0: Int, y1: Int

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` and the band's rows; nil when none.
    init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, band: Band) {
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let left = max(Int((minX - 0.5).rounded(.up)), limit.x)
        let right = min(Int((maxX - 0.5).rounded(.down)) + 1, limit.x + limit.width)
        let top = max(Int((minY - 0.5).rounded(.up)), limit.y, band.top)
        let bottom = min(Int((maxY - 0.5).rounded(.down)) + 1, limit.y + limit.height, band.bottom)
        guard left < right, top < bottom else { return nil }
        (x0, x1, y0, y1) = (left, right, top, bottom)
    }
}
