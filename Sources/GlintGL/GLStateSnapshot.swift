import CGLES3

/// The GL state a paint changes, taken before and put back after, so that a host application's drawing around
/// Glint's is not disturbed: program, vertex array, array buffer, texture unit 0's 2D texture and the active unit,
/// renderbuffer, read and draw framebuffers, viewport, scissor, blending, depth test, face culling, clear colour and
/// pixel-store (unpack) alignments, row length and skips.
struct GLStateSnapshot {
    private var integers: [GLenum: [GLint]] = [:]
    private var enabled: [GLenum: Bool] = [:]
    private var clearColor = [GLfloat](repeating: 0, count: 4)

    private static let queries: [(GLenum, Int)] = [
        (GLenum(GL_CURRENT_PROGRAM), 1), (GLenum(GL_VERTEX_ARRAY_BINDING), 1), (GLenum(GL_ARRAY_BUFFER_BINDING), 1),
        (GLenum(GL_ACTIVE_TEXTURE), 1), (GLenum(GL_RENDERBUFFER_BINDING), 1), (GLenum(GL_READ_FRAMEBUFFER_BINDING), 1),
        (GLenum(GL_DRAW_FRAMEBUFFER_BINDING), 1), (GLenum(GL_VIEWPORT), 4), (GLenum(GL_SCISSOR_BOX), 4),
        (GLenum(GL_BLEND_SRC_RGB), 1), (GLenum(GL_BLEND_DST_RGB), 1), (GLenum(GL_BLEND_SRC_ALPHA), 1),
        (GLenum(GL_BLEND_DST_ALPHA), 1), (GLenum(GL_BLEND_EQUATION_RGB), 1), (GLenum(GL_BLEND_EQUATION_ALPHA), 1),
        (GLenum(GL_PACK_ALIGNMENT), 1), (GLenum(GL_UNPACK_ALIGNMENT), 1), (GLenum(GL_UNPACK_ROW_LENGTH), 1),
        (GLenum(GL_UNPACK_SKIP_PIXELS), 1), (GLenum(GL_UNPACK_SKIP_ROWS), 1),
    ]
    private static let capabilities = [GLenum(GL_BLEND), GLenum(GL_SCISSOR_TEST), GLenum(GL_DEPTH_TEST), GLenum(GL_CULL_FACE)]

    /// The current state.
    init() {
        for (name, count) in GLStateSnapshot.queries {
            var values = [GLint](repeating: 0, count: count)
            glGetIntegerv(name, &values)
            integers[name] = values
        }
        var texture: GLint = 0
        glActiveTexture(GLenum(GL_TEXTURE0))
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
        integers[GLenum(GL_TEXTURE_BINDING_2D)] = [texture]
        glActiveTexture(GLenum(integers[GLenum(GL_ACTIVE_TEXTURE)]![0]))
        for capability in GLStateSnapshot.capabilities { enabled[capability] = glIsEnabled(capability) != 0 }
        glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColor)
    }

    /// Puts the state back as it was taken.
    func restore() {
        func value(_ name: Int32, _ index: Int = 0) -> GLint { integers[GLenum(name)]![index] }
        glUseProgram(GLuint(value(GL_CURRENT_PROGRAM)))
        glBindVertexArray(GLuint(value(GL_VERTEX_ARRAY_BINDING)))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(value(GL_ARRAY_BUFFER_BINDING)))
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(value(GL_TEXTURE_BINDING_2D)))
        glActiveTexture(GLenum(value(GL_ACTIVE_TEXTURE)))
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(value(GL_RENDERBUFFER_BINDING)))
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(value(GL_READ_FRAMEBUFFER_BINDING)))
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), GLuint(value(GL_DRAW_FRAMEBUFFER_BINDING)))
        glViewport(value(GL_VIEWPORT, 0), value(GL_VIEWPORT, 1), value(GL_VIEWPORT, 2), value(GL_VIEWPORT, 3))
        glScissor(value(GL_SCISSOR_BOX, 0), value(GL_SCISSOR_BOX, 1), value(GL_SCISSOR_BOX, 2), value(GL_SCISSOR_BOX, 3))
        glBlendFuncSeparate(GLenum(value(GL_BLEND_SRC_RGB)), GLenum(value(GL_BLEND_DST_RGB)), GLenum(value(GL_BLEND_SRC_ALPHA)),
                            GLenum(value(GL_BLEND_DST_ALPHA)))
        glBlendEquationSeparate(GLenum(value(GL_BLEND_EQUATION_RGB)), GLenum(value(GL_BLEND_EQUATION_ALPHA)))
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), value(GL_PACK_ALIGNMENT))
        for name in [GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS] {
            glPixelStorei(GLenum(name), value(name))
        }
        for (capability, on) in enabled {
            if on { glEnable(capability) } else { glDisable(capability) }
        }
        glClearColor(clearColor[0], clearColor[1], clearColor[2], clearColor[3])
    }
}
