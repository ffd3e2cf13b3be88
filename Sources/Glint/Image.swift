import CPNGCodec

/// A rendered image: RGBA8 pixels, premultiplied by alpha, top row first.
public struct Image: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha, premultiplied.
    public let pixels: [UInt8]
    /// The painter that made the image (`.gl` or `.cpu`); nil for an image decoded from PNG.
    public let backend: Backend?
    /// What was substituted for what was asked, one line each (the CLI prints them on stderr): `auto`
    /// rendering on the CPU because GL failed or cannot hold the size, a font that is not installed.
    public let notices: [String]
    /// What the render did that is no problem, one line each (`Scene.information`: where a density was counted).
    public let information: [String]
    /// Threads `pngData` deflates on: the thread budget of the renderer that made the image, 1 for one decoded
    /// from PNG.
    public let threads: Int

    /// An image from premultiplied RGBA8 pixels; its PNG is encoded on `threads` threads.
    public init(width: Int, height: Int, pixels: [UInt8], backend: Backend?, notices: [String] = [], information: [String] = [],
                threads: Int = 1) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.backend = backend
        self.notices = notices
        self.information = information
        self.threads = max(1, threads)
    }

    /// The premultiplied RGBA bytes of the pixel in column `x`, row `y` (row 0 at the top).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// The zlib level `pngData` and `writePNG` use unless told otherwise: 2, measured fastest on chart images
    /// (1080p line chart: 16 ms, 310 kB; 1e5-dot scatter: 70 ms, 2.5 MB) with files as small as level 6's.
    public static let defaultCompressionLevel = 2

    /// PNG bytes (straight alpha, as PNG requires). `compressionLevel` is zlib's 0 (fastest) ... 9 (smallest).
    /// Deflated on `threads` threads.
    public func pngData(compressionLevel: Int = defaultCompressionLevel) throws -> [UInt8] {
        try PNGEncoder.encode(premultiplied: pixels, width: width, height: height, level: compressionLevel, threads: threads)
    }

    /// Writes the image as PNG to `path`. A regular file is written to a temporary file beside it and renamed
    /// into place, so a failure never leaves a half-written file; a symbolic link keeps pointing at its updated
    /// target; a device, FIFO or `/dev/stdout` is written through, never replaced. `-` writes to standard
    /// output. Throws `GlintError.cannotWrite` (a closed pipe, a full disk, a missing folder) and never traps.
    public func writePNG(to path: String, compressionLevel: Int = defaultCompressionLevel) throws {
        try OutputFile.write(try pngData(compressionLevel: compressionLevel), to: path)
    }

    /// Decodes PNG bytes (any colour type) into an image with premultiplied pixels.
    public init(pngData bytes: [UInt8]) throws {
        var buffer = png_codec_buffer()
        var w: UInt32 = 0, h: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = png_codec_decode(bytes, bytes.count, &w, &h, &buffer, &message, message.count)
        guard status == 0 else { throw GlintError.badData("PNG decoding failed: " + String(cString: message)) }
        defer { png_codec_free(&buffer) }
        var pixels = Array(UnsafeBufferPointer(start: buffer.bytes, count: buffer.count))
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i + 3] < 255 {
            let a = UInt32(pixels[i + 3])
            for c in 0..<3 { pixels[i + c] = UInt8((UInt32(pixels[i + c]) * a + 127) / 255) }
        }
        self.init(width: Int(w), height: Int(h), pixels: pixels, backend: nil)
    }

    /// Straight-alpha copy of premultiplied pixels.
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = UInt32(out[i + 3])
            guard a > 0, a < 255 else { continue }
            for c in 0..<3 { out[i + c] = UInt8(min(255, (UInt32(out[i + c]) * 255 + a / 2) / a)) }
        }
        return out
    }
}
