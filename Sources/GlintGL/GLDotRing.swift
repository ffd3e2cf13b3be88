import CGLES3
import GlintScales
import GlintScene
import GlintTable

/// A live dots series' points kept in a GL buffer from one frame to the next (`GLPointBuffer`): a ring whose slot
/// for the point of sequence number `s` (`RingView.dropped` + its index, which names that value for good) is
/// `s % capacity`. A frame writes the points appended since the frame before and nothing else; a pan, a zoom or a y
/// range refitted writes nothing. The buffer is written afresh — every point, about a new origin — when the series
/// outgrows it (it takes half as many slots again), when it is another series' (another history), or when a point
/// lies farther than `KeptLineSlots.reach` pixels from the origin; a series that no origin holds that close is
/// uploaded per frame as any dots are.
final class GLDotRing: GLPointBuffer {
    /// Slots in the buffer (0 before the first frame).
    private var capacity = 0
    /// The histories of the rings it holds.
    private var history: (x: UInt64, y: UInt64)?
    /// The sequence number after the newest point written.
    private var written = 0
    private var originX = 0.0, originY = 0.0

    /// How a frame draws from the buffer.
    struct Drawing {
        /// The slots to draw, oldest first: one run, or two where the points wrap past the buffer's end.
        let runs: [Range<Int>]
        /// Where the points are drawn.
        let placement: GLPointBuffer.Placement
        /// How many points were written.
        let written: Int
    }

    /// Brings the buffer to the points of rings `x` and `y` (of one series: appended together) drawn under `t` (linear
    /// axes), writing those appended since; nil when they cannot be held: the caller then uploads them as for any dots.
    func update(x: RingView, y: RingView, _ t: DataTransform) -> Drawing? {
        let (dropped, count) = (x.dropped, x.count)
        guard count > 0, y.dropped == dropped, y.count == count, KeptLineSlots.carried(t.scaleX), KeptLineSlots.carried(t.scaleY)
        else { return nil }
        // The extent from the rings' chunk extents: each whole chunk answers from what it kept as it was written.
        let extent = KeptLineSlots.Extent(x: x.finiteExtent(0..<count), y: y.finiteExtent(0..<count))
        let holds = { (ox: Double, oy: Double) in
            KeptLineSlots.holds(extent, originX: ox, originY: oy, scaleX: t.scaleX, scaleY: t.scaleY)
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        var from = max(written, dropped)
        if history.map({ $0 != (x.history, y.history) }) ?? true || capacity < count || !holds(originX, originY) {
            let (ox, oy) = extent.middle
            guard holds(ox, oy) else { return nil }
            if capacity < count {
                capacity = max(KeptLineSlots.minimumCapacity, count + count / 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), capacity * 8, nil, GLenum(GL_DYNAMIC_DRAW))
            }
            (history, originX, originY, from) = ((x.history, y.history), ox, oy, dropped)
        }
        let end = dropped + count
        // The new points, in runs that do not cross the buffer's end.
        var s = from
        while s < end {
            let slot = s % capacity, n = min(end - s, capacity - slot), indices = (s - dropped)..<(s - dropped + n)
            x.withUnsafeDoubles(in: indices) { xs in
                y.withUnsafeDoubles(in: indices) { ys in GLPointBuffer.write(x: xs, y: ys, originX: originX, originY: originY, at: slot) }
            }
            s += n
        }
        written = end
        let first = dropped % capacity
        let runs = first + count <= capacity ? [first..<(first + count)] : [first..<capacity, 0..<(first + count - capacity)]
        return Drawing(runs: runs, placement: GLPointBuffer.Placement(originX: originX, originY: originY, t), written: end - from)
    }
}
