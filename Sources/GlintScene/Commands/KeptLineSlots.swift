import GlintTable

/// Where a live line's points lie in a buffer that a painter keeps from one frame to the next (the GL painter's
/// `GLLineRing`), and which of them a frame must write.
///
/// The buffer holds each point as Float32 offsets from an origin kept in Double, in data units; the painter's
/// shader takes them to pixels with the axes' scale, so a view that moves or rescales writes nothing for the points
/// it already holds. A frame's points are matched against those held: a new point about the middle that is held,
/// value for value, fixes where the new points lie against the held ones, every new point equal to the held point
/// in its slot stays, and only the others are written (a following view writes the buckets its new points made and
/// any bucket whose points changed; a pan, those it brought in). A bucket that changes how many points it keeps
/// moves every point after it by a slot: those are written too.
/// The buffer is written afresh — every point, from its middle, about a new origin — when nothing is kept, when the
/// points would run past either end of it, or when a point lies farther from the origin than `reach` pixels (the
/// offset's Float32 rounding must stay a small fraction of a pixel). Points that no origin holds within `reach`
/// (a spike far off the plot) or scales that Float32 cannot carry are not placed at all: the painter then uploads
/// the frame's pixels as for any line.
public struct KeptLineSlots: Sendable {
    /// Pixels a point may lie from the origin: its offset's Float32 rounding is then within 2^-9 pixels.
    public static let reach: Double = 32_768
    /// Slots a buffer has at least (and 4 per point held when it is made, kept while the points fill at most half
    /// of it): a following view slides through them for hundreds of frames before the buffer is written afresh.
    public static let minimumCapacity = 1 << 16

    /// Slots in the buffer.
    public let capacity: Int
    /// The slot of the first point. The slot before it and the one after the last point hold gaps, so that the
    /// segment shaders read an open end there.
    public let start: Int
    /// The points held, in data units, as the frame gave them.
    public let x: [Double], y: [Double]
    /// The values subtracted, in Double, before the Float32 conversion.
    public let originX: Double, originY: Double

    /// What a frame writes.
    public struct Writes: Sendable, Equatable {
        /// Whether the buffer is written afresh: its capacity (maybe new), every point and both gaps.
        public var fresh: Bool
        /// The points to write (indices into the frame's points; point `i` goes to slot `start + i`); the gap
        /// slots either side are written too.
        public var ranges: [Range<Int>]
    }

    /// The finite extent of the placed points, in data units: what a painter clears and composites.
    public struct Extent: Sendable, Equatable {
        public var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity

        /// No points yet.
        public init() {}

        /// The box of x values within `x` and y values within `y` (nil: none finite).
        public init(x: ClosedRange<Double>?, y: ClosedRange<Double>?) {
            guard let x, let y else { return }
            (minX, maxX, minY, maxY) = (x.lowerBound, x.upperBound, y.lowerBound, y.upperBound)
        }

        /// Its middle (halves added, so that ±1e308 do not overflow); the origin where it holds no point.
        public var middle: (x: Double, y: Double) {
            minX <= maxX ? (minX / 2 + maxX / 2, minY / 2 + maxY / 2) : (0, 0)
        }
    }

    /// The slots of the points (`x[i]`, `y[i]`; non-finite is a gap) drawn at `scaleX`, `scaleY` pixels per data unit,
    /// keeping what `previous` holds where it can; what to write; and the points' extent. Nil when no origin holds
    /// them within `reach` pixels or a scale is outside what Float32 carries (1e-30 to 1e30 in magnitude).
    public static func place(x: [Double], y: [Double], scaleX: Double, scaleY: Double,
                             previous: KeptLineSlots?) -> (slots: KeptLineSlots, writes: Writes, extent: Extent)? {
        let n = min(x.count, y.count)
        guard n > 0, carried(scaleX), carried(scaleY) else { return nil }
        // Held as given (the frame's arrays, not copies) unless one is longer.
        let (heldX, heldY) = (x.count == n ? x : Array(x[0..<n]), y.count == n ? y : Array(y[0..<n]))
        let finite = DataRange.finiteExtent(x: Column(heldX), y: Column(heldY), threads: 1)
        let extent = Extent(x: finite?.x, y: finite?.y)
        let fits = { (ox: Double, oy: Double) in holds(extent, originX: ox, originY: oy, scaleX: scaleX, scaleY: scaleY) }
        if let previous, n + 2 <= previous.capacity, fits(previous.originX, previous.originY),
           let shift = previous.shift(x: x, y: y, count: n), case let start = previous.start + shift,
           start >= 1 && start + n + 1 <= previous.capacity {
            let ranges = previous.changed(x: x, y: y, count: n, shift: shift)
            if ranges.map(\.count).reduce(0, +) < n {
                let slots = KeptLineSlots(capacity: previous.capacity, start: start, x: heldX, y: heldY,
                                          originX: previous.originX, originY: previous.originY)
                return (slots, Writes(fresh: false, ranges: ranges), extent)
            }
        }
        // Afresh, about the middle of the extent.
        let (ox, oy) = extent.middle
        guard fits(ox, oy) else { return nil }
        // The buffer as it is while it has room for the points twice over; else one of 4 slots a point.
        let capacity = previous.map(\.capacity).flatMap { n <= $0 / 2 - 1 ? $0 : nil }
            ?? max(minimumCapacity, n.multipliedReportingOverflow(by: 4).overflow ? Int.max : 4 * n)
        let slots = KeptLineSlots(capacity: capacity, start: (capacity - n) / 2, x: heldX, y: heldY,
                                  originX: ox, originY: oy)
        return (slots, Writes(fresh: true, ranges: [0..<n]), extent)
    }

