import CGLES3
import GlintTable

/// Counts density points on the GPU: the points' pixel positions, written by the CPU a few million at a time into
/// a mapped buffer, are binned by a compute shader (`density_count.comp`) with an atomic add per point into a
/// buffer of a counter per cell, which is read back once. Needs OpenGL ES 3.1 (compute shaders, shader storage
/// buffers, atomics). The caller keeps the context current while calling it.
final class GLDensityCounter {
    /// Points per dispatch: 32 MB of positions, 16,384 work groups (a driver offers at least 65,535).
    static let chunk = 1 << 22
    /// Invocations per work group, as the shader declares.
    static let groupSize = 256

    private let program: GLProgram
    private let positionBuffer: GLuint, countBuffer: GLuint
    /// `GL_MAX_SHADER_STORAGE_BLOCK_SIZE`: the most bytes of counters one dispatch may address.
    private let maxBlockBytes: Int

    /// The counter of the current context; throws `GLError` when it offers no compute shaders (before OpenGL ES
    /// 3.1) or the shader does not compile.
    init(shaderDirectory: String?) throws {
        maxBlockBytes = try ComputeLimits.current().maxBlockBytes
        program = try GLProgram(compute: "density_count", shaderDirectory: shaderDirectory)
        var buffers: [GLuint] = [0, 0]
        glGenBuffers(2, &buffers)
        (positionBuffer, countBuffer) = (buffers[0], buffers[1])
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLError.gl("0x" + String(error, radix: 16) + " while preparing density counting") }
    }

    deinit {
        glDeleteBuffers(2, [positionBuffer, countBuffer])
    }

    /// The counts per cell of `cells` of `points` points whose positions `positions` writes (see
    /// `DensityCounting.counts`); nil when the cells are more than one buffer may hold or GL fails. A failure leaves
    /// no GL error behind, so the paint that follows does not take it for its own.
    func counts(cells: DensityCells, points: Int, positions: (Range<Int>, UnsafeMutableBufferPointer<Float>) -> Void) -> [UInt32]? {
        defer { glBindBuffer(GLenum(GL_SHADER_STORAGE_BUFFER), 0) }
        guard let counts = counted(cells: cells, points: points, positions: positions) else {
            // Each call clears one flag; a lost context may keep answering, so the drain is bounded.
            for _ in 0..<8 {
                if glGetError() == GL_NO_ERROR { break }
            }
            return nil
        }
        return counts
    }

    /// `counts`, or nil at the first failure.
    private func counted(cells: DensityCells, points: Int, positions: (Range<Int>, UnsafeMutableBufferPointer<Float>) -> Void) -> [UInt32]? {
        let countBytes = cells.count * MemoryLayout<UInt32>.stride
        guard cells.count > 0, countBytes <= maxBlockBytes else { return nil }
        glUseProgram(program.id)
        let window = cells.window
        program.set("bounds", SIMD4(Float(window.x), Float(window.y), Float(window.x + window.width), Float(window.y + window.height)))
        program.set("window", int: window.x, window.y, window.width)
        let target = GLenum(GL_SHADER_STORAGE_BUFFER)
        glBindBuffer(target, countBuffer)
        [UInt32](repeating: 0, count: cells.count).withUnsafeBytes { glBufferData(target, countBytes, $0.baseAddress, GLenum(GL_DYNAMIC_READ)) }
        glBindBufferBase(target, 1, countBuffer)
        glBindBuffer(target, positionBuffer)
        glBufferData(target, Swift.min(points, GLDensityCounter.chunk) * 8, nil, GLenum(GL_STREAM_DRAW))
        glBindBufferBase(target, 0, positionBuffer)
        for start in stride(from: 0, to: points, by: GLDensityCounter.chunk) {
            let range = start..<Swift.min(start + GLDensityCounter.chunk, points)
            // Invalidating lets the driver hand over fresh memory while the last dispatch still reads the old.
            guard let mapped = glMapBufferRange(target, 0, range.count * 8, GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT)) else {
                return nil
            }
            positions(range, UnsafeMutableBufferPointer(start: mapped.assumingMemoryBound(to: Float.self), count: 2 * range.count))
            guard glUnmapBuffer(target) == GL_TRUE else { return nil }
            program.set("pointCount", uint: UInt32(range.count))
            glDispatchCompute(GLuint((range.count + GLDensityCounter.groupSize - 1) / GLDensityCounter.groupSize), 1, 1)
        }
        glMemoryBarrier(GLbitfield(GL_BUFFER_UPDATE_BARRIER_BIT))
        glBindBuffer(target, countBuffer)
        guard let counted = glMapBufferRange(target, 0, countBytes, GLbitfield(GL_MAP_READ_BIT)) else { return nil }
        let counts = Array(UnsafeBufferPointer(start: counted.assumingMemoryBound(to: UInt32.self), count: cells.count))
        guard glUnmapBuffer(target) == GL_TRUE, glGetError() == GL_NO_ERROR else { return nil }
        return counts
    }
}
