import FoundationEssentials
import Glibc

/// How a colour scale spreads its values along its colours before mapping them (datashader's `how`): evenly
/// (`linear`), by their logarithm or cube root, or by their rank (`equalized`: histogram equalisation, each colour
/// given to about as many cells as any other). Both the colours drawn and the colour bar's label places go through
/// it (`ColorScale.fraction`), so a bar's labels stay true to what its colours mean.
public enum ColorNormalization: Sendable, Equatable {
    /// Equal steps of value are equal steps of colour.
    case linear
    /// Equal ratios are equal steps: `log(v / low)`, or `log1p(v - low)` when the range reaches 0 or below.
    case log
    /// The cube root of the distance from the low end: between linear and log.
    case cbrt
    /// A value's place is its share of the values at or below it, interpolated between `values` (increasing) and
    /// their cumulative shares `fractions` (0 at the lowest value, 1 at the highest).
    case equalized(values: [Double], fractions: [Double])

    /// Where `v` (clamped into `range`) lies along the scale, 0…1.
    public func fraction(_ v: Double, in range: ClosedRange<Double>) -> Double {
        let (lo, hi) = (range.lowerBound, range.upperBound)
        let v = min(max(v, lo), hi)
        switch self {
        case .linear:
            let halfSpan = hi / 2 - lo / 2
            return halfSpan > 0 ? (v / 2 - lo / 2) / halfSpan : 0.5
        case .log:
            let whole = lo > 0 ? Glibc.log(hi / lo) : Glibc.log1p(hi - lo)
            guard whole > 0, whole.isFinite else { return 0.5 }
            return (lo > 0 ? Glibc.log(v / lo) : Glibc.log1p(v - lo)) / whole
        case .cbrt:
            let whole = Glibc.cbrt(hi - lo)
            return whole > 0 && whole.isFinite ? Glibc.cbrt(v - lo) / whole : 0.5
        case let .equalized(values, fractions):
            return ColorNormalization.interpolate(v, values, fractions)
        }
    }

    /// The piecewise-linear interpolation of `v` between `xs` (increasing) and `ys`; the end values beyond them.
    static func interpolate(_ v: Double, _ xs: [Double], _ ys: [Double]) -> Double {
        guard let first = xs.first, let last = xs.last, xs.count == ys.count else { return 0.5 }
        if v <= first { return ys[0] }
        if v >= last { return ys[ys.count - 1] }
        var (lo, hi) = (0, xs.count - 1)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if xs[mid] <= v { lo = mid } else { hi = mid }
        }
        let span = xs[hi] - xs[lo]
        return span > 0 ? ys[lo] + (ys[hi] - ys[lo]) * (v - xs[lo]) / span : ys[hi]
    }

    /// The equalisation of values given as `distinct` increasing values and how many cells hold each (`tally`): a knot
    /// per distinct value when there are at most `knots`, else one at each of `knots` evenly spaced ranks. Linear
    /// when fewer than two values are held.
    public static func equalized(distinct: [Double], tally: [Double], knots: Int = 4096) -> ColorNormalization {
        var xs: [Double] = [], cumulative: [Double] = []
        var total = 0.0
        for (v, n) in zip(distinct, tally) where n > 0 && v.isFinite {
            total += n
            xs.append(v)
            cumulative.append(total)
        }
        guard xs.count > 1 else { return .linear }
        // The lowest value's share is moved to 0, so the lowest colour is used (as datashader rescales its CDF).
        let base = cumulative[0], span = total - base
        var ys = cumulative.map { ($0 - base) / span }
        if xs.count > knots {
            let picks = (0..<knots).map { k in k * (xs.count - 1) / (knots - 1) }
            (xs, ys) = (picks.map { xs[$0] }, picks.map { ys[$0] })
        }
        return .equalized(values: xs, fractions: ys)
    }
}
