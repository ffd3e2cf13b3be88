import CGLES3
import GlintCore

/// Copies Double data into GL buffers as Float32 pixel offsets from the origin's pixel (scaled in Double by
/// `PixelMapping`), in bounded chunks. Non-finite values become a sentinel the shaders read as a gap.
enum PointUpload {
    /// The value shaders treat as "no point" (any |v| > 1e37).
    static let gap = PixelGap.marker
    /// Points converted per staging chunk: bounds the staging memory whatever the series length.
    static let chunkPoints = 1 << 18

    /// The smallest box holding every uploaded point, in the pixel offsets uploaded.
    struct Bounds {
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity
    }

    /// Uploads interleaved pixel offsets (`mapping.relative(x, y)`) into `buffer`.
    /// With `padded`, a gap is added before the first and after the last point, so segment and join
    /// shaders can read each point's neighbours. Returns the bounds of the points that are not gaps.
    @discardableResult
    static func points(x: Column, y: Column, mapping: PixelMapping, padded: Bool, into buffer: GLuint) -> Bounds {
        // Array columns are read in place; other storage once, into an array.
        let (x, y) = (x.doubles, y.doubles)
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
                if let (rx, ry) = mapping.relative(x[i], y[i]) {
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

    /// Uploads each dot's size fraction (`DotShape.sizeFraction`, the gap sentinel for a gap) into `buffer`.
    static func sizeFractions(_ shape: DotShape, count: Int, into buffer: GLuint) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), count * 4, nil, GLenum(GL_STREAM_DRAW))
        var staging = [Float](repeating: gap, count: min(max(count, 1), chunkPoints))
        let sizes = shape.size?.doubles
        var start = 0
        while start < count {
            let end = min(start + chunkPoints, count)
            for i in start..<end { staging[i - start] = shape.sizeFraction(i, sizes: sizes) ?? gap }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), start * 4, (end - start) * 4, staging)
            start = end
        }
    }

    /// Uploads each dot's premultiplied fill bytes, looked up from its colour value (a gap uploads transparent;
    /// the size fraction marks such a dot as a gap anyway).
    static func fills(_ values: [Double], lookup: ColorLookup, count: Int, into buffer: GLuint) {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), count * 4, nil, GLenum(GL_STREAM_DRAW))
        var staging = [UInt32](repeating: 0, count: min(max(count, 1), chunkPoints))
        var start = 0
        while start < count {
            let end = min(start + chunkPoints, count)
            for i in start..<end { staging[i - start] = i < values.count ? lookup.packed(values[i]) ?? 0 : 0 }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), start * 4, (end - start) * 4, staging)
            start = end
        }
    }
}
