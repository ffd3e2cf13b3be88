import CGLES3
import GlintPaint
import GlintScales
import GlintScene
import GlintText

/// Draws a `Scene` with OpenGL ES 3 into an offscreen framebuffer and reads it back.
/// Owns its GL objects; the caller keeps the context current while calling it. The GL side of the two GL
/// painters: `HeadlessGLPainter` (its own EGL context, pixels read back) and `HostGLPainter` (a host's context
/// and framebuffer).
final class GLPainter {
    /// The driver and the limits in use.
    public let info: GLInfo

    let segments: GLProgram, joins: GLProgram, composite: GLProgram
    let dots: GLProgram, rects: GLProgram, glyphs: GLProgram, images: GLProgram
    let vertexArray: GLuint
    let pointBuffer: GLuint, valueBuffer: GLuint, instanceBuffer: GLuint
    let atlasTexture: GLuint, maskTexture: GLuint, imageTexture: GLuint
    var atlasGeneration = -1
    var targets: GLRenderTargets?
    /// Seconds spent in uploads during the current paint.
    var uploadTime = 0.0
    /// Line and dots points written into GPU buffers during the current paint.
    var pointsUploaded = 0
    /// Paints so far; the current one's number while painting.
    var paints = 0
    /// Live series' points kept from frame to frame (`GLLineRing` by `LineShape.liveKey`, `GLDotRing` by its rings'
    /// `RingView.liveKey` turned by `GLPainter.dotKey`); one no paint has drawn from for `ringIdlePaints` paints is
    /// deleted.
    var rings: [UInt64: GLPointBuffer] = [:]
    /// Turns a dots series' key from its line's (a line with markers draws both from the same rings).
    static let dotKey: UInt64 = 0xD07_5E7

    /// The ring of kind `Ring` kept under `key`, made on first use (or in place of one of the other kind), marked
    /// as drawn from in this paint.
    func ring<Ring: GLPointBuffer>(_ key: UInt64, make: (Int) -> Ring) -> Ring {
        if let ring = rings[key] as? Ring {
            ring.lastPaint = paints
            return ring
        }
        let ring = make(paints)
        rings[key] = ring
        return ring
    }

    /// Paints a ring is kept for without being drawn from: a renderer that draws other charts between a retained
    /// chart's frames keeps its lines for a while, one that stopped drawing it frees them.
    static let ringIdlePaints = 60
    let requestedSamples: Int
    /// Threads for the work a paint does on the CPU before uploading it (path masks, points converted to pixels).
    let threads: Int

    /// Compiles the programs and creates buffers in the current context (OpenGL ES 3.0+, or desktop GL 3.3 core).
    /// - Parameters:
    ///   - msaaSamples: samples for the colour target, capped by the driver; 0 for none.
    ///   - shaderDirectory: a folder whose shader files replace the embedded ones (live shader editing); nil
    ///     for the embedded sources.
    ///   - threads: threads for the work a paint does on the CPU (at least 1).
    init(msaaSamples: Int, shaderDirectory: String? = nil, threads: Int) throws {
        info = GLInfo.current(requestedSamples: msaaSamples)
        requestedSamples = info.samples
        self.threads = max(1, threads)
        let desktop = !info.version.hasPrefix("OpenGL ES")
        segments = try GLProgram("segment", shaderDirectory: shaderDirectory, desktop: desktop)
        joins = try GLProgram("join", shaderDirectory: shaderDirectory, desktop: desktop)
        composite = try GLProgram("composite", shaderDirectory: shaderDirectory, desktop: desktop)
        dots = try GLProgram("dot", shaderDirectory: shaderDirectory, desktop: desktop)
        rects = try GLProgram("rect", shaderDirectory: shaderDirectory, desktop: desktop)
        glyphs = try GLProgram("glyph", shaderDirectory: shaderDirectory, desktop: desktop)
        images = try GLProgram("image", vertex: "composite", shaderDirectory: shaderDirectory, desktop: desktop)
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        var buffers = [GLuint](repeating: 0, count: 3)
        glGenBuffers(3, &buffers)
        (pointBuffer, valueBuffer, instanceBuffer) = (buffers[0], buffers[1], buffers[2])
        var textures: [GLuint] = [0, 0, 0]
        glGenTextures(3, &textures)
        (atlasTexture, maskTexture, imageTexture) = (textures[0], textures[1], textures[2])
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        let buffers = [pointBuffer, valueBuffer, instanceBuffer]
        glDeleteBuffers(3, buffers)
        glDeleteTextures(3, [atlasTexture, maskTexture, imageTexture])
    }

