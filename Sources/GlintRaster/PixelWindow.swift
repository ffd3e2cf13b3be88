import CRaster
import GlintScales

/// The whole pixels whose centres fall inside a box, limited to a clip rectangle and a band. The stroke kernels
/// compute the same windows in C (`window_of` in Sources/CRaster/kernels.h).
package struct PixelWindow {
    package let x0: Int, x1: Int, y0: Int, y1: Int

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` and the band's rows; nil when none.
    /// Far-off (even infinite) edges are fine: they are clamped before becoming integers.
    init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, band: Band) {
        self.init(minX: minX, maxX: maxX, minY: minY, maxY: maxY, limit: limit, rows: band.top..<band.bottom)
    }

    /// Pixels with centres in [minX, maxX] × [minY, maxY], inside `limit` (and `rows`, when given); nil when none.
    package init?(minX: Float, maxX: Float, minY: Float, maxY: Float, limit: PixelRect, rows: Range<Int>? = nil) {
        guard !minX.isNaN, !maxX.isNaN, !minY.isNaN, !maxY.isNaN else { return nil }
        let left = max(WholeNumbers.above(minX - 0.5), limit.x)
        let right = min(WholeNumbers.below(maxX - 0.5) + 1, limit.x + limit.width)
        let top = max(WholeNumbers.above(minY - 0.5), limit.y, rows?.lowerBound ?? limit.y)
        let bottom = min(WholeNumbers.below(maxY - 0.5) + 1, limit.y + limit.height, rows?.upperBound ?? limit.y + limit.height)
        guard left < right, top < bottom else { return nil }
        (x0, x1, y0, y1) = (left, right, top, bottom)
    }

    /// The pixels of `rect`; nil when it has none.
    package init?(_ rect: PixelRect) {
        guard rect.width > 0, rect.height > 0 else { return nil }
        (x0, x1, y0, y1) = (rect.x, rect.x + rect.width, rect.y, rect.y + rect.height)
    }

    /// The window as the kernels take it.
    var kernel: raster_window { raster_window(x0: x0, x1: x1, y0: y0, y1: y1) }
}
