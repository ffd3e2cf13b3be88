import GlintScales

/// The part of a line with sorted x that can show in a pixel range: found by binary search, so a panned or zoomed
/// view costs what it shows, not what the series holds.
public enum VisibleWindow {
    /// The indices of the points of `x` (finite, non-decreasing) whose pixel x under `transform` lies in
    /// `from...to`, widened by one point on each side so that the segments entering the range are kept. The pixel
    /// range goes back through the x scale (monotonic), so the search compares data values as they are.
    public static func indices(of x: Column, transform: DataTransform, from: Double, to: Double) -> Range<Int> {
        guard transform.scaleX > 0, !x.isEmpty else { return x.indices }
        let low = transform.forwardX.inverse(transform.inverse(Point(from, 0)).x)
        let high = transform.forwardX.inverse(transform.inverse(Point(to, 0)).x)
        let inside = indices(of: x, within: low...high)
        return max(0, inside.lowerBound - 1)..<min(x.count, inside.upperBound + 1)
    }

    /// The indices of the points of `x` (finite, non-decreasing) whose value lies in `range`, by binary search.
    public static func indices(of x: Column, within range: ClosedRange<Double>) -> Range<Int> {
        /// The first index whose value is at least (or, with `after`, more than) `value`.
        func search(_ value: Double, after: Bool) -> Int {
            var (a, b) = (0, x.count)
            while a < b {
                let mid = (a + b) / 2
                if x[mid] < value || (after && x[mid] == value) { a = mid + 1 } else { b = mid }
            }
            return a
        }
        let first = search(range.lowerBound, after: false)
        return first..<max(first, search(range.upperBound, after: true))
    }
}
