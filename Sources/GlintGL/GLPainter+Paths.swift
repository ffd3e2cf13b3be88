import CGLES3
import GlintPaint
import GlintScales
import GlintScene

/// Filled paths: each path's coverage mask (`PathFills`, the CPU painter's too) uploaded as an R8 texture, in tiles
/// no texture limit refuses, and drawn with the glyph program, so both painters blend the same coverage bytes.
extension GLPainter {
    /// The largest mask tile uploaded at once: the smallest `GL_MAX_TEXTURE_SIZE` OpenGL ES 3.0 allows.
    static let maskTile = 2048

    /// The largest mask packed with others into one texture (`drawMasks`); larger ones are drawn alone.
    static let packedMask = 256

    /// Draws the masks of `fills` in order: small ones packed on shelves into one mask texture and drawn with one
    /// call per full texture (a hexbin's thousands of hexagons), larger ones alone (`drawMask`). Quads of one call
    /// blend in their order, so the result is the one drawing each alone gives.
    func drawMasks(_ fills: [PathFills.Fill], scene: Scene) {
        let size = GLPainter.maskTile
        // Made on the first small mask: a command of large paths only never needs it.
        var atlas: [UInt8] = []
        var data: [Float] = []
        var (x, y, shelf) = (0, 0, 0)
        func flush() {
            guard !data.isEmpty else { return }
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), maskTexture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            atlas.withUnsafeBytes {
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(size), GLsizei(y + shelf), 0, GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
            }
            drawCoverageQuads(data, texture: maskTexture, scene: scene)
            data.removeAll(keepingCapacity: true)
            (x, y, shelf) = (0, 0, 0)
        }
        for fill in fills {
            let r = fill.mask.rect
            guard r.width <= GLPainter.packedMask, r.height <= GLPainter.packedMask else {
                flush()
                drawMask(fill.mask, color: fill.color, scene: scene)
                continue
            }
            if atlas.isEmpty { atlas = [UInt8](repeating: 0, count: size * size) }
            if x + r.width > size { (x, y, shelf) = (0, y + shelf, 0) }
            if y + r.height > size { flush() }
            fill.mask.coverage.withUnsafeBufferPointer { bytes in
                for row in 0..<r.height {
                    let from = row * r.width, to = (y + row) * size + x
                    for k in 0..<r.width { atlas[to + k] = bytes[from + k] }
                }
            }
            let c = fill.color.premultiplied
            let x0 = Float(r.x), y0 = Float(r.y), x1 = x0 + Float(r.width), y1 = y0 + Float(r.height)
            let (u0, v0) = (Float(x), Float(y)), (u1, v1) = (Float(x + r.width), Float(y + r.height))
            let corners: [(Float, Float, Float, Float)] = [(x0, y0, u0, v0), (x1, y0, u1, v0), (x1, y1, u1, v1), (x0, y1, u0, v1)]
            for k in [0, 1, 2, 0, 2, 3] {
                let v = corners[k]
                data += [v.0, v.1, v.2, v.3, c.x, c.y, c.z, c.w]
            }
            (x, shelf) = (x + r.width, max(shelf, r.height))
        }
        flush()
    }

    /// Draws a path's mask in `color`.
    func drawMask(_ mask: PathMask, color: Color, scene: Scene) {
        let r = mask.rect, tile = GLPainter.maskTile
        let c = color.premultiplied
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), maskTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), GLint(r.width))
        defer {
            glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
            glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        }
        for top in stride(from: 0, to: r.height, by: tile) {
            for left in stride(from: 0, to: r.width, by: tile) {
                let w = min(tile, r.width - left), h = min(tile, r.height - top)
                glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), GLint(left))
                glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), GLint(top))
                // The mask texture stays bound to unit 0 between tiles (`drawCoverageQuads` binds it too).
                mask.coverage.withUnsafeBytes {
                    glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RED),
                                 GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                }
                let x0 = Float(r.x + left), y0 = Float(r.y + top), x1 = x0 + Float(w), y1 = y0 + Float(h)
                let corners: [(Float, Float, Float, Float)] = [(x0, y0, 0, 0), (x1, y0, Float(w), 0), (x1, y1, Float(w), Float(h)),
                                                               (x0, y1, 0, Float(h))]
                var data: [Float] = []
                for k in [0, 1, 2, 0, 2, 3] {
                    let v = corners[k]
                    data += [v.0, v.1, v.2, v.3, c.x, c.y, c.z, c.w]
                }
                drawCoverageQuads(data, texture: maskTexture, scene: scene)
            }
        }
    }
}