    /// Whether Float32 carries `scale` (and its product with offsets within `reach`) without losing it.
    public static func carried(_ scale: Double) -> Bool { (1e-30...1e30).contains(abs(scale)) }

    /// Whether points within `extent` lie within `reach` pixels of the origin at these scales (true when none is
    /// finite): Float32 offsets from it then hold them.
    public static func holds(_ extent: Extent, originX: Double, originY: Double, scaleX: Double, scaleY: Double) -> Bool {
        extent.minX > extent.maxX
            || (within(extent.minX, extent.maxX, of: originX, scale: scaleX) && within(extent.minY, extent.maxY, of: originY, scale: scaleY))
    }

    /// Whether `low...high` lies within `reach` pixels of `origin`, and within 1e30 data units (far from Float32's
    /// gap sentinel).
    private static func within(_ low: Double, _ high: Double, of origin: Double, scale: Double) -> Bool {
        let far = max(abs(high - origin), abs(low - origin))
        return far <= 1e30 && far * abs(scale) <= reach
    }

    /// Where the held points lie against the new ones: the held index of new point `i` is `i + shift`, found for a
    /// new point about the middle (then a quarter of the way in from either end, and so on) that is held, value for
    /// value; nil when none of them is. Held x is non-decreasing where it is a number (NaN only at gaps), so each is
    /// looked for by bisection.
    private func shift(x nx: [Double], y ny: [Double], count n: Int) -> Int? {
        for fraction in [4, 6, 2, 7, 5, 3, 1] {
            let anchor = n * fraction / 8
            guard nx[anchor].isFinite else { continue }
            var o = lowerBound(nx[anchor])
            while o < x.count, x[o].isNaN || x[o] == nx[anchor] {
                if same(o, as: anchor, nx, ny) { return o - anchor }
                o += 1
            }
        }
        return nil
    }

    /// The ranges of new points not held at their index plus `shift`, value for value; ranges less than
    /// `mergedGap` apart are written as one.
    private func changed(x nx: [Double], y ny: [Double], count n: Int, shift: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = [], from: Int?
        /// Ends the changed range open since `from` at `end`.
        func close(at end: Int) {
            guard let start = from else { return }
            if let last = ranges.last, start - last.upperBound < KeptLineSlots.mergedGap {
                ranges[ranges.count - 1] = last.lowerBound..<end
            } else {
                ranges.append(start..<end)
            }
            from = nil
        }
        for i in 0..<n {
            let o = i + shift
            if o >= 0 && o < x.count && same(o, as: i, nx, ny) {
                close(at: i)
            } else if from == nil {
                from = i
            }
        }
        close(at: n)
        return ranges
    }

    /// Held points between two changed ranges that are written with them rather than cost a write of their own.
    static let mergedGap = 32

    /// Whether held point `o` is new point `i`, bit for bit (a gap's NaN as well).
    @inline(__always)
    private func same(_ o: Int, as i: Int, _ nx: [Double], _ ny: [Double]) -> Bool {
        x[o].bitPattern == nx[i].bitPattern && y[o].bitPattern == ny[i].bitPattern
    }

    /// The first held index whose x is at least `value`, NaNs (gaps) skipped over: `x.count` when none is.
    private func lowerBound(_ value: Double) -> Int {
        var (low, high) = (0, x.count)
        while low < high {
            let mid = low + (high - low) / 2
            guard let probe = (mid..<high).first(where: { !x[$0].isNaN }) else {
                high = mid
                continue
            }
            if x[probe] < value { low = probe + 1 } else { high = mid }
        }
        return low
    }
}
