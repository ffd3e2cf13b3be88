import GlintCore
import GlintText

/// Glyph quads sampled texel-exact from the shared atlas (glyph.vert / glyph.frag).
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
                let ux = Float(c[1].x) - x0, uy = Float(c[1].y) - y0, vx = Float(c[3].x) - x0, vy = Float(c[3].y) - y0
                let uu = ux * ux + uy * uy, vv = vx * vx + vy * vy
                let t = quad.texels
                let tw = Float(t.x1 - t.x0), th = Float(t.y1 - t.y0)
                let color = ShaderColor(quad.color)
                for y in window.y0..<window.y1 {
                    let py = Float(y) + 0.5 - y0
                    for x in window.x0..<window.x1 {
                        let px = Float(x) + 0.5 - x0
                        let s = (px * ux + py * uy) / uu, r = (px * vx + py * vy) / vv
                        guard s >= 0, s < 1, r >= 0, r < 1 else { continue }
                        let tx = t.x0 + Int((s * tw).rounded(.down)), ty = t.y0 + Int((r * th).rounded(.down))
                        let coverage = Float(texels[ty * atlas.width + tx]) / 255
                        if coverage > 0 { band.blend(x, y, color.scaled(coverage)) }
                    }
                }
            }
        }
    }
}
