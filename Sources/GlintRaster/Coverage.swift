import GlintCore

/// The coverage maths of the shaders in `Shaders/`, in the same Float32 arithmetic, so the CPU painter computes
/// the same pixels as the GL painter. GLSL twin of `cover`: Shaders/prelude.glsl.
enum Coverage {
    /// Share of the pixel [d - 0.5, d + 0.5] inside [-h, h] (GLSL `cover`).
    @inline(__always)
    static func cover(_ d: Float, _ h: Float) -> Float {
        min(max(min(d + 0.5, h) - max(d - 0.5, -h), 0), 1)
    }

    /// Clamp to 0...1 (GLSL `clamp(x, 0.0, 1.0)`).
    @inline(__always)
    static func unit(_ x: Float) -> Float {
        min(max(x, 0), 1)
    }

    /// A 0...1 value stored in an 8-bit normalised channel, rounded as GL does.
    @inline(__always)
    static func byte(_ x: Float) -> UInt8 {
        UInt8(min(max(x, 0), 1) * 255 + 0.5)
    }
}

/// A premultiplied colour in Float32, as the shaders receive it in a uniform or attribute.
struct ShaderColor {
    var r: Float, g: Float, b: Float, a: Float

    init(r: Float, g: Float, b: Float, a: Float) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    /// The premultiplied colour the GL painter uploads for `color` (`Color.premultiplied`).
    init(_ color: Color) {
        let p = color.premultiplied
        self.init(r: p.x, g: p.y, b: p.z, a: p.w)
    }

    /// Premultiplied RGBA bytes (red in the low byte) as the GL painter's normalised attribute reads them.
    init(packed: UInt32) {
        self.init(r: Float(packed & 0xFF) / 255, g: Float((packed >> 8) & 0xFF) / 255, b: Float((packed >> 16) & 0xFF) / 255,
                  a: Float(packed >> 24) / 255)
    }

    /// The colour scaled by a coverage.
    @inline(__always)
    func scaled(_ c: Float) -> ShaderColor { ShaderColor(r: r * c, g: g * c, b: b * c, a: a * c) }

    /// Sum of two colours (fill plus outline in the dot shader).
    @inline(__always)
    static func + (x: ShaderColor, y: ShaderColor) -> ShaderColor {
        ShaderColor(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a)
    }
}
