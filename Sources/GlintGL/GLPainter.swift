import CGLES3
import GlintCore
import GlintText

/// Draws a `Scene` with OpenGL ES 3 into an offscreen framebuffer and reads it back.
/// Owns its GL objects; the caller keeps the context current while calling it.
public final class GLPainter {
    /// The driver and the limits in use.
    public let info: GLInfo

    private let segments: GLProgram, joins: GLProgram, composite: GLProgram
    private let dots: GLProgram, rects: GLProgram, glyphs: GLProgram
    private let vertexArray: GLuint
    private let pointBuffer: GLuint, sizeBuffer: GLuint, instanceBuffer: GLuint
    private let atlasTexture: GLuint
    private var atlasGeneration = -1
    private var targets: GLRenderTargets?
    /// Seconds spent in uploads during the current paint.
    private var uploadTime = 0.0
    private let requestedSamples: Int

    /// Compiles the programs and creates buffers in the current context.
    /// - Parameter msaaSamples: samples for the colour target, capped by the driver; 0 for none.
    public init(msaaSamples: Int) throws {
        func string(_ name: Int32) -> String {
            glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
        }
        func integer(_ name: Int32) -> Int {
            var value: GLint = 0
            glGetIntegerv(GLenum(name), &value)
            return Int(value)
        }
        let maxSamples = integer(GL_MAX_SAMPLES)
        requestedSamples = min(max(msaaSamples, 0), maxSamples)
        info = GLInfo(vendor: string(GL_VENDOR), renderer: string(GL_RENDERER), version: string(GL_VERSION),
                      maxSamples: maxSamples, samples: requestedSamples,
                      maxRenderbufferSize: integer(GL_MAX_RENDERBUFFER_SIZE))
        segments = try GLProgram("segment")
        joins = try GLProgram("join")
        composite = try GLProgram("composite")
        dots = try GLProgram("dot")
        rects = try GLProgram("rect")
        glyphs = try GLProgram("glyph")
        var vao: GLuint = 0
        glGenVertexArrays(1, &vao)
        vertexArray = vao
        var buffers = [GLuint](repeating: 0, count: 3)
        glGenBuffers(3, &buffers)
        (pointBuffer, sizeBuffer, instanceBuffer) = (buffers[0], buffers[1], buffers[2])
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        atlasTexture = texture
    }

    deinit {
        var vao = vertexArray
        glDeleteVertexArrays(1, &vao)
        let buffers = [pointBuffer, sizeBuffer, instanceBuffer]
        glDeleteBuffers(3, buffers)
        var texture = atlasTexture
        glDeleteTextures(1, &texture)
    }

    /// Paints `scene` and returns its premultiplied RGBA8 pixels, top row first, adding the time of each
    /// phase to `phases` (draw ends with `glFinish`, so readback is the transfer alone).
    public func paint(_ scene: Scene, text: TextEngine, phases: inout PaintPhases) throws -> [UInt8] {
        let start = PaintPhases.now()
        uploadTime = 0
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
        glClearColor(Float(bg.red * bg.alpha), Float(bg.green * bg.alpha), Float(bg.blue * bg.alpha), Float(bg.alpha))
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glEnable(GLenum(GL_BLEND))
        useOverBlending()

        for command in scene.commands {
            setClip(command.clip, scene: scene)
            switch command.shape {
            case let .rects(shapes): drawRects(shapes, scene: scene)
            case let .line(shape): drawLine(shape, clip: command.clip, scene: scene, targets: targets)
            case let .dots(shape): drawDots(shape, scene: scene)
            case let .text(runs): drawText(runs, engine: text, scene: scene)
            }
        }
        glDisable(GLenum(GL_SCISSOR_TEST))
        glFinish()
        let drawn = PaintPhases.now()
        let pixels = targets.readPixels()
        phases.readback += PaintPhases.since(drawn)
        phases.upload += uploadTime
        phases.draw += Double(drawn - start) / 1e9 - uploadTime
        let error = glGetError()
        guard error == GL_NO_ERROR else { throw GLError.gl("0x" + String(error, radix: 16) + " while painting") }
        return pixels
    }

    private func timedUpload(_ body: () -> Void) {
        let start = PaintPhases.now()
        body()
        uploadTime += PaintPhases.since(start)
    }

    private func targets(width: Int, height: Int) throws -> GLRenderTargets {
        if let t = targets, t.width == width, t.height == height { return t }
        targets = nil
        let t = try GLRenderTargets(width: width, height: height, samples: requestedSamples)
        targets = t
        return t
    }

