import CGLES3
import Dispatch
import GlintScales
import GlintScene
import GlintTable

/// Copies Double data into GL buffers as Float32 pixel offsets from the origin's pixel (scaled in Double by
/// `PixelMapping`), sizes and colours per point. Non-finite values become a sentinel the shaders read as a gap.
/// The values are written straight into the buffer's mapped memory, in parts converted on several threads at once
/// (only the mapping and unmapping are GL calls, on the painter's thread).
enum PointUpload {
    /// The value shaders treat as "no point" (any |v| > 1e37).
    static let gap = PixelGap.marker
    /// Points a thread converts at least: fewer are not worth a thread.
    static let pointsPerPart = 1 << 16

    /// The smallest box holding every uploaded point, in the pixel offsets uploaded.
    struct Bounds {
        var minX = Float.infinity, maxX = -Float.infinity, minY = Float.infinity, maxY = -Float.infinity

        /// The box holding both.
        func union(_ other: Bounds) -> Bounds {
            Bounds(minX: min(minX, other.minX), maxX: max(maxX, other.maxX), minY: min(minY, other.minY), maxY: max(maxY, other.maxY))
        }
    }

    /// Uploads interleaved pixel offsets (`mapping.relative(x, y)`) into `buffer`, on up to `threads` threads.
    /// With `padded`, a gap is added before the first and after the last point, so segment and join
    /// shaders can read each point's neighbours. Returns the bounds of the points that are not gaps.
    @discardableResult
    static func points(x: Column, y: Column, mapping: PixelMapping, padded: Bool, into buffer: GLuint, threads: Int) -> Bounds {
        // Array columns are read in place; other storage once, into an array.
        let (x, y) = (x.doubles, y.doubles)
        let count = min(x.count, y.count)
        let base = padded ? 1 : 0
        return write(Float.self, 2 * (count + 2 * base), into: buffer) { out in
            if padded { (out[0], out[1], out[out.count - 2], out[out.count - 1]) = (gap, gap, gap, gap) }
            return inParts(count, threads: threads, Bounds()) { range in
                var bounds = Bounds()
                for i in range {
                    let k = 2 * (base + i)
                    if let (rx, ry) = mapping.relative(x[i], y[i]) {
                        (out[k], out[k + 1]) = (rx, ry)
                        bounds.minX = min(bounds.minX, rx)
                        bounds.maxX = max(bounds.maxX, rx)
                        bounds.minY = min(bounds.minY, ry)
                        bounds.maxY = max(bounds.maxY, ry)
                    } else {
                        (out[k], out[k + 1]) = (gap, gap)
                    }
                }
                return bounds
            } combine: { $0.union($1) }
        }
    }

    /// Uploads each dot's size fraction (`DotShape.sizeFraction`, the gap sentinel for a gap) into `buffer`.
    static func sizeFractions(_ shape: DotShape, count: Int, into buffer: GLuint, threads: Int) {
        let sizes = shape.size?.doubles
        write(Float.self, count, into: buffer) { out in
            inParts(count, threads: threads, ()) { range in
                for i in range { out[i] = shape.sizeFraction(i, sizes: sizes) ?? gap }
            } combine: { _, _ in }
        }
    }

    /// Uploads each dot's premultiplied fill bytes, looked up from its colour value (a gap uploads transparent;
    /// the size fraction marks such a dot as a gap anyway).
    static func fills(_ values: [Double], lookup: ColorLookup, count: Int, into buffer: GLuint, threads: Int) {
        write(UInt32.self, count, into: buffer) { out in
            inParts(count, threads: threads, ()) { range in
                for i in range { out[i] = i < values.count ? lookup.packed(values[i]) ?? 0 : 0 }
            } combine: { _, _ in }
        }
    }

    /// Gives `buffer` (bound to GL_ARRAY_BUFFER) room for `count` values of `T` and has `body` write every one of
    /// them: into the buffer's mapped memory, or, where the driver does not map it or loses the mapped contents
    /// (`glUnmapBuffer` false), into memory of our own copied in.
    private static func write<T, Result>(_: T.Type, _ count: Int, into buffer: GLuint,
                                         _ body: (UnsafeMutableBufferPointer<T>) -> Result) -> Result {
        let bytes = max(count, 1) * MemoryLayout<T>.stride
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), bytes, nil, GLenum(GL_STREAM_DRAW))
        let access = GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT)
        if let mapped = glMapBufferRange(GLenum(GL_ARRAY_BUFFER), 0, bytes, access) {
            let result = body(UnsafeMutableBufferPointer(start: mapped.bindMemory(to: T.self, capacity: count), count: count))
            if glUnmapBuffer(GLenum(GL_ARRAY_BUFFER)) == GLboolean(GL_TRUE) { return result }
        }
        let staging = UnsafeMutableBufferPointer<T>.allocate(capacity: max(count, 1))
        defer { staging.deallocate() }
        let result = body(UnsafeMutableBufferPointer(rebasing: staging[0..<count]))
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, count * MemoryLayout<T>.stride, staging.baseAddress)
        return result
    }

    /// Runs `part` over 0..<count cut in consecutive ranges, on up to `threads` threads (one range per
    /// `pointsPerPart` points at least), and combines the parts' results in order, starting from `initial`.
    private static func inParts<Part>(_ count: Int, threads: Int, _ initial: Part, _ part: (Range<Int>) -> Part,
                                      combine: (Part, Part) -> Part) -> Part {
        let parts = EvenParts.split(count, threads: min(threads, count / pointsPerPart))
        guard parts.count > 1 else { return combine(initial, part(0..<count)) }
        var results = [Part?](repeating: nil, count: parts.count)
        results.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: parts.count) { k in out[k] = part(parts[k]) }
        }
        return results.reduce(initial) { combine($0, $1!) }
    }
}
