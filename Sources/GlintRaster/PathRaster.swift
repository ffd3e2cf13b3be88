import CRaster
import GlintPaint

/// Filled paths: each path's coverage mask (`PathFills`, made once per paint) blended in its colour, exactly as
/// the GL painter's glyph program blends the same mask sampled from a texture (the pixels: `raster_composite`).
enum PathRaster {
    /// Blends the rows of `fills` that fall in the band.
    static func draw(_ fills: [PathFills.Fill], band: Band) {
        for fill in fills {
            let r = fill.mask.rect
            let top = max(r.y, band.top), bottom = min(r.y + r.height, band.bottom)
            guard top < bottom, r.width > 0 else { continue }
            let window = raster_window(x0: r.x, x1: r.x + r.width, y0: top, y1: bottom)
            fill.mask.coverage.withUnsafeBufferPointer { bytes in
                // Read only: the kernel writes the mask only when asked to clear it.
                let rows = UnsafeMutablePointer(mutating: bytes.baseAddress! + (top - r.y) * r.width)
                raster_composite(band.kernel, window, rows, r.width, raster_color(fill.color), false)
            }
        }
    }
}
