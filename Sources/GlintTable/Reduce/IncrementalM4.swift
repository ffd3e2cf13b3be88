import Dispatch
import GlintScales

/// M4 over a window of a line held in rings, taking each bucket's points from the frame before where that bucket
/// holds the same points: the bucket bounds are found in the new buckets as always — each guessed from the bucket
/// that began on the same point the frame before and checked against the sub-columns with the x values either side
/// of its end (kept from that frame, so the check reads nothing of the rings), searched for when the guess fails —
/// so a bucket is taken over only when it holds exactly the points it held then, and its M4 points are then those
/// a scan would keep. The rest are scanned as `M4Decimation` scans them. A view that scrolls by whole pixels (a
/// following view, a pan) scans only the points that entered it. The buckets are split into runs, one per thread,
/// as `M4Decimation` splits them.
enum IncrementalM4 {
    /// What one frame kept of a line, for the next.
    struct Entry: Sendable {
        /// The buckets it was reduced in.
        let buckets: M4Buckets
        /// `y.dropped - x.dropped` then: the y ring's sequence number of a point is its x ring's plus this.
        let yOffset: Int
        /// The x ring's sequence number of each bucket's first point, then of the point after the last bucket.
        let bounds: [Int]
        /// Per bound, x of the point before it and of the point at it (NaN where the window holds none): the reads
        /// that check a bucket taken over, answered without touching the rings.
        let before: [Double], at: [Double]
        /// Where each bucket's M4 points begin in `x` and `y`, then their end.
        let kept: [Int]
        /// Each bucket's M4 points as its scan gives them (NaN at gaps; two buckets' NaNs may meet).
        let x: [Double], y: [Double]

        /// An entry with no buckets to take over.
        static func none(_ plan: M4Buckets, yOffset: Int) -> Entry {
            Entry(buckets: plan, yOffset: yOffset, bounds: [], before: [], at: [], kept: [], x: [], y: [])
        }
    }

    /// The M4 points of `window` of the line through `x` and `y` (rings of equal count) in `buckets`, on up to
    /// `threads` threads, the entry they make and how many buckets were taken from `previous` and scanned; nil when
    /// x is not finite and non-decreasing in the window, or has no position on a log x axis.
    static func decimate(x: RingView, y: RingView, window: Range<Int>, buckets plan: M4Buckets, reusing previous: Entry?,
                         threads: Int) -> (M4Decimation.Result, Entry, (kept: Int, scanned: Int))? {
        guard !window.isEmpty, plan.mapping.forwardX.admits(x[window.lowerBound]) else { return nil }
        let yOffset = y.dropped - x.dropped
        let old = previous.flatMap { p in
            p.yOffset == yOffset && p.buckets.subdivisions == plan.subdivisions
                && p.buckets.mapping.forwardY == plan.mapping.forwardY ? p : nil
        } ?? .none(plan, yOffset: yOffset)
        let line = Line(x: x, y: y, window: window, plan: plan, old: old)
        let parts = EvenParts.split(plan.count, threads: min(threads, plan.count / 1024))
        var runs = [Run?](repeating: nil, count: parts.count)
        if parts.count == 1 {
            runs[0] = line.run(parts[0])
        } else {
            runs.withUnsafeMutableBufferPointer { out in
                DispatchQueue.concurrentPerform(iterations: parts.count) { part in out[part] = line.run(parts[part]) }
            }
        }
        return Self.joined(runs, line: line)
    }

