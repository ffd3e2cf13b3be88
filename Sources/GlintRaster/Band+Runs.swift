/// Blending one source over a run of pixels, eight at a time.
extension Band {
    typealias Words = SIMD8<UInt32>

    /// Blends `s` over pixels `run` of row y, as `blend(_:_:_:)` does each.
    @inline(__always)
    func blend(run: Range<Int>, _ y: Int, _ s: Source) {
        if s.packed == 0 || run.isEmpty { return }
        let row = UnsafeMutableRawPointer(pixels + y * width * 4)
        let source = Words(repeating: s.packed), inverse = Words(repeating: 255 - UInt32(s.a))
        var x = run.lowerBound
        while x + 8 <= run.upperBound {
            let p = row + x * 4
            p.storeBytes(of: Band.over(source, inverse, p.loadUnaligned(as: Words.self)), as: Words.self)
            x += 8
        }
        while x < run.upperBound {
            blend(x, y, s)
            x += 1
        }
    }

    /// Source-over per lane in 32-bit words, two channels per word (each channel's product fits in 16 bits),
    /// with the rounding of the scalar blend.
    @inline(__always)
    private static func over(_ s: Words, _ inverse: Words, _ d: Words) -> Words {
        let low = Words(repeating: 0x00FF_00FF), half = Words(repeating: 0x0080_0080)
        var rb = (d & low) &* inverse &+ half
        rb = ((rb &+ ((rb &>> 8) & low)) &>> 8) & low
        var ga = ((d &>> 8) & low) &* inverse &+ half
        ga = ((ga &+ ((ga &>> 8) & low)) &>> 8) & low
        return s &+ (rb | (ga &<< 8))
    }
}
