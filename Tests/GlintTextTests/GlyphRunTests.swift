import Glint
import GlintRenderTestSupport
import GlintText
import Testing

/// Scenes carry text as glyph runs — glyph ids, pen positions and font files, shaped when the scene is built —
/// and painters draw those glyphs as they are.
@Suite struct GlyphRunTests {
    static let chart = Chart(width: 320, height: 200, title: "Température — 東京",
                             x: Axis(title: "time"), series: [.line(name: "a", x: [0, 1, 2], y: [1, 3, 2])])

    @Test func everyTextRunOfABuiltSceneIsShaped() throws {
        let engine = try Shared.text.get()
        let scene = try SceneBuilder.build(GlyphRunTests.chart, measurer: engine, threads: 2)
        let runs = scene.commands.flatMap { command -> [TextShape] in
            if case let .text(runs) = command.shape { return runs }
            return []
        }
        #expect(runs.count >= 8, "title, axis title, tick labels and the legend's name: \(runs.count)")
        for run in runs {
            let glyphs = try #require(run.glyphs, "\(run.text) is not shaped")
            #expect(glyphs.advance == engine.measure(run.text, fontSize: run.fontSize).width, "\(run.text): layout measured these glyphs")
            #expect(glyphs.glyphs.count >= run.text.filter { !$0.isWhitespace }.count / 2, "\(run.text)")
            #expect(glyphs.glyphs.allSatisfy { glyphs.fonts.indices.contains($0.font) })
        }
        // The title's CJK characters come from a fallback font file: the run names both files.
        let title = try #require(runs.first { $0.text.hasPrefix("Temp") }?.glyphs)
        #expect(title.fonts.count == 2 && title.fonts[0].path == engine.font.path, "\(title.fonts)")
        #expect(Set(title.glyphs.map(\.font)) == [0, 1])
        #expect(zip(title.glyphs, title.glyphs.dropFirst()).allSatisfy { $0.x <= $1.x }, "visual order, left to right")
    }

    @Test func paintersDrawTheShapedGlyphs() throws {
        let engine = try Shared.text.get()
        let plain = TextShape("Ligatures: office ﬁ — AV", origin: Point(10, 40), fontSize: 18, color: .black)
        var shaped = plain
        shaped.glyphs = engine.shape(plain.text, fontSize: plain.fontSize)
        let quads = { (run: TextShape) in engine.glyphs(for: run).map { "\($0.corners) \($0.texels.x1 - $0.texels.x0)×\($0.texels.y1 - $0.texels.y0)" } }
        #expect(quads(shaped) == quads(plain), "shaped now or at scene build: the same glyphs in the same places")
        // Another engine, on another primary font, draws the glyph ids of the first engine's font file.
        let mono = try TextEngine(family: "DejaVu Sans Mono")
        #expect(mono.font.path != engine.font.path)
        #expect(quads(shaped).count == mono.glyphs(for: shaped).count)
        #expect(mono.glyphs(for: shaped).map(\.corners) == engine.glyphs(for: shaped).map(\.corners))
        #expect(mono.glyphs(for: plain).map(\.corners) != engine.glyphs(for: plain).map(\.corners), "unshaped, it sets its own font")
        // Glyphs of a font file that is not there are left out; the others still draw.
        var missing = try #require(shaped.glyphs)
        missing.fonts.append(FontReference(path: "/nonexistent/font.ttf"))
        missing.glyphs[0].font = missing.fonts.count - 1
        missing.glyphs[1].font = 99
        var broken = shaped
        broken.glyphs = missing
        #expect(engine.glyphs(for: broken).count == engine.glyphs(for: shaped).count - 2)
    }

    @Test func renderedImagesAreTheSameWhetherShapedAtBuildOrAtPaint() throws {
        let engine = try Shared.text.get()
        let scene = try SceneBuilder.build(GlyphRunTests.chart, measurer: engine, threads: 2)
        var unshaped = scene
        for i in unshaped.commands.indices {
            guard case var .text(runs) = unshaped.commands[i].shape else { continue }
            for k in runs.indices { runs[k].glyphs = nil }
            unshaped.commands[i].shape = .text(runs)
        }
        for backend in painters {
            #expect(try Shared.paint(scene, on: backend) == Shared.paint(unshaped, on: backend), "\(backend)")
        }
    }
}
