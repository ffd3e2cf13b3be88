import GlintCore
import GlintPaint

/// Filled paths: each path's coverage mask (`PathMask`, made once per paint) blended in its colour, exactly as
/// the GL painter's glyph program blends the same mask sampled from a texture.
enum PathRaster {
    /// A path ready to draw: its mask and its colour's source bytes for each coverage byte.
    struct Fill {
        let mask: PathMask
        let shades: [Band.Source]

        /// `path` within `limit`; nil when it covers no pixel there.
        init?(_ path: PathShape, within limit: PixelRect) {
            guard let mask = PathMask(path, within: limit) else { return nil }
            let color = ShaderColor(path.color)
            self.mask = mask
            shades = (0...255).map { Band.Source(color.scaled(Float($0) / 255)) }
        }
    }

    /// Blends the rows of `fills` that fall in the band.
    static func draw(_ fills: [Fill], band: Band) {
        for fill in fills {
            let r = fill.mask.rect
            for y in max(r.y, band.top)..<max(max(r.y, band.top), min(r.y + r.height, band.bottom)) {
                let row = (y - r.y) * r.width
                for k in 0..<r.width {
                    let c = fill.mask.coverage[row + k]
                    if c != 0 { band.blend(r.x + k, y, fill.shades[Int(c)]) }
                }
            }
        }
    }
}
