import CRaster
import GlintScales
import GlintText

/// Glyph quads sampled texel-exact from the shared atlas (glyph.vert / glyph.frag; the pixels: `raster_glyph_quad`).
enum GlyphRaster {
    static func draw(_ quads: [GlyphQuad], atlas: GlyphAtlas, clip: PixelRect, band: Band) {
        atlas.pixels.withUnsafeBufferPointer { texels in
            for quad in quads {
                let c = quad.corners
                // Corners 0 and 2 are opposite, so they bound the (axis-aligned) quad.
                let x0 = Float(c[0].x), y0 = Float(c[0].y), x2 = Float(c[2].x), y2 = Float(c[2].y)
                guard let window = PixelWindow(minX: min(x0, x2), maxX: max(x0, x2), minY: min(y0, y2), maxY: max(y0, y2),
                                               limit: clip, band: band) else { continue }
                // Affine map from a pixel centre to atlas texels: corner 0 → (x0, y0), 1 → (x1, y0), 3 → (x0, y1).
                let t = quad.texels
                let glyph = raster_glyph(x0: x0, y0: y0, ux: Float(c[1].x) - x0, uy: Float(c[1].y) - y0,
                                         vx: Float(c[3].x) - x0, vy: Float(c[3].y) - y0,
                                         tx0: t.x0, ty0: t.y0, tw: t.x1 - t.x0, th: t.y1 - t.y0)
                raster_glyph_quad(band.kernel, window.kernel, glyph, texels.baseAddress, atlas.width, raster_color(quad.color))
            }
        }
    }
}
