/// The quantised source bytes of one colour scaled by a coverage, `Band.Source(color.scaled(c))`, for any Float32
/// coverage c in 0...1, found in a table instead of computed per pixel. Each channel's byte is a step function of c
/// that steps at most once per 1/1024 of coverage (its steps are 1/(255 × channel) ≥ 1/255 apart), so a bucket
/// keeps the bytes at its start and, per channel, the first coverage at which that byte is one more — found by
/// bisection over the Float32 values with the exact formula, so a lookup gives the exact bytes.
struct CoverageShades {
    private static let buckets = 1024
    /// Packed bytes at the start of each bucket (and at coverage 1, the last entry).
    private let base: [UInt32]
    /// Per bucket, per channel (r, g, b, a): the first coverage whose byte is one more; infinity when none.
    private let steps: [SIMD4<Float>]

    /// The table of `color`; nil if some channel stepped twice in a bucket (which the spacing above rules out).
    init?(_ color: ShaderColor) {
        let n = CoverageShades.buckets
        let packed = { (c: Float) in Band.Source(color.scaled(c)).packed }
        let bytes = { (s: UInt32) in SIMD4(s & 0xFF, (s >> 8) & 0xFF, (s >> 16) & 0xFF, s >> 24) }
        var base = [UInt32](repeating: 0, count: n + 1), steps = [SIMD4<Float>](repeating: .init(repeating: .infinity), count: n + 1)
        for k in 0...n {
            let low = Float(k) / Float(n)
            base[k] = packed(low)
            guard k < n else { break }
            let last = (Float(k + 1) / Float(n)).nextDown
            let (from, to) = (bytes(base[k]), bytes(packed(last)))
            for channel in 0..<4 where to[channel] != from[channel] {
                guard to[channel] == from[channel] + 1 else { return nil }
                // The first coverage in (low, last] whose byte is `to`: bisection on the Float32 bit patterns.
                var (no, yes) = (low.bitPattern, last.bitPattern)
                while yes - no > 1 {
                    let middle = no + (yes - no) / 2
                    if bytes(packed(Float(bitPattern: middle)))[channel] == to[channel] { yes = middle } else { no = middle }
                }
                steps[k][channel] = Float(bitPattern: yes)
            }
        }
        (self.base, self.steps) = (base, steps)
    }

    /// The source for coverage `c`, which must lie in 0...1 (not NaN: the caller skips those).
    @inline(__always)
    func source(_ c: Float) -> Band.Source {
        let k = Int(c * Float(CoverageShades.buckets))
        let t = steps[k]
        let packed = base[k] &+ (c >= t.x ? 1 : 0) &+ (c >= t.y ? 0x100 : 0) &+ (c >= t.z ? 0x1_0000 : 0)
            &+ (c >= t.w ? 0x100_0000 : 0)
        return Band.Source(packed: packed)
    }
}
