import Glint
import GlintRenderTestSupport
import GlintTestSupport
import Testing

/// Every encoder path round-trips through libpng's decoder.
@Suite struct PNGTests {
    static func noise(width: Int, height: Int, seed: UInt64) -> Image {
        var generator = SeededGenerator(seed: seed)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in pixels.indices where i % 4 != 3 {
            pixels[i] = UInt8(truncatingIfNeeded: generator.nextBits() >> 56)
        }
        return Image(width: width, height: height, pixels: pixels, backend: nil)
    }

    /// An opaque image is written as RGB (a quarter less to deflate), a translucent one as RGBA; both read back
    /// to the same pixels.
    @Test func opaqueImagesAreWrittenAsRGB() throws {
        for alpha: UInt8 in [255, 128] {
            var pixels = [UInt8](repeating: 255, count: 64 * 80 * 4)
            for i in 0..<(64 * 80) {
                pixels[4 * i] = UInt8(i % 251)
                pixels[4 * i + 1] = UInt8(i % 13)
            }
            // Pixels are premultiplied: a translucent black one round-trips exactly.
            pixels.replaceSubrange((4 * 77)..<(4 * 78), with: alpha == 255 ? [1, 2, 3, 255] : [0, 0, 0, alpha])
            let image = Image(width: 64, height: 80, pixels: pixels, backend: nil)
            let png = try image.pngData()
            #expect(png[25] == (alpha == 255 ? 2 : 6), "IHDR colour type")
            #expect(try Image(pngData: png).pixels == pixels)
        }
    }

    /// One translucent pixel anywhere, also the odd last one of an odd pixel count, makes the file RGBA; with
    /// none, it is RGB.
    @Test(arguments: [(3, 1), (5, 3), (4, 2)])
    func anyTranslucentPixelKeepsTheAlphaChannel(size: (Int, Int)) throws {
        let count = size.0 * size.1
        let opaque = Image(width: size.0, height: size.1, pixels: [UInt8](repeating: 255, count: count * 4), backend: nil)
        #expect(try opaque.pngData()[25] == 2, "opaque: IHDR colour type")
        for translucent in 0..<count {
            var pixels = [UInt8](repeating: 255, count: count * 4)
            pixels[4 * translucent + 3] = 254
            let png = try Image(width: size.0, height: size.1, pixels: pixels, backend: nil).pngData()
            #expect(png[25] == 6, "pixel \(translucent) of \(count): IHDR colour type")
        }
    }

    @Test(arguments: [(1, 1), (1, 300), (300, 1), (257, 129), (640, 480)], [0, 1, 2, 6, 9])
    func opaqueImagesRoundTripExactly(size: (Int, Int), level: Int) throws {
        let image = PNGTests.noise(width: size.0, height: size.1, seed: UInt64(size.0 * 1000 + size.1))
        let decoded = try Image(pngData: try image.pngData(compressionLevel: level))
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels == image.pixels)
    }

    @Test func chartImagesRoundTrip() throws {
        let image = try Shared.renderer(.cpu).render(.demo)
        for level in [1, 2, 9] {
            let decoded = try Image(pngData: try image.pngData(compressionLevel: level))
            #expect(decoded.pixels == image.pixels, "level \(level)")
        }
    }

    @Test func translucentPixelsKeepTheirColour() throws {
        // Premultiplied (100, 50, 0, 128) is straight (199, 100, 0) at alpha 128 in the file.
        let image = Image(width: 2, height: 1, pixels: [100, 50, 0, 128, 0, 0, 0, 0], backend: nil)
        let decoded = try Image(pngData: try image.pngData())
        let p = decoded.pixel(x: 0, y: 0)
        #expect(abs(Int(p.r) - 100) <= 1 && abs(Int(p.g) - 50) <= 1 && p.b == 0 && p.a == 128)
        #expect(decoded.pixel(x: 1, y: 0) == (0, 0, 0, 0))
    }
}
