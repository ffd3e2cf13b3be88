import CGLES3
import GlintScales
import GlintScene

/// A live line's points kept in a GL buffer from one frame to the next (`GLPointBuffer`), placed by
/// `KeptLineSlots` and drawn by the segment and join shaders. A frame writes only the points the buffer does not already hold
/// in place — a following view the buckets its new points made, a pan those it brought in — and a change of scale
/// (a zoom re-buckets every point anyway, a y range refitted) writes nothing for the points kept.
final class GLLineRing: GLPointBuffer {
    /// What the buffer holds; nil before the first frame.
    private(set) var slots: KeptLineSlots?

    /// How a frame draws from the buffer.
    struct Drawing {
        /// The slot of the first point (the slot before it holds a gap, as does the one after the last).
        let start: Int
        /// The points' count.
        let count: Int
        /// Where the points are drawn.
        let placement: GLPointBuffer.Placement
        /// The points' box, in pixel offsets from the line's origin pixel (what `GLPainter.strokeArea` takes).
        let bounds: PointUpload.Bounds
        /// How many points were written.
        let written: Int
    }

    /// Brings the buffer to the points of `line` (on linear axes), writing only what it does not hold in place;
    /// nil when they cannot be held (see `KeptLineSlots.place`): the caller then uploads them as for any line.
    func update(_ line: LineShape) -> Drawing? {
        let t = line.transform
        let (x, y) = (line.x.doubles, line.y.doubles)
        guard let (placed, writes, extent) = KeptLineSlots.place(x: x, y: y, scaleX: t.scaleX, scaleY: t.scaleY, previous: slots) else {
            return nil
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        if writes.fresh && placed.capacity != slots?.capacity {
            glBufferData(GLenum(GL_ARRAY_BUFFER), placed.capacity * 8, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        slots = placed
        let gap = [PointUpload.gap, PointUpload.gap]
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), (placed.start - 1) * 8, 8, gap)
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), (placed.start + placed.x.count) * 8, 8, gap)
        for range in writes.ranges {
            x[range].withUnsafeBufferPointer { xs in
                y[range].withUnsafeBufferPointer { ys in
                    GLPointBuffer.write(x: xs, y: ys, originX: placed.originX, originY: placed.originY, at: placed.start + range.lowerBound)
                }
            }
        }
        let mapping = PixelMapping(t)
        var bounds = PointUpload.Bounds()
        if extent.minX <= extent.maxX {
            let xs = [mapping.relativeX(extent.minX), mapping.relativeX(extent.maxX)]
            let ys = [mapping.relativeY(extent.minY), mapping.relativeY(extent.maxY)]
            bounds = PointUpload.Bounds(minX: xs.min()!, maxX: xs.max()!, minY: ys.min()!, maxY: ys.max()!)
        }
        return Drawing(start: placed.start, count: placed.x.count,
                       placement: GLPointBuffer.Placement(originX: placed.originX, originY: placed.originY, t), bounds: bounds,
                       written: writes.ranges.reduce(0) { $0 + $1.count })
    }
}
