import FoundationEssentials
import Glibc

/// The pointwise part of a scale: data values to the space an axis is laid out in, where equal distances are
/// equal pixels. Painters, M4, the guard band and hit testing apply it to each point as they read it, so no
/// scale ever copies a series (ImPlot's `TransformFwd` / `TransformInv`).
public enum ScaleFunction: Sendable, Equatable {
    /// Values are positions (linear, time and category axes).
    case identity
    /// Base-10 logarithms; values ≤ 0 have none and are gaps.
    case log10

    /// The value in scale space: NaN where the scale has none (≤ 0 on a log axis), ±Inf and NaN as they are.
    @inlinable @inline(__always)
    public func callAsFunction(_ v: Double) -> Double {
        switch self {
        case .identity: return v
        case .log10: return v > 0 ? Glibc.log10(v) : .nan
        }
    }

    /// The data value at scale-space position `u`.
    @inlinable
    public func inverse(_ u: Double) -> Double {
        switch self {
        case .identity: return u
        case .log10: return pow(10, u)
        }
    }

    /// Whether `v` has a finite position on this scale (finite, and above 0 on a log axis).
    @inlinable @inline(__always)
    public func admits(_ v: Double) -> Bool {
        switch self {
        case .identity: return v.isFinite
        case .log10: return v.isFinite && v > 0
        }
    }

    /// A data range in scale space (a range with a bound the scale has no position for stays as it is; a valid chart
    /// has none: `Chart.validate()` refuses a log range that is not above 0).
    public func forward(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        guard admits(range.lowerBound), admits(range.upperBound) else { return range }
        return self(range.lowerBound)...self(range.upperBound)
    }

    /// A scale-space range as data values.
    public func inverse(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        inverse(range.lowerBound)...inverse(range.upperBound)
    }

    /// Whether this is the identity: data values are positions.
    public var isIdentity: Bool { self == .identity }
}