    /// Paints `scene` and returns its premultiplied RGBA8 pixels, top row first, adding the time of each
    /// phase to `phases` (draw ends with `glFinish`, so readback is the transfer alone).
    func paint(_ scene: Scene, text: TextEngine, phases: inout PaintPhases) throws -> [UInt8] {
        let start = PaintPhases.now()
        let targets = try drawScene(scene, text: text)
        let drawn = PaintPhases.now()
        let pixels = targets.readPixels()
        phases.readback += PaintPhases.since(drawn)
        phases.upload += uploadTime
        phases.pointsUploaded += pointsUploaded
        phases.draw += Double(drawn - start) / 1e9 - uploadTime
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLError.gl("0x" + String(error, radix: 16) + " while painting") }
        return pixels
    }

    /// Draws `scene` with the caller's current context into the caller's `framebuffer`, its top-left corner at
    /// (`x`, `y` + scene height) of that framebuffer (GL's bottom-left origin): the scene's pixels replace the ones
    /// there. Every piece of GL state this changes is put back (`GLStateSnapshot`). Throws when the framebuffer is
    /// incomplete or GL reports an error.
    func draw(_ scene: Scene, text: TextEngine, into framebuffer: GLuint, x: Int, y: Int) throws {
        let saved = GLStateSnapshot()
        defer { saved.restore() }
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        let status = glCheckFramebufferStatus(GLenum(GL_DRAW_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLError.framebuffer("the host framebuffer \(framebuffer) is incomplete (status 0x\(String(status, radix: 16)))")
        }
        let targets = try drawScene(scene, text: text)
        // Resolved, then copied upside down: scene rows run down, the host's framebuffer rows up.
        targets.resolve()
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), targets.readFramebuffer)
        glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), framebuffer)
        glDisable(GLenum(GL_SCISSOR_TEST))
        glBlitFramebuffer(0, 0, GLint(scene.width), GLint(scene.height), GLint(x), GLint(y + scene.height), GLint(x + scene.width),
                          GLint(y), GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLError.gl("0x" + String(error, radix: 16) + " while drawing into the host framebuffer") }
    }

    /// Draws every command of `scene` — lowered by the painter that holds this one (`Painter.lowered`: no shape
    /// drawn natively) — into the painter's own targets for its size, and waits for GL to finish.
    private func drawScene(_ scene: Scene, text: TextEngine) throws -> GLRenderTargets {
        uploadTime = 0
        pointsUploaded = 0
        paints += 1
        defer { rings = rings.filter { paints - $0.value.lastPaint < GLPainter.ringIdlePaints } }
        guard scene.width <= info.maxRenderbufferSize, scene.height <= info.maxRenderbufferSize else {
            throw GLError.framebuffer("\(scene.width)x\(scene.height) exceeds the GL limit of \(info.maxRenderbufferSize) pixels per side")
        }
        let targets = try targets(width: scene.width, height: scene.height)
        glBindVertexArray(vertexArray)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), targets.drawFramebuffer)
        glViewport(0, 0, GLsizei(scene.width), GLsizei(scene.height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_CULL_FACE))
        glDisable(GLenum(GL_SCISSOR_TEST))
        let bg = scene.background
        let clear = bg.premultiplied
        glClearColor(clear.x, clear.y, clear.z, clear.w)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        useOverBlending()
        // Path masks are made first, every path of the scene on the threads at once (as the CPU painter does).
        var fills: [Int: [PathFills.Fill]] = [:]
        timedUpload { fills = PathFills(scene, threads: threads).byCommand }

        for (index, command) in scene.commands.enumerated() {
            setClip(command.clip, scene: scene)
            switch command.shape {
            case let .rects(shapes): drawRects(shapes, scene: scene)
            // Sampled: the others were lowered to rectangles.
            case let .image(image): drawImage(image, clip: command.clip, scene: scene)
            case let .line(shape): drawLine(shape, clip: command.clip, scene: scene, targets: targets)
            case let .dots(shape): drawDots(shape, scene: scene)
            case let .text(runs): drawText(runs, engine: text, scene: scene)
            case .paths: drawMasks(fills[index] ?? [], scene: scene)
            }
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glFinish()
        return targets
    }

    func timedUpload(_ body: () -> Void) {
        let start = PaintPhases.now()
        body()
        uploadTime += PaintPhases.since(start)
    }

    func targets(width: Int, height: Int) throws -> GLRenderTargets {
        if let t = targets, t.width == width, t.height == height { return t }
        targets = nil
        let t = try GLRenderTargets(width: width, height: height, samples: requestedSamples)
        targets = t
        return t
    }

    /// Premultiplied source-over: what both painters use for everything but stroke coverage.
    func useOverBlending() {
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    func setClip(_ clip: PixelRect?, scene: Scene) {
        if let clip {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(clip.x), GLint(clip.y), GLsizei(max(clip.width, 0)), GLsizei(max(clip.height, 0)))
        } else {
            glDisable(GLenum(GL_SCISSOR_TEST))
        }
    }

    func setViewport(_ program: GLProgram, _ scene: Scene) {
        program.set("uViewport", Float(scene.width), Float(scene.height))
    }

    /// Sets where `program`'s points are drawn: from a kept buffer's `placement`, or (nil) as pixel offsets from
    /// the origin of `t` (`uScale` 1).
    func place(_ program: GLProgram, _ placement: GLPointBuffer.Placement?, _ t: DataTransform) {
        if let placement {
            program.set("uOffset", placement.offset.x, placement.offset.y)
            program.set("uScale", placement.scale.x, placement.scale.y)
        } else {
            let mapping = PixelMapping(t)
            program.set("uOffset", mapping.offsetX, mapping.offsetY)
            program.set("uScale", 1, 1)
        }
    }

    /// Binds float attribute `location` to the bound array buffer, `offset` pairs in, one pair per instance.
    func bindPairs(_ location: GLuint, offset: Int) {
        glEnableVertexAttribArray(location)
        glVertexAttribPointer(location, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, UnsafeRawPointer(bitPattern: offset * 8))
        glVertexAttribDivisor(location, 1)
    }

    func resetAttributes(_ count: GLuint) {
        for location in 0..<count {
            glVertexAttribDivisor(location, 0)
            glDisableVertexAttribArray(location)
        }
    }
}
