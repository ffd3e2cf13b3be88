import GlintRaster
import GlintScales
import GlintText

/// A text command's glyph quads, sampled texel-exact from the atlas (`GlyphRaster.draw`).
struct GlyphItems: TileItemsByUnit {
    let quads: [GlyphQuad]
    let limit: PixelRect
    var units: Int { quads.count }

    func add(unit i: Int, to batch: inout TileBatch) {
        let quad = quads[i]
        let c = quad.corners
        // Corners 0 and 2 are opposite, so they bound the (axis-aligned) quad.
        let x0 = Float(c[0].x), y0 = Float(c[0].y), x2 = Float(c[2].x), y2 = Float(c[2].y)
        guard let window = PixelWindow(minX: min(x0, x2), maxX: max(x0, x2), minY: min(y0, y2), maxY: max(y0, y2), limit: limit) else {
            return
        }
        let t = quad.texels
        batch.add(.glyph, window, .floats(x0, y0, Float(c[1].x) - x0, Float(c[1].y) - y0),
                  SIMD4((Float(c[3].x) - x0).bitPattern, (Float(c[3].y) - y0).bitPattern, UInt32(t.x0), UInt32(t.y0)),
                  SIMD4(UInt32(t.x1 - t.x0), UInt32(t.y1 - t.y0), 0, 0), .color(quad.color.premultiplied))
    }
}