    /// Premultiplied source-over: what both painters use for everything but stroke coverage.
    private func useOverBlending() {
        glBlendEquation(GLenum(GL_FUNC_ADD))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    private func setClip(_ clip: PixelRect?, scene: Scene) {
        if let clip {
            glEnable(GLenum(GL_SCISSOR_TEST))
            glScissor(GLint(clip.x), GLint(clip.y), GLsizei(max(clip.width, 0)), GLsizei(max(clip.height, 0)))
        } else {
            glDisable(GLenum(GL_SCISSOR_TEST))
        }
    }

    private func setViewport(_ program: GLProgram, _ scene: Scene) {
        program.set("uViewport", Float(scene.width), Float(scene.height))
    }

    private func setTransform(_ program: GLProgram, _ t: DataTransform) {
        program.set("uScale", Float(t.scaleX), Float(t.scaleY))
        program.set("uOffset", Float(t.pixelX), Float(t.pixelY))
    }

    /// Binds float attribute `location` to the point buffer, `offset` pairs in, one pair per instance.
    private func bindPairs(_ location: GLuint, offset: Int) {
        glEnableVertexAttribArray(location)
        glVertexAttribPointer(location, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 8, UnsafeRawPointer(bitPattern: offset * 8))
        glVertexAttribDivisor(location, 1)
    }

    private func resetAttributes(_ count: GLuint) {
        for location in 0..<count {
            glVertexAttribDivisor(location, 0)
            glDisableVertexAttribArray(location)
        }
    }

    private func drawRects(_ shapes: [RectShape], scene: Scene) {
        guard !shapes.isEmpty else { return }
        var data: [Float] = []
        data.reserveCapacity(shapes.count * 8)
        for s in shapes {
            let c = s.color
            data += [Float(s.rect.x), Float(s.rect.y), Float(s.rect.maxX), Float(s.rect.maxY),
                     Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha)]
        }
        glUseProgram(rects.id)
        setViewport(rects, scene)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), data.count * 4, data, GLenum(GL_STREAM_DRAW))
        for (location, offset) in [(GLuint(0), 0), (GLuint(1), 16)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, 4, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 32, UnsafeRawPointer(bitPattern: offset))
            glVertexAttribDivisor(location, 1)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(shapes.count))
        resetAttributes(2)
    }

    /// Draws the stroke's coverage with MAX blending into the coverage texture, then composites
    /// the series colour times that coverage once over the image.
    private func drawLine(_ line: LineShape, clip: PixelRect?, scene: Scene, targets: GLRenderTargets) {
        let count = min(line.x.count, line.y.count)
        guard count >= 2 else { return }
        let t = line.transform
        var bounds = PointUpload.Bounds()
        timedUpload {
            bounds = PointUpload.points(x: line.x, y: line.y, originX: t.originX, originY: t.originY, padded: true, into: pointBuffer)
        }
        // Clear and composite only where the stroke can be: its points' box, grown by the widest miter.
        guard let area = GLPainter.strokeArea(bounds, line: line, within: clip ?? PixelRect(x: 0, y: 0, width: scene.width, height: scene.height))
        else { return }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), targets.coverageFramebuffer)
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(area.x), GLint(area.y), GLsizei(max(area.width, 0)), GLsizei(max(area.height, 0)))
        glClearColor(0, 0, 0, 0)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glBlendEquation(GLenum(GL_MAX))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))

        let join = line.join == .round ? 0 : line.join == .miter ? 1 : 2
        glUseProgram(segments.id)
        setViewport(segments, scene)
        setTransform(segments, t)
        segments.set("uHalfWidth", Float(line.width / 2))
        segments.set("uCap", int: line.cap == .butt ? 0 : line.cap == .round ? 1 : 2)
        segments.set("uJoin", int: join)
        segments.set("uAntialias", int: line.antialias ? 1 : 0)
        for location in 0..<4 { bindPairs(GLuint(location), offset: location) }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count - 1))
        if join != 0 && count >= 3 {
            glUseProgram(joins.id)
            setViewport(joins, scene)
            setTransform(joins, t)
            joins.set("uHalfWidth", Float(line.width / 2))
            joins.set("uJoin", int: join)
            joins.set("uMiterLimit", Float(line.miterLimit))
            joins.set("uAntialias", int: line.antialias ? 1 : 0)
            resetAttributes(4)
            for location in 0..<3 { bindPairs(GLuint(location), offset: location) }
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        }
        resetAttributes(4)

        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), targets.drawFramebuffer)
        useOverBlending()
        setClip(area, scene: scene)
        glUseProgram(composite.id)
        setViewport(composite, scene)
        let c = line.color
        composite.set("uColor", Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha))
        composite.set("uRect", Float(area.x), Float(area.y), Float(area.x + area.width), Float(area.y + area.height))
        composite.set("uCoverage", int: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), targets.coverageTexture)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// The pixels a stroke through points within `bounds` (relative data units) can touch, inside `limit`.
    static func strokeArea(_ bounds: PointUpload.Bounds, line: LineShape, within limit: PixelRect) -> PixelRect? {
        guard bounds.minX <= bounds.maxX else { return nil }
        let t = PixelMapping(line.transform)
        let xs = [bounds.minX * t.scaleX + t.offsetX, bounds.maxX * t.scaleX + t.offsetX]
        let ys = [bounds.minY * t.scaleY + t.offsetY, bounds.maxY * t.scaleY + t.offsetY]
        let reach = Float(line.width / 2 * max(line.miterLimit, 1)) + 2
        let x0 = max(Float(limit.x), xs.min()! - reach), x1 = min(Float(limit.x + limit.width), xs.max()! + reach)
        let y0 = max(Float(limit.y), ys.min()! - reach), y1 = min(Float(limit.y + limit.height), ys.max()! + reach)
        guard x0 < x1, y0 < y1 else { return nil }
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        return PixelRect(x: left, y: top, width: Int(x1.rounded(.up)) - left, height: Int(y1.rounded(.up)) - top)
    }

    private func drawDots(_ shape: DotShape, scene: Scene) {
        let count = min(shape.x.count, shape.y.count)
        guard count > 0 else { return }
        let t = shape.transform
        timedUpload { PointUpload.points(x: shape.x, y: shape.y, originX: t.originX, originY: t.originY, padded: false, into: pointBuffer) }
        glUseProgram(dots.id)
        setViewport(dots, scene)
        setTransform(dots, t)
        dots.set("uRadius", Float(shape.radius.lowerBound), Float(shape.radius.upperBound))
        dots.set("uSizeRange", Float(shape.sizeRange.lowerBound), Float(shape.sizeRange.upperBound))
        let f = shape.fill, s = shape.stroke
        dots.set("uFill", Float(f.red * f.alpha), Float(f.green * f.alpha), Float(f.blue * f.alpha), Float(f.alpha))
        dots.set("uStroke", Float(s.red * s.alpha), Float(s.green * s.alpha), Float(s.blue * s.alpha), Float(s.alpha))
        dots.set("uStrokeWidth", Float(shape.strokeWidth))
        bindPairs(0, offset: 0)
        if let sizes = shape.size {
            timedUpload { PointUpload.values(sizes, count: count, into: sizeBuffer) }
            glEnableVertexAttribArray(1)
            glVertexAttribPointer(1, 1, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 4, nil)
            glVertexAttribDivisor(1, 1)
        } else {
            glDisableVertexAttribArray(1)
            glVertexAttrib1f(1, Float(shape.sizeRange.upperBound))
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        resetAttributes(2)
    }

    private func drawText(_ runs: [TextShape], engine: TextEngine, scene: Scene) {
        var data: [Float] = []
        for run in runs {
            for quad in engine.glyphs(for: run) {
                let c = quad.color
                let color = [Float(c.red * c.alpha), Float(c.green * c.alpha), Float(c.blue * c.alpha), Float(c.alpha)]
                let tx = quad.texels
                let uv: [(Float, Float)] = [(Float(tx.x0), Float(tx.y0)), (Float(tx.x1), Float(tx.y0)),
                                            (Float(tx.x1), Float(tx.y1)), (Float(tx.x0), Float(tx.y1))]
                for k in [0, 1, 2, 0, 2, 3] {
                    data += [Float(quad.corners[k].x), Float(quad.corners[k].y), uv[k].0, uv[k].1]
                    data += color
                }
            }
        }
        guard !data.isEmpty else { return }
        uploadAtlas(engine.atlas)
        glUseProgram(glyphs.id)
        setViewport(glyphs, scene)
        glyphs.set("uAtlas", int: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), data.count * 4, data, GLenum(GL_STREAM_DRAW))
        for (location, size, offset) in [(GLuint(0), GLint(2), 0), (GLuint(1), GLint(2), 8), (GLuint(2), GLint(4), 16)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 32, UnsafeRawPointer(bitPattern: offset))
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(data.count / 8))
        resetAttributes(3)
    }

    private func uploadAtlas(_ atlas: GlyphAtlas) {
        guard atlas.generation != atlasGeneration else { return }
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), atlasTexture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_R8, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                     GLenum(GL_RED), GLenum(GL_UNSIGNED_BYTE), atlas.pixels)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        atlasGeneration = atlas.generation
    }
}
