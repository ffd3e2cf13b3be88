import CGLES3
import GlintCore

/// Copies Double data into GL buffers as Float32 relative to a Double origin, in bounded chunks.
/// Non-finite values become a sentinel the shaders read as a gap.
enum PointUpload {
    /// The value shaders treat as "no point" (any |v| > 1e37).
    static let gap = Float.greatestFiniteMagnitude
    /// Points converted per staging chunk: bounds the staging memory whatever the series length.
    static let chunkPoints = 1 << 18

    /// The smallest box holding every uploaded point, in the relative units uploaded.
    struct Bounds {
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
    }

    /// Uploads interleaved (x - originX, y - originY) pairs into `buffer`.
    /// With `padded`, a gap is added before the first and after the last point, so segment and join
    /// shaders can read each point's neighbours. Returns the bounds of the points that are not gaps.
    @discardableResult
    static func points(x: [Double], y: [Double], originX: Double, originY: Double, padded: Bool, into buffer: GLuint) -> Bounds {
        var bounds = Bounds()
        let count = min(x.count, y.count)
        let pairs = count + (padded ? 2 : 0)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), pairs * 8, nil, GLenum(GL_STREAM_DRAW))
        var staging = [Float](repeating: gap, count: 2 * min(max(count, 1), chunkPoints))
        if padded {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, 8, staging)
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), (pairs - 1) * 8, 8, staging)
        }
        let base = padded ? 1 : 0
        var start = 0
        while start < count {
            let end = min(start + chunkPoints, count)
            for i in start..<end {
                let k = 2 * (i - start)
                let xv = x[i], yv = y[i]
                if xv.isFinite && yv.isFinite {
                    let rx = PixelMapping.relative(xv, originX), ry = PixelMapping.relative(yv, originY)
                    staging[k] = rx
                    staging[k + 1] = ry
                    bounds.minX = min(bounds.minX, rx)
                    bounds.maxX = max(bounds.maxX, rx)
                    bounds.minY = min(bounds.minY, ry)
                    bounds.maxY = max(bounds.maxY, ry)
                } else {
                    staging[k] = gap
                    staging[k + 1] = gap
                }
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), (base + start) * 8, (end - start) * 8, staging)
            start = end
        }
        return bounds
    }

    /// Uploads the first `count` values as Float32 (non-finite as the gap sentinel) into `buffer`.
    static func values(_ values: [Double], count: Int, into buffer: GLuint) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), count * 4, nil, GLenum(GL_STREAM_DRAW))
        var staging = [Float](repeating: gap, count: min(max(count, 1), chunkPoints))
        var start = 0
        while start < count {
            let end = min(start + chunkPoints, count)
            for i in start..<end {
                staging[i - start] = values[i].isFinite ? PixelMapping.relative(values[i], 0) : gap
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), start * 4, (end - start) * 4, staging)
            start = end
        }
    }
}
