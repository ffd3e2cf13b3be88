import CGLES3
import GlintCore
import GlintText

/// Lines: per-series stroke coverage with MAX blending, composited once.
extension GLPainter {
    /// Draws the stroke's coverage with MAX blending into the coverage texture, then composites
    /// the series colour times that coverage once over the image.
    func drawLine(_ line: LineShape, clip: PixelRect?, scene: Scene, targets: GLRenderTargets) {
        let count = min(line.x.count, line.y.count)
        guard count >= 2 else { return }
        let t = line.transform
        var bounds = PointUpload.Bounds()
        timedUpload {
            bounds = PointUpload.points(x: line.x, y: line.y, mapping: PixelMapping(t), padded: true, into: pointBuffer)
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

        // A dashed line's corners are round: its segments' discs carry the pattern round the corner.
        let join = line.dash == nil ? line.join : .round
        glUseProgram(segments.id)
        setViewport(segments, scene)
        setOrigin(segments, t)
        segments.set("uHalfWidth", Float(line.width / 2))
        segments.set("uCap", int: StrokeEnd(cap: line.cap).rawValue)
        segments.set("uJoin", int: join.shaderMode)
        segments.set("uAntialias", int: line.antialias ? 1 : 0)
        for location in 0..<4 { bindPairs(GLuint(location), offset: location) }
        if let dash = line.dash {
            // Each point's distance along the line, padded like the points so instance i reads point i's.
            let distances: [Float] = [0] + line.arcLengths() + [0]
            timedUpload {
                glBindBuffer(GLenum(GL_ARRAY_BUFFER), valueBuffer)
                glBufferData(GLenum(GL_ARRAY_BUFFER), distances.count * 4, distances, GLenum(GL_STREAM_DRAW))
            }
            glEnableVertexAttribArray(4)
            glVertexAttribPointer(4, 1, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 4, UnsafeRawPointer(bitPattern: 4))
            glVertexAttribDivisor(4, 1)
            segments.set("uDashed", int: 1)
            segments.set("uDash", dash.lengths)
        } else {
            glDisableVertexAttribArray(4)
            glVertexAttrib1f(4, 0)
            segments.set("uDashed", int: 0)
        }
        glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count - 1))
        if join != .round && count >= 3 {
            glUseProgram(joins.id)
            setViewport(joins, scene)
            setOrigin(joins, t)
            joins.set("uHalfWidth", Float(line.width / 2))
            joins.set("uJoin", int: join.shaderMode)
            joins.set("uMiterLimit", Float(line.miterLimit))
            joins.set("uAntialias", int: line.antialias ? 1 : 0)
            resetAttributes(5)
            for location in 0..<3 { bindPairs(GLuint(location), offset: location) }
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        }
        resetAttributes(5)

        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), targets.drawFramebuffer)
        useOverBlending()
        setClip(area, scene: scene)
        glUseProgram(composite.id)
        setViewport(composite, scene)
        let c = line.color
        composite.set("uColor", c.premultiplied)
        composite.set("uRect", SIMD4<Float>(Float(area.x), Float(area.y), Float(area.x + area.width), Float(area.y + area.height)))
        composite.set("uCoverage", int: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), targets.coverageTexture)
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
    }

    /// The pixels a stroke through points within `bounds` (pixel offsets from the origin) can touch, inside `limit`.
    static func strokeArea(_ bounds: PointUpload.Bounds, line: LineShape, within limit: PixelRect) -> PixelRect? {
        guard bounds.minX <= bounds.maxX else { return nil }
        let t = PixelMapping(line.transform)
        let xs = [bounds.minX + t.offsetX, bounds.maxX + t.offsetX]
        let ys = [bounds.minY + t.offsetY, bounds.maxY + t.offsetY]
        let reach = Float(line.miterReach) + 2
        let x0 = max(Float(limit.x), xs.min()! - reach), x1 = min(Float(limit.x + limit.width), xs.max()! + reach)
        let y0 = max(Float(limit.y), ys.min()! - reach), y1 = min(Float(limit.y + limit.height), ys.max()! + reach)
        guard x0 < x1, y0 < y1 else { return nil }
        let left = Int(saturating: Double(x0.rounded(.down))), top = Int(saturating: Double(y0.rounded(.down)))
        return PixelRect(x: left, y: top, width: Int(saturating: Double(x1.rounded(.up))) - left, height: Int(saturating: Double(y1.rounded(.up))) - top)
    }
}
