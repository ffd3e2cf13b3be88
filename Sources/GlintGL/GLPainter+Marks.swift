import CGLES3
import GlintScales
import GlintScene
import GlintTable
import GlintText

/// Rectangles, dots and text.
extension GLPainter {
    func drawRects(_ shapes: [RectShape], scene: Scene) {
        guard !shapes.isEmpty else { return }
        var data: [Float] = []
        data.reserveCapacity(shapes.count * 8)
        for s in shapes {
            let c = s.color.premultiplied
            data += [Float(s.rect.x), Float(s.rect.y), Float(s.rect.maxX), Float(s.rect.maxY), c.x, c.y, c.z, c.w]
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

    /// The ring a live dots series is kept in from frame to frame (made on its first frame), with its rings; nil for
    /// dots whose points are not rings (of one series), that have sizes or colours of their own (uploaded per frame
    /// with their points), or on a log axis.
    private func dotRing(for shape: DotShape) -> (GLDotRing, RingView, RingView)? {
        guard shape.size == nil, shape.colors == nil, PixelMapping(shape.transform).isLinear, let x = shape.x.ring, let y = shape.y.ring
        else { return nil }
        return (ring(RingView.liveKey(x: x, y: y) ^ GLPainter.dotKey, make: GLDotRing.init), x, y)
    }

    func drawDots(_ shape: DotShape, scene: Scene) {
        let count = min(shape.x.count, shape.y.count)
        guard count > 0 else { return }
        let t = shape.transform
        // A live series' points kept on the GPU from the frame before, or this frame's uploaded as pixel offsets.
        var kept: (ring: GLDotRing, drawing: GLDotRing.Drawing)?
        timedUpload {
            if let (ring, x, y) = dotRing(for: shape), let drawing = ring.update(x: x, y: y, t) {
                kept = (ring, drawing)
                pointsUploaded += drawing.written
            } else {
                PointUpload.points(x: shape.x, y: shape.y, mapping: PixelMapping(t), padded: false, into: pointBuffer, threads: threads)
                pointsUploaded += count
            }
        }
        glUseProgram(dots.id)
        setViewport(dots, scene)
        place(dots, kept?.drawing.placement, t)
        dots.set("uRadius", Float(shape.radius.lowerBound), Float(shape.radius.upperBound))
        dots.set("uStroke", shape.stroke.premultiplied)
        dots.set("uStrokeWidth", Float(shape.strokeWidth))
        dots.set("uShape", int: Int(shape.marker.code))
        if kept == nil {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), pointBuffer)
            bindPairs(0, offset: 0)
        }
        if let colors = shape.colors {
            timedUpload { PointUpload.fills(colors.values, lookup: colors.lookup, count: count, into: instanceBuffer, threads: threads) }
            glEnableVertexAttribArray(2)
            glVertexAttribPointer(2, 4, GLenum(GL_UNSIGNED_BYTE), GLboolean(GL_TRUE), 4, nil)
            glVertexAttribDivisor(2, 1)
        } else {
            glDisableVertexAttribArray(2)
            let fill = shape.fill.premultiplied
            glVertexAttrib4f(2, fill.x, fill.y, fill.z, fill.w)
        }
        if shape.size != nil || shape.colors != nil {
            timedUpload { PointUpload.sizeFractions(shape, count: count, into: valueBuffer, threads: threads) }
            glEnableVertexAttribArray(1)
            glVertexAttribPointer(1, 1, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 4, nil)
            glVertexAttribDivisor(1, 1)
        } else {
            glDisableVertexAttribArray(1)
            glVertexAttrib1f(1, 1)
        }
        if let kept {
            // Oldest first, as the points' order: from the oldest's slot to the buffer's end, then on from its start.
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), kept.ring.buffer)
            for run in kept.drawing.runs {
                bindPairs(0, offset: run.lowerBound)
                glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(run.count))
            }
        } else {
            glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
        }
        resetAttributes(3)
    }

    func drawText(_ runs: [TextShape], engine: TextEngine, scene: Scene) {
        var data: [Float] = []
        for run in runs {
            for quad in engine.glyphs(for: run) {
                let c = quad.color.premultiplied
                let color = [c.x, c.y, c.z, c.w]
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
        drawCoverageQuads(data, texture: atlasTexture, scene: scene)
    }

    /// Draws triangles of (pixel x, y, texel x, y, premultiplied r, g, b, a) with the glyph program: each pixel
    /// blends its colour scaled by the coverage byte it fetches from `texture` (R8, texel-exact).
    func drawCoverageQuads(_ data: [Float], texture: GLuint, scene: Scene) {
        glUseProgram(glyphs.id)
        setViewport(glyphs, scene)
        glyphs.set("uAtlas", int: 0)
        glActiveTexture(GLenum(GL_TEXTURE0))
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), instanceBuffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), data.count * 4, data, GLenum(GL_STREAM_DRAW))
        for (location, size, offset) in [(GLuint(0), GLint(2), 0), (GLuint(1), GLint(2), 8), (GLuint(2), GLint(4), 16)] {
            glEnableVertexAttribArray(location)
            glVertexAttribPointer(location, size, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 32, UnsafeRawPointer(bitPattern: offset))
        }
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(data.count / 8))
        resetAttributes(3)
    }

    func uploadAtlas(_ atlas: GlyphAtlas) {
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
