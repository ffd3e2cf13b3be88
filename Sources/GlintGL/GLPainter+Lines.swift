import CGLES3
import GlintScales
import GlintScene
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
        // A live line's points kept on the GPU from the frame before, or this frame's uploaded as pixel offsets.
        var kept: (ring: GLLineRing, drawing: GLLineRing.Drawing)?
        timedUpload {
            if let ring = ring(for: line), let drawing = ring.update(line) {
                kept = (ring, drawing)
                bounds = drawing.bounds
                pointsUploaded += drawing.written
            } else {
                bounds = PointUpload.points(x: line.x, y: line.y, mapping: PixelMapping(t), padded: true, into: pointBuffer, threads: threads)
                pointsUploaded += count
            }
        }
        /// Binds the first `locations` attributes to consecutive points, one point further each, from the slot
        /// before the first point; sets where they are and what unit they are in.
        func bindPoints(_ program: GLProgram, locations: Int) {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), kept?.ring.buffer ?? pointBuffer)
            let first = kept.map { $0.drawing.start - 1 } ?? 0
            for location in 0..<locations { bindPairs(GLuint(location), offset: first + location) }
            place(program, kept?.drawing.placement, t)
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
        segments.set("uHalfWidth", Float(line.width / 2))
        segments.set("uCap", int: StrokeEnd(cap: line.cap).rawValue)
        segments.set("uJoin", int: join.shaderMode)
        segments.set("uAntialias", int: line.antialias ? 1 : 0)
        bindPoints(segments, locations: 4)
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
            joins.set("uHalfWidth", Float(line.width / 2))
            joins.set("uJoin", int: join.shaderMode)
            joins.set("uMiterLimit", Float(line.miterLimit))
            joins.set("uAntialias", int: line.antialias ? 1 : 0)
            resetAttributes(5)
            bindPoints(joins, locations: 3)
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

    /// The ring a live line is kept in from frame to frame (made on its first frame); nil for a line that is not
    /// live, or that a ring does not draw as the per-frame upload does: dashed (its distances run from the window's
    /// first point), aliased (snapped vertices must land exactly where a fresh render's do) or on a log axis.
    private func ring(for line: LineShape) -> GLLineRing? {
        guard let key = line.liveKey, line.dash == nil, line.antialias, PixelMapping(line.transform).isLinear else { return nil }
        return ring(key, make: GLLineRing.init)
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