    /// The runs made into the result and the entry; nil when one failed, or two that meet disagree on where (x out
    /// of order between them).
    private static func joined(_ runs: [Run?], line: Line) -> (M4Decimation.Result, Entry, (kept: Int, scanned: Int))? {
        var bounds: [Int] = [], before: [Double] = [], at: [Double] = [], kept: [Int] = []
        var x: [Double] = [], y: [Double] = [], reuse = (kept: 0, scanned: 0)
        let (boundCount, pointCount) = runs.reduce((0, 0)) { ($0.0 + ($1?.bounds.count ?? 0), $0.1 + ($1?.x.count ?? 0)) }
        // Room for every run at once: appended run by run, the arrays would otherwise be copied as they grow.
        bounds.reserveCapacity(boundCount)
        before.reserveCapacity(boundCount)
        at.reserveCapacity(boundCount)
        kept.reserveCapacity(boundCount)
        x.reserveCapacity(pointCount)
        y.reserveCapacity(pointCount)
        for run in runs {
            guard let run, bounds.isEmpty || bounds.last == run.bounds.first else { return nil }
            if !bounds.isEmpty {  // the bound where the runs meet, once
                bounds.removeLast()
                before.removeLast()
                at.removeLast()
            }
            bounds += run.bounds
            before += run.before
            at += run.at
            let offset = x.count
            kept.append(contentsOf: run.kept.lazy.map { $0 + offset })
            x += run.x
            y += run.y
            reuse = (reuse.kept + run.reused, reuse.scanned + run.scanned)
        }
        kept.append(x.count)
        let entry = Entry(buckets: line.plan, yOffset: line.old.yOffset, bounds: bounds, before: before, at: at, kept: kept, x: x, y: y)
        return (M4Decimation.Result(x: Column(singleGaps(x, x)), y: Column(singleGaps(y, x))), entry, reuse)
    }

    /// `values` without those where a NaN x follows a NaN x: one NaN between runs of points, never two in a row,
    /// as a fresh M4 gives them.
    private static func singleGaps(_ values: [Double], _ x: [Double]) -> [Double] {
        // Mostly there are none to drop: the values are shared with the entry, not copied.
        let doubled = x.withUnsafeBufferPointer { x in x.indices.dropFirst().contains { x[$0].isNaN && x[$0 - 1].isNaN } }
        guard doubled else { return values }
        return [Double](unsafeUninitializedCapacity: values.count) { out, written in
            var n = 0, gap = false
            for i in x.indices {
                let isGap = x[i].isNaN
                if !(isGap && gap) {
                    out[n] = values[i]
                    n += 1
                }
                gap = isGap
            }
            written = n
        }
    }

    /// What one run of buckets made: per bucket its first bound and where its points begin, then the bound after
    /// the run (`bounds`, `before` and `at` have one more entry than `kept`).
    private struct Run {
        var bounds: [Int] = [], before: [Double] = [], at: [Double] = [], kept: [Int] = []
        var x: [Double] = [], y: [Double] = []
        var reused = 0, scanned = 0
        /// The points of the buckets taken over since the last scan, in the entry before (copied at once).
        var pending: Range<Int>?
        /// The indices a scan picks, kept between scans for its capacity.
        var picked: [Int] = []

        /// Where the next bucket's points begin.
        var end: Int { x.count + (pending?.count ?? 0) }

        /// Takes over the points at `points` of `old` (after those pending).
        mutating func take(_ points: Range<Int>, of old: Entry) {
            if let p = pending, p.upperBound == points.lowerBound {
                pending = p.lowerBound..<points.upperBound
            } else {
                flush(old)
                pending = points
            }
        }

        /// Copies the pending points of `old`.
        mutating func flush(_ old: Entry) {
            guard let p = pending else { return }
            x += old.x[p]
            y += old.y[p]
            pending = nil
        }

        mutating func bound(_ sequence: Int, before b: Double, at a: Double) {
            bounds.append(sequence)
            before.append(b)
            at.append(a)
        }
    }

    /// One frame's reduction of a line: the rings, the window, the buckets and the entry of the frame before.
    private struct Line: Sendable {
        let x: RingView, y: RingView
        let window: Range<Int>
        let plan: M4Buckets
        let old: Entry

        /// x at index `i` of the window, NaN past its end.
        func x(at i: Int) -> Double { i < window.count ? x[window.lowerBound + i] : .nan }

        /// The x ring's sequence number of index `i` of the window.
        func sequence(_ i: Int) -> Int { x.dropped + window.lowerBound + i }

