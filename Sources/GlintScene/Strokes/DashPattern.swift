import FoundationEssentials
import Glibc
import GlintScales

/// An on/off dash pattern along a line, in device pixels. Both painters cover a pixel by the box-filtered share
/// of its length that falls on a dash: `dashCover` in Shaders/coverage.h, which reads the same four lengths.
public struct DashPattern: Equatable, Sendable {
    /// On, off, on, off lengths in pixels (a two-length pattern is repeated to fill four).
    public let lengths: SIMD4<Float>

    /// The most lengths a pattern may have (two dashes and their gaps).
    public static let maxLengths = 4

    /// The shortest length a pattern holds, in pixels: a shorter one (a spec may give 1e-300) is drawn this long.
    /// A length that rounds to 0 in Float32 would leave the painters a pattern of period 0 (coverage NaN) and
    /// cairo refuses it; at 1/256 px, far below what a pixel shows, every painter draws the same pattern.
    public static let minimumLength = 1.0 / 256

    /// A pattern from lengths in pixels: alternately on and off; an odd count is repeated, as in SVG
    /// (`[5]` is 5 on, 5 off); each at least `minimumLength`. Nil when a length is not positive and finite, or
    /// there are more than four.
    public init?(_ lengths: [Double]) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let even = lengths.count % 2 == 1 ? lengths + lengths : lengths
        guard even.count <= DashPattern.maxLengths else { return nil }
        let four = (even.count == 2 ? even + even : even).map { Float(max($0, DashPattern.minimumLength)) }
        self.lengths = SIMD4(four[0], four[1], four[2], four[3])
    }

    /// Length of one repeat of the pattern.
    public var period: Float { lengths.x + lengths.y + lengths.z + lengths.w }
}

extension LineShape {
    /// Each point's distance along the line in pixels from the start of its subpath (a gap — a non-finite
    /// point — starts a new one, so each subpath's pattern starts afresh, as in SVG), from the same Float32
    /// pixel positions both painters draw.
    public func arcLengths() -> [Float] {
        let mapping = PixelMapping(transform)
        let (x, y) = (self.x.doubles, self.y.doubles)
        let count = min(x.count, y.count)
        var lengths = [Float](repeating: 0, count: count)
        var previous: (x: Float, y: Float)? = nil
        var total: Float = 0
        for i in 0..<count {
            guard var p = mapping.point(x[i], y[i]) else {
                previous = nil
                continue
            }
            if !antialias { p = (p.x.rounded(.down) + 0.5, p.y.rounded(.down) + 0.5) }
            if let q = previous {
                total += ((p.x - q.x) * (p.x - q.x) + (p.y - q.y) * (p.y - q.y)).squareRoot()
            } else {
                total = 0
            }
            lengths[i] = total
            previous = p
        }
        return lengths
    }
}
