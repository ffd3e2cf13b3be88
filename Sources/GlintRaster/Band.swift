/// The rows of the image one thread paints, and the blending both painters share:
/// premultiplied source-over on RGBA8, `dst = src + dst × (1 − srcAlpha)`, rounded like GL's unorm8 blend.
struct Band {
    /// Image pixels (RGBA8 premultiplied), shared by all bands; this band writes only its rows.
    let pixels: UnsafeMutablePointer<UInt8>
    /// Image width in pixels.
    let width: Int
    /// First row of the band.
    let top: Int
    /// One past the last row.
    let bottom: Int

    /// A shader output colour already quantised to the bytes GL blends.
    struct Source {
        /// Alpha byte.
        let a: UInt8
        /// Red, green, blue, alpha bytes in memory order, as one little-endian word.
        let packed: UInt32

        /// Packed bytes as they are (red in the low byte).
        @inline(__always)
        init(packed: UInt32) {
            self.packed = packed
            a = UInt8(truncatingIfNeeded: packed >> 24)
        }

        @inline(__always)
        init(_ c: ShaderColor) {
            a = Coverage.byte(c.a)
            packed = UInt32(Coverage.byte(c.r)) | UInt32(Coverage.byte(c.g)) << 8 | UInt32(Coverage.byte(c.b)) << 16 | UInt32(a) << 24
        }
    }

    /// Blends a shader's output colour over the pixel at (x, y).
    @inline(__always)
    func blend(_ x: Int, _ y: Int, _ c: ShaderColor) {
        blend(x, y, Source(c))
    }

    /// Blends quantised source bytes over the pixel at (x, y): per channel `src + dst × (255 − srcA) / 255`
    /// with the rounding of an exact unorm8 multiply, two channels at a time in one 64-bit word.
    /// Premultiplied sources never exceed their alpha, so no channel can carry into the next.
    @inline(__always)
    func blend(_ x: Int, _ y: Int, _ s: Source) {
        if s.packed == 0 { return }
        let p = UnsafeMutableRawPointer(pixels + (y * width + x) * 4)
        let d = UInt64(p.loadUnaligned(as: UInt32.self))
        let inverse = 255 - UInt64(s.a)
        var rb = (d & 0x00FF_00FF) * inverse + 0x0080_0080
        rb = ((rb + ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ga = ((d >> 8) & 0x00FF_00FF) * inverse + 0x0080_0080
        ga = ((ga + ((ga >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        p.storeBytes(of: UInt32(truncatingIfNeeded: UInt64(s.packed) + (rb | (ga << 8))), as: UInt32.self)
    }
}
