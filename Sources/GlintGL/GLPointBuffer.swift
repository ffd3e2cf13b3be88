import CGLES3
import GlintScales

/// A GL buffer a painter keeps from one frame to the next holding a live series' points as Float32 offsets, in
/// data units, from an origin kept in Double; the shaders take them to pixels with the axes' scale (`uScale`) and
/// the origin's pixel (`uOffset`), so a change of view writes nothing for the points it holds. What it holds and
/// when it is written: `GLLineRing` (a line's reduced points, matched value by value) and `GLDotRing` (a dots
/// series' ring, slot by sequence number).
class GLPointBuffer {
    let buffer: GLuint
    /// The painter's paint count when a frame last drew from it.
    var lastPaint: Int

    init(paint: Int) {
        var name: GLuint = 0
        glGenBuffers(1, &name)
        buffer = name
        lastPaint = paint
    }

    deinit {
        var name = buffer
        glDeleteBuffers(1, &name)
    }

    /// Writes the points (`x[i]`, `y[i]`) as offsets from (`originX`, `originY`) into consecutive slots from `slot`
    /// (non-finite: the gap sentinel). The buffer is bound.
    static func write(x: UnsafeBufferPointer<Double>, y: UnsafeBufferPointer<Double>, originX: Double, originY: Double, at slot: Int) {
        let n = min(x.count, y.count)
        guard n > 0 else { return }
        var staging = [Float](repeating: PointUpload.gap, count: 2 * n)
        for i in 0..<n where x[i].isFinite && y[i].isFinite {
            staging[2 * i] = Float(x[i] - originX)
            staging[2 * i + 1] = Float(y[i] - originY)
        }
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), slot * 8, staging.count * 4, staging)
    }

    /// Where the buffer's points are drawn: the pixel position of the origin (`uOffset`) and pixels per data unit
    /// (`uScale`).
    struct Placement {
        let offset: (x: Float, y: Float), scale: (x: Float, y: Float)

        /// The placement of points offset from (`originX`, `originY`) under `t`.
        init(originX: Double, originY: Double, _ t: DataTransform) {
            offset = (Float(t.pixelX + SafeSpan.scaled(originX, from: t.originX, by: t.scaleX)),
                      Float(t.pixelY + SafeSpan.scaled(originY, from: t.originY, by: t.scaleY)))
            scale = (Float(t.scaleX), Float(t.scaleY))
        }
    }
}
