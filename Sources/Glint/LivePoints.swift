import GlintCore

/// A live series' points in rings of one capacity (`RetainedChart.append`), whether x is still finite and
/// non-decreasing (so that frames find the visible window by binary search), and the newest x.
struct LivePoints {
    private(set) var x: RingColumn
    private(set) var y: RingColumn
    private(set) var xIsSorted: Bool
    /// The x of the newest point; nil before any.
    private(set) var newestX: Double?

    /// The points whose columns are `x` and `y` (the newest `capacity` of them), in rings of `capacity`.
    init(x: Column, y: Column, capacity: Int) {
        (self.x, self.y) = (RingColumn(capacity: capacity), RingColumn(capacity: capacity))
        let n = min(x.count, y.count), kept = max(0, n - capacity)..<n
        self.x.append(contentsOf: kept.lazy.map { x[$0] })
        self.y.append(contentsOf: kept.lazy.map { y[$0] })
        xIsSorted = DataRange.isSortedFinite(kept.lazy.map { x[$0] })
        newestX = kept.last.map { x[$0] }
    }

    /// Appends the points `x[i]`, `y[i]` (of equal counts).
    mutating func append(_ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>) {
        for (u, w) in zip(xs, ys) {
            if xIsSorted, !(u.isFinite && u >= (newestX ?? -.infinity)) { xIsSorted = false }
            x.append(u)
            y.append(w)
            newestX = u
        }
    }
}
