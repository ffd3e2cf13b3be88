import CGLES3
import Dispatch
import GlintScales
import GlintScene

extension GLPainter {
    /// Pixels a thread samples at least: fewer are not worth a thread.
    static let pixelsPerPart = 1 << 16

    /// A sampled image (a heatmap): its pixels in the window it covers, each the cell under its centre
    /// (`ImageShape.cellIndices`, as the CPU painter samples it), uploaded a tile at a time as an RGBA8 texture and
    /// blended with one quad per tile.
    func drawImage(_ image: ImageShape, clip: PixelRect?, scene: Scene) {
        guard image.columns > 0, image.rows > 0, let window = image.pixelWindow(within: scene.limit(clip)) else { return }
        var indices: (columns: [Int32], rows: [Int32]) = ([], [])
        var cells: [UInt32] = []
        timedUpload { (indices, cells) = (image.cellIndices(in: window), image.packedColors) }
        glUseProgram(images.id)
        setViewport(images, scene)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), imageTexture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        images.set("uPixels", int: 0)
        let tile = GLPainter.maskTile
        for top in stride(from: 0, to: window.height, by: tile) {
            for left in stride(from: 0, to: window.width, by: tile) {
                let w = min(tile, window.width - left), h = min(tile, window.height - top)
                timedUpload {
                    // The tile's rows sampled in parts on the painter's threads (a part is 65,536 pixels at least).
                    var pixels = [UInt32](repeating: 0, count: w * h)
                    let parts = EvenParts.split(h, threads: min(threads, w * h / GLPainter.pixelsPerPart))
                    pixels.withUnsafeMutableBufferPointer { out in
                        DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                            for y in parts[k] {
                                let row = Int(indices.rows[top + y])
                                guard row >= 0 else { continue }
                                for x in 0..<w {
                                    let column = Int(indices.columns[left + x])
                                    if column >= 0 { out[y * w + x] = cells[row * image.columns + column] }
                                }
                            }
                        }
                    }
                    pixels.withUnsafeBytes {
                        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(w), GLsizei(h), 0, GLenum(GL_RGBA),
                                     GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                    }
                }
                let x0 = Float(window.x + left), y0 = Float(window.y + top)
                images.set("uTileOrigin", x0, y0)
                images.set("uRect", SIMD4(x0, y0, x0 + Float(w), y0 + Float(h)))
                glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
            }
        }
    }
}
