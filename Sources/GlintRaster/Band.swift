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

    /// The pixel range of `x0..<x1, y0..<y1` inside this band and `clip`, nil when empty.
    func rows(_ y0: Int, _ y1: Int) -> Range<Int>? {
        let lo = max(y0, top), hi = min(y1, bottom)
        return lo < hi ? lo..<hi : nil
    }

    /// A shader output colour already quantised to the bytes GL blends.
    struct Source {
        let r: UInt8, g: UInt8, b: UInt8, a: UInt8

        init(_ c: ShaderColor) {
            (r, g, b, a) = (Coverage.byte(c.r), Coverage.byte(c.g), Coverage.byte(c.b), Coverage.byte(c.a))
        }
    }

    /// Blends a shader's output colour over the pixel at (x, y).
    @inline(__always)
    func blend(_ x: Int, _ y: Int, _ c: ShaderColor) {
        blend(x, y, Source(c))
    }

    /// Blends quantised source bytes over the pixel at (x, y).
    @inline(__always)
    func blend(_ x: Int, _ y: Int, _ s: Source) {
        if s.a == 0 && s.r == 0 && s.g == 0 && s.b == 0 { return }
        let p = pixels + (y * width + x) * 4
        let inverse = 255 - UInt32(s.a)
        p[0] = Band.over(s.r, p[0], inverse)
        p[1] = Band.over(s.g, p[1], inverse)
        p[2] = Band.over(s.b, p[2], inverse)
        p[3] = Band.over(s.a, p[3], inverse)
    }

    /// `src + dst × inverse / 255` with the rounding of an exact unorm8 multiply, saturated.
    @inline(__always)
    static func over(_ src: UInt8, _ dst: UInt8, _ inverse: UInt32) -> UInt8 {
        let product = UInt32(dst) * inverse + 128
        let scaled = (product + (product >> 8)) >> 8
        return UInt8(min(255, UInt32(src) + scaled))
    }
}
