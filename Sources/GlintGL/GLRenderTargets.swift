import CGLES3

/// The framebuffers of one image size: the colour target (multisampled when samples > 0), its
/// single-sampled resolve target, and the R8 coverage texture a line series is drawn into first.
final class GLRenderTargets {
    let width: Int
    let height: Int
    let samples: Int
    /// Where the scene is drawn.
    let drawFramebuffer: GLuint
    /// Where it is read back from (the draw framebuffer itself when not multisampled).
    let readFramebuffer: GLuint
    /// Per-series stroke coverage, combined with MAX blending.
    let coverageFramebuffer: GLuint
    let coverageTexture: GLuint
    private var renderbuffers: [GLuint] = []
    private var framebuffers: [GLuint] = []

    init(width: Int, height: Int, samples: Int) throws {
        self.width = width
        self.height = height
        self.samples = samples
        var fbos = [GLuint](repeating: 0, count: 3)
        glGenFramebuffers(3, &fbos)
        framebuffers = fbos
        var rbos = [GLuint](repeating: 0, count: 2)
        glGenRenderbuffers(2, &rbos)
        renderbuffers = rbos
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        coverageTexture = texture

        drawFramebuffer = fbos[0]
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rbos[0])
        if samples > 0 {
            glRenderbufferStorageMultisample(GLenum(GL_RENDERBUFFER), GLsizei(samples), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        } else {
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        }
        try GLRenderTargets.attach(rbos[0], to: fbos[0], what: "colour target")
        if samples > 0 {
            readFramebuffer = fbos[1]
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), rbos[1])
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
            try GLRenderTargets.attach(rbos[1], to: fbos[1], what: "resolve target")
        } else {
            readFramebuffer = fbos[0]
        }

        coverageFramebuffer = fbos[2]
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_R8), GLsizei(width), GLsizei(height))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), fbos[2])
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        try GLRenderTargets.checkComplete("coverage target")
    }

    deinit {
        glDeleteFramebuffers(GLsizei(framebuffers.count), framebuffers)
        glDeleteRenderbuffers(GLsizei(renderbuffers.count), renderbuffers)
        var texture = coverageTexture
        glDeleteTextures(1, &texture)
    }

    /// Resolves the multisampled target (if any) and reads the image back, top row first,
    /// as premultiplied RGBA8 (pixel row y is framebuffer row y: the painters map y down to rows up).
    func readPixels() -> [UInt8] {
        resolve()
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), readFramebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        return pixels
    }

    /// Resolves the multisampled target into `readFramebuffer` (nothing to do without samples).
    func resolve() {
        guard samples > 0 else { return }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), drawFramebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), readFramebuffer)
        glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                          GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
    }

    private static func attach(_ renderbuffer: GLuint, to framebuffer: GLuint, what: String) throws {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        try checkComplete(what)
    }

    private static func checkComplete(_ what: String) throws {
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer("\(what) incomplete (status 0x\(String(status, radix: 16)))")
        }
    }
}
