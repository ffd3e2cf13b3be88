import CRaster
import GlintScales
import GlintScene

/// Filled rectangles with box-filter edge coverage (rect.vert / rect.frag; the pixels: `raster_rect`).
enum RectRaster {
    static func draw(_ shapes: [RectShape], clip: PixelRect, band: Band) {
        for shape in shapes {
            let r = shape.rect
            let x0 = Float(r.x), y0 = Float(r.y), x1 = Float(r.maxX), y1 = Float(r.maxY)
            guard let window = PixelWindow(minX: x0.rounded(.down) - 1, maxX: x1.rounded(.up) + 1,
                                           minY: y0.rounded(.down) - 1, maxY: y1.rounded(.up) + 1, limit: clip, band: band) else { continue }
            raster_rect(band.kernel, window.kernel, x0, y0, x1, y1, raster_color(shape.color))
        }
    }
}
