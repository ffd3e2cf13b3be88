import Dispatch
import GlintScales

/// The finite x and y extent of a series' points.
public typealias DataExtent = (x: ClosedRange<Double>, y: ClosedRange<Double>)

/// Finite extents of data, skipping NaN and ±Inf (they are gaps, not values).
public enum DataRange {
    /// The x and y extent of the points whose x and y are both finite, read once on `threads` threads. With scale
    /// functions (a log axis), the extent in scale space of the points with a finite position there.
    public static func finiteExtent(x: Column, y: Column, forward: (x: ScaleFunction, y: ScaleFunction) = (.identity, .identity),
                                    threads: Int) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let n = min(x.count, y.count)
        // A pair of Float columns (a mapped float32 .npy pair) is read in place rather than copied into doubles.
        let floats = x.withIndexedValues { xv in
            y.withIndexedValues { yv -> (x: ClosedRange<Double>, y: ClosedRange<Double>)?? in
                guard case let (.floats(a), .floats(b)) = (xv, yv) else { return nil }
                return .some(inPlaceExtent(a, b, count: n, forward: forward, threads: threads))
            }
        }
        if let floats { return floats }
        let scan = forward.x.isIdentity && forward.y.isIdentity ? SIMDScan.finiteExtent
            : { xp, yp, lo, hi in admittedExtent(xp, yp, lo, hi, forward: forward) }
        let parts = EvenParts.split(n, threads: n < 200_000 ? 1 : threads)
        var extents = [(Double, Double, Double, Double)](repeating: (.infinity, -.infinity, .infinity, -.infinity), count: parts.count)
        x.withUnsafeDoubles { xs in
            y.withUnsafeDoubles { ys in
                extents.withUnsafeMutableBufferPointer { out in
                    guard n > 0 else { return }
                    DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                        out[part] = scan(xs.baseAddress!, ys.baseAddress!, parts[part].lowerBound, parts[part].upperBound)
                    }
                }
            }
        }
        let x0 = extents.map(\.0).min()!, x1 = extents.map(\.1).max()!
        let y0 = extents.map(\.2).min()!, y1 = extents.map(\.3).max()!
        return x0 <= x1 ? (x0...x1, y0...y1) : nil
    }

    /// `finiteExtent` of columns read in place through `ValueReading`, on `threads` threads.
    static func inPlaceExtent<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y, count n: Int, forward: (x: ScaleFunction, y: ScaleFunction),
                                                                threads: Int) -> (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let parts = EvenParts.split(n, threads: n < 200_000 ? 1 : threads)
        var extents = [(Double, Double, Double, Double)](repeating: (.infinity, -.infinity, .infinity, -.infinity), count: parts.count)
        extents.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                var (x0, x1, y0, y1) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
                for i in parts[part] {
                    let (u, w) = (x.value(i), y.value(i))
                    guard forward.x.admits(u), forward.y.admits(w) else { continue }
                    (x0, x1, y0, y1) = (min(x0, u), max(x1, u), min(y0, w), max(y1, w))
                }
                out[part] = (x0, x1, y0, y1)
            }
        }
        let x0 = extents.map(\.0).min()!, x1 = extents.map(\.1).max()!, y0 = extents.map(\.2).min()!, y1 = extents.map(\.3).max()!
        return x0 <= x1 ? (forward.x.forward(x0...x1), forward.y.forward(y0...y1)) : nil
    }

    /// The scale-space extent (x0, x1, y0, y1) of the points lo..<hi that have a position on both scales; empty
    /// (+Inf, -Inf, …) when none has. The scales are monotonic: the extremes of the data are those of their positions.
    private static func admittedExtent(_ xs: UnsafePointer<Double>, _ ys: UnsafePointer<Double>, _ lo: Int, _ hi: Int,
                                       forward: (x: ScaleFunction, y: ScaleFunction)) -> (Double, Double, Double, Double) {
        var x0 = Double.infinity, x1 = -Double.infinity, y0 = Double.infinity, y1 = -Double.infinity
        for i in lo..<hi where forward.x.admits(xs[i]) && forward.y.admits(ys[i]) {
            (x0, x1) = (min(x0, xs[i]), max(x1, xs[i]))
            (y0, y1) = (min(y0, ys[i]), max(y1, ys[i]))
        }
        guard x0 <= x1 else { return (x0, x1, y0, y1) }
        return (forward.x(x0), forward.x(x1), forward.y(y0), forward.y(y1))
    }

    /// The smallest and largest finite value of a column, read in place when its storage allows.
    public static func finite(_ values: Column) -> ClosedRange<Double>? {
        values.withUnsafeDoubles { finite($0) }
    }

    /// The smallest and largest finite value, or nil when there is none.
    @inlinable
    public static func finite<Values: Sequence<Double>>(_ values: Values) -> ClosedRange<Double>? {
        var lo = Double.infinity, hi = -Double.infinity
        for v in values where v.isFinite {
            if v < lo { lo = v }
            if v > hi { hi = v }
        }
        return lo <= hi ? lo...hi : nil
    }

    /// The union of two optional ranges.
    public static func union(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> ClosedRange<Double>? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a.lowerBound, b.lowerBound)...max(a.upperBound, b.upperBound)
    }

    /// The narrowest span an axis shows: pixels per data unit must stay finite on the largest image (2^19 device
    /// pixels). Narrower data is drawn as a constant; a narrower explicit range is refused (`Chart.validate()`).
    public static let minimumSpan = 1e-300

    /// `range` widened by `fraction` of its span on each side; a single value (or one narrower than
    /// `minimumSpan`) widens to a unit span, or a tenth of its size on each side. An infinite bound (a mark's reach
    /// past the largest Double, such as a heatmap cell around 1.7e308) is taken as the largest finite value, so the
    /// result is always a finite range.
    public static func padded(_ given: ClosedRange<Double>, by fraction: Double) -> ClosedRange<Double> {
        let range = SafeSpan.finite(given.lowerBound)...SafeSpan.finite(given.upperBound)
        let halfSpan = SafeSpan.half(range.lowerBound, range.upperBound)
        if halfSpan < DataRange.minimumSpan / 2 {
            let half = range.lowerBound == 0 ? 1 : max(abs(range.lowerBound) * 0.1, DataRange.minimumSpan)
            return SafeSpan.finite(range.lowerBound - half)...SafeSpan.finite(range.upperBound + half)
        }
        let pad = halfSpan * (2 * fraction)
        return SafeSpan.finite(range.lowerBound - pad)...SafeSpan.finite(range.upperBound + pad)
    }

    /// The smallest gap between distinct finite values (sorted copy), in scale space under `forward`, or nil for
    /// fewer than two.
    @inlinable
    public static func smallestGap<Values: Sequence<Double>>(_ values: Values, forward: ScaleFunction = .identity) -> Double? {
        let sorted = values.filter(forward.admits).map(forward.callAsFunction).sorted()
        var best = Double.infinity
        for i in sorted.indices.dropFirst() where sorted[i] > sorted[i - 1] {
            best = min(best, sorted[i] - sorted[i - 1])
        }
        return best.isFinite ? best : nil
    }

    /// Whether some index has both an x and a y with a finite position on their scales (stops at the first).
    public static func hasFinitePoint(x: Column, y: Column, forward: (x: ScaleFunction, y: ScaleFunction) = (.identity, .identity)) -> Bool {
        for i in 0..<min(x.count, y.count) where forward.x.admits(x[i]) && forward.y.admits(y[i]) { return true }
        return false
    }

    /// Whether every value is finite and each is at least the one before.
    @inlinable
    public static func isSortedFinite<Values: Sequence<Double>>(_ values: Values) -> Bool {
        var previous = -Double.infinity
        for v in values {
            guard v.isFinite, v >= previous else { return false }
            previous = v
        }
        return true
    }
}