        /// Reduces `buckets`; nil when x is out of order or not finite in them.
        func run(_ buckets: Range<Int>) -> Run? {
            let n = window.count, count = plan.count, first = plan.firstSubColumn
            let column = { (i: Int) -> Int in plan.subColumn(x[window.lowerBound + i]) }
            var lo = buckets.lowerBound == 0 ? 0 : M4Decimation.firstIndex(from: 0, to: n, atOrPast: first + buckets.lowerBound - 1, column: column)
            var out = Run()
            out.bounds.reserveCapacity(buckets.count + 1)
            out.kept.reserveCapacity(buckets.count)
            out.x.reserveCapacity(4 * buckets.count)
            out.y.reserveCapacity(4 * buckets.count)
            out.bound(sequence(lo), before: lo > 0 ? x(at: lo - 1) : .nan, at: x(at: lo))
            var cursor = firstBucket(endingPast: sequence(lo))
            for b in buckets {
                out.kept.append(out.end)
                let edge = plan.isEdge(b), next = first + b  // the sub-column bucket b + 1 begins with
                var from: Int?, hi = 0  // the bucket of `old` holding the same points; where this one ends
                if !edge, let ob = sameBucket(startingAt: sequence(lo), cursor: &cursor) {
                    let h = old.bounds[ob + 1] - sequence(0)
                    if h <= n {
                        let last = old.before[ob + 1], following = h == n ? .nan : old.at[ob + 1].isNaN ? x(at: h) : old.at[ob + 1]
                        if plan.subColumn(last) < next && (h == n || plan.subColumn(following) >= next) {
                            (from, hi) = (ob, h)
                            out.bound(sequence(h), before: last, at: following)
                        }
                    }
                }
                if from == nil {
                    hi = b == count - 1 ? n : M4Decimation.firstIndex(from: lo, to: n, atOrPast: next, column: column)
                    // An empty bucket's end is its start: the x either side are the same.
                    let (last, following) = hi == lo ? (out.before[out.before.count - 1], out.at[out.at.count - 1]) : (x(at: hi - 1), x(at: hi))
                    out.bound(sequence(hi), before: last, at: following)
                }
                guard lo < hi else { continue }
                // Each bucket's scan checks the order inside it; check where it meets the one before too.
                let start = out.before.count - 2
                if lo > 0 && !(out.before[start] <= out.at[start]) { return nil }
                if let ob = from {
                    out.take(old.kept[ob]..<old.kept[ob + 1], of: old)
                    out.reused += 1
                } else {
                    out.flush(old)
                    guard scan(window.lowerBound + lo..<window.lowerBound + hi, keepExtremes: !edge, into: &out) else { return nil }
                    out.scanned += 1
                }
                lo = hi
            }
            out.flush(old)
            return out
        }

        /// The first bucket of `old` that ends past sequence number `start` (where a walk for `start` begins).
        private func firstBucket(endingPast start: Int) -> Int {
            var (a, b) = (0, max(0, old.bounds.count - 1))
            while a < b {
                let mid = (a + b) / 2
                if old.bounds[mid + 1] <= start { a = mid + 1 } else { b = mid }
            }
            return a
        }

        /// The bucket of `old` whose first point has sequence number `start` and that holds at least one point, when
        /// it lies inside the columns (none in an entry without bounds); `cursor` walks the buckets once per run (the
        /// starts asked for only grow).
        private func sameBucket(startingAt start: Int, cursor: inout Int) -> Int? {
            let buckets = old.bounds.count - 1
            while cursor < buckets && old.bounds[cursor + 1] <= start { cursor += 1 }
            guard cursor < buckets, old.bounds[cursor] == start, !old.buckets.isEdge(cursor) else { return nil }
            return cursor
        }

        /// Scans the points at `indices` of the rings as one bucket (see `M4Decimation.scan`) into `out`; false when
        /// x is out of order or not finite there.
        private func scan(_ indices: Range<Int>, keepExtremes: Bool, into out: inout Run) -> Bool {
            x.withUnsafeDoubles(in: indices) { xs in
                y.withUnsafeDoubles(in: indices) { ys in
                    out.picked.removeAll(keepingCapacity: true)
                    guard M4Decimation.scan(xs, ys, 0, indices.count, keepExtremes: keepExtremes,
                                            forwardY: plan.mapping.forwardY, into: &out.picked) else { return false }
                    for i in out.picked {
                        out.x.append(i < 0 ? .nan : xs[i])
                        out.y.append(i < 0 ? .nan : ys[i])
                    }
                    return true
                }
            }
        }
    }
}
