import GlintScales

/// How both painters mark a gap in a line's or dots' points once they are pixels: Float's largest finite value,
/// since GLSL ES need not keep a NaN through an upload; anything beyond 1e37 reads as a gap (`isGap` in
/// Shaders/coverage.h, which the shaders and the CPU kernels both test).
public enum PixelGap {
    /// What a gap is written as.
    public static let marker = Float.greatestFiniteMagnitude
}

/// Where an aliased line's vertices go: the centre of the pixel they fall in, so that M4 on one pixel column
/// keeps the picture exactly. GLSL twin: `snapToCentre` in Shaders/prelude.glsl.
public enum PixelSnap {
    /// The centre of the pixel `v` falls in.
    @inline(__always)
    public static func centre(_ v: Float) -> Float {
        // Whole from 2^23 on (and NaN stays NaN); below it, without floorf (`WholeNumbers`).
        abs(v) < 8_388_608 ? Float(WholeNumbers.below(v)) + 0.5 : v + 0.5
    }
}

extension LineShape {
    /// How far the stroke can reach from a point, in pixels: half its width, times the miter limit where a miter
    /// may reach further (the guard band, both painters' bounds). One definition for all of them.
    public var miterReach: Double { width / 2 * max(miterLimit, 1) }
}
