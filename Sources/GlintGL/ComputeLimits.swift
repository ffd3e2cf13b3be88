import CGLES3

/// What the current context offers compute shaders: its OpenGL ES version and the largest storage block one may read.
package struct ComputeLimits {
    package let major: Int, minor: Int
    /// `GL_MAX_SHADER_STORAGE_BLOCK_SIZE`: the most bytes a buffer a shader reads may hold.
    package let maxBlockBytes: Int

    /// The current context's; throws `GLError` where it offers no compute shaders (before OpenGL ES 3.1).
    package static func current() throws -> ComputeLimits {
        var major: GLint = 0, minor: GLint = 0, blockBytes: GLint = 0
        glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
        glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
        guard (major, minor) >= (3, 1) else { throw GLError.gl("compute shaders need OpenGL ES 3.1; the context is \(major).\(minor)") }
        glGetIntegerv(GLenum(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), &blockBytes)
        return ComputeLimits(major: Int(major), minor: Int(minor), maxBlockBytes: Int(blockBytes))
    }
}
