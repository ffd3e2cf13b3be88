import CPNGCodec
import Dispatch
import GlintCore

/// Encodes straight-alpha RGBA8 rows as PNG. Levels 0–6 deflate horizontal pieces of the image on every
/// core (no PNG filter, the fastest and smallest on charts), an opaque image as RGB (a quarter less to
/// deflate); levels 7–9 go through libpng trying every filter, for the smallest file.
enum PNGEncoder {
    /// Rows below which a piece is not worth a thread.
    static let minimumRowsPerPiece = 64

    /// The PNG of premultiplied RGBA8 pixels (made straight, unless every pixel is opaque).
    static func encode(premultiplied: [UInt8], width: Int, height: Int, level: Int, threads: Int) throws -> [UInt8] {
        let opaque = isOpaque(premultiplied)
        let pixels = opaque ? premultiplied : Image.unpremultiplied(premultiplied)
        let level = min(max(level, 0), 9)
        var file = png_codec_buffer()
        if level >= 7 {
            try check { message, size in
                pixels.withUnsafeBufferPointer { rows in
                    png_codec_encode(rows.baseAddress, UInt32(width), UInt32(height), width * 4, Int32(level), &file, message, size)
                }
            }
        } else {
            try encodeInPieces(pixels, width: width, height: height, channels: opaque ? 3 : 4, level: level, threads: threads,
                               into: &file)
        }
        defer { png_codec_free(&file) }
        return Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
    }

    /// `channels`: 3 writes RGB (every alpha is 255), 4 RGBA.
    private static func encodeInPieces(_ pixels: [UInt8], width: Int, height: Int, channels: Int, level: Int, threads: Int,
                                       into file: inout png_codec_buffer) throws {
        let count = max(1, min(threads, height / minimumRowsPerPiece))
        var pieces = [png_codec_buffer](repeating: png_codec_buffer(), count: count)
        var adlers = [UInt32](repeating: 0, count: count)
        var messages = [[CChar]](repeating: [CChar](repeating: 0, count: 128), count: count)
        var statuses = [Int32](repeating: 0, count: count)
        defer { for i in pieces.indices { png_codec_free(&pieces[i]) } }
        let rowBytes = 1 + width * channels
        let rawLengths = (0..<count).map { i in (height * (i + 1) / count - height * i / count) * rowBytes }
        pixels.withUnsafeBufferPointer { rows in
            pieces.withUnsafeMutableBufferPointer { out in
                adlers.withUnsafeMutableBufferPointer { sums in
                    messages.withUnsafeMutableBufferPointer { errors in
                        statuses.withUnsafeMutableBufferPointer { status in
                            DispatchQueue.concurrentPerform(iterations: count) { i in
                                let first = height * i / count, last = height * (i + 1) / count
                                status[i] = png_codec_deflate_rows(rows.baseAddress! + first * width * 4, UInt32(width),
                                                                   UInt32(last - first), width * 4, Int32(channels), Int32(level),
                                                                   i == count - 1 ? 1 : 0, &out[i], &sums[i],
                                                                   &errors[i], errors[i].count)
                            }
                        }
                    }
                }
            }
        }
        if let failed = statuses.firstIndex(where: { $0 != 0 }) {
            throw GlintError.internalFailure("PNG encoding failed: " + String(cString: messages[failed]))
        }
        try check { message, size in
            png_codec_assemble(UInt32(width), UInt32(height), Int32(channels), pieces, adlers, rawLengths, Int32(count), Int32(level),
                               &file, message, size)
        }
    }

    /// Whether every pixel's alpha is 255.
    static func isOpaque(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBytes { bytes in
            // Two pixels a word: AND them all, then look at the alpha bytes.
            var all = UInt64.max, i = 0
            while i + 8 <= bytes.count {
                all &= bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                i += 8
            }
            for j in stride(from: i + 3, to: bytes.count, by: 4) { all &= UInt64(bytes[j]) << 24 | 0xFFFF_FFFF_00FF_FFFF }
            return all | 0x00FF_FFFF_00FF_FFFF == UInt64.max
        }
    }

    /// Runs a codec call and turns a non-zero status into an error carrying the codec's message.
    private static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        var message = [CChar](repeating: 0, count: 256)
        let status = call(&message, message.count)
        guard status == 0 else { throw GlintError.internalFailure("PNG encoding failed: " + String(cString: message)) }
    }
}
