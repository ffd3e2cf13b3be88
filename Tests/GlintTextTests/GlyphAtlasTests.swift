import Glint
import GlintCore
import GlintRenderTestSupport
import GlintText
import Testing

/// A long-lived renderer keeps drawing every glyph after its atlas has filled: it is emptied between renders.
@Suite struct GlyphAtlasTests {
    static let title = "WMQ@#%&gjpqyb"
    /// Scales whose title sizes (17 px × scale) together need more glyph texels than one 1024×8192 atlas.
    static let scales = stride(from: 4.0, through: 16, by: 0.25).map { $0 }

    static func run(fontSize: Double) -> TextShape {
        TextShape(title, origin: Point(0, 0), fontSize: fontSize, color: .black)
    }

    static func chart(scale: Double) -> Chart {
        Chart(width: 200, height: 40, scale: scale, title: title, x: Axis(grid: false), y: Axis(grid: false),
              series: [], legend: Legend(visible: false))
    }

    @Test func theSequenceOverflowsOneAtlas() throws {
        let engine = try TextEngine(family: "sans-serif")
        engine.beginRender()
        for scale in GlyphAtlasTests.scales { _ = engine.glyphs(for: GlyphAtlasTests.run(fontSize: 17 * scale)) }
        #expect(engine.missedGlyphs > 0, "without emptying, glyphs would go missing")
    }

    @Test(arguments: painters)
    func textNeverVanishesAfterTheAtlasFills(backend: Backend) throws {
        let worn = try Renderer(options: Renderer.Options(backend: backend))
        for scale in GlyphAtlasTests.scales { _ = try worn.render(GlyphAtlasTests.chart(scale: scale)) }
        for scale in [GlyphAtlasTests.scales.last!, 5] {
            let after = try worn.render(GlyphAtlasTests.chart(scale: scale))
            let fresh = try Renderer(options: Renderer.Options(backend: backend)).render(GlyphAtlasTests.chart(scale: scale))
            let differing = zip(after.pixels, fresh.pixels).filter { $0 != $1 }.count
            #expect(differing == 0, "\(backend), scale \(scale): \(differing) bytes differ from a fresh renderer's")
        }
    }

    @Test func theAtlasIsEmptiedBetweenRendersOnlyWhenOverHalfFull() throws {
        let engine = try TextEngine(family: "sans-serif")
        _ = engine.glyphs(for: TextShape("abc", origin: Point(0, 0), fontSize: 12, color: .black))
        let small = engine.atlas.generation
        engine.beginRender()
        #expect(engine.atlas.generation == small, "a nearly empty atlas is kept")
        for size in stride(from: 40.0, through: 400, by: 20) {
            _ = engine.glyphs(for: TextShape("WMQ@#%&gjpqy", origin: Point(0, 0), fontSize: size, color: .black))
        }
        #expect(engine.atlas.fill > 0.5)
        engine.beginRender()
        #expect(engine.atlas.fill < 0.01 && engine.missedGlyphs == 0)
    }
}
