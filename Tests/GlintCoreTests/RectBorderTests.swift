import GlintTestSupport
import Testing
@testable import GlintCore

/// A bordered rectangle is one shape in the scene (what vector output draws as a stroked rectangle), lowered to
/// its fill and four border rectangles for the raster painters.
@Suite struct RectBorderTests {
    @Test func outlinedBarsAreOneShapeEachUntilLowered() throws {
        var bars = Series.bars(x: [1, 2, 3], y: [3, 1, 2], color: Color(rgb: 0x1F77B4))
        (bars.outline.color, bars.outline.width) = (Color(rgb: 0x000000), 2)
        let scene = try SceneBuilder.build(Chart(width: 300, height: 200, series: [bars], legend: Legend(visible: false)),
                                           measurer: FixedMeasurer(), threads: 1)
        let bordered = scene.commands.flatMap { command -> [RectShape] in
            if case let .rects(shapes) = command.shape { return shapes.filter { $0.border != nil } }
            return []
        }
        #expect(bordered.count == 3)
        #expect(bordered.allSatisfy { $0.border == RectBorder(width: 2, color: Color(rgb: 0x000000)) && $0.filled })
        let lowered = scene.lowered(keeping: []).commands.flatMap { command -> [RectShape] in
            if case let .rects(shapes) = command.shape { return shapes }
            return []
        }
        #expect(lowered.allSatisfy { $0.border == nil && $0.filled }, "raster painters see plain rectangles only")
        let bar = bordered[0]
        #expect(bar.rasterRects.count == 5 && bar.rasterRects[0] == RectShape(bar.rect, bar.color))
        #expect(bar.rasterRects[1].rect == Rect(x: bar.rect.x, y: bar.rect.y, width: bar.rect.width, height: 2))
        let box = RectShape.border(Rect(x: 0, y: 0, width: 10, height: 10), width: 1, color: Color(rgb: 0xFF0000))
        #expect(box.rasterRects.count == 4, "a border alone has no fill")
    }

    /// A painter gets lowered only what it does not draw natively: borders and cell grids each by their own flag;
    /// sampled images and plain rectangles never.
    @Test func aPainterKeepsWhatItDrawsNatively() {
        let bordered = RectShape(Rect(x: 1, y: 1, width: 8, height: 8), Color(rgb: 0x1F77B4),
                                 border: RectBorder(width: 1, color: Color(rgb: 0x000000)))
        var grid = ImageShape(origin: Point(0, 0), cellWidth: 4, cellHeight: 4, columns: 2, rows: 2, rowsUpward: false,
                              colors: [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00), Color(rgb: 0x0000FF), Color(rgb: 0x000000)])
        var sampled = grid
        sampled.sampled = true
        grid.sampled = false
        let scene = Scene(width: 20, height: 20, background: .white, fontFamily: "sans-serif",
                          commands: [SceneCommand(.rects([bordered])), SceneCommand(.image(grid)), SceneCommand(.image(sampled))])
        func kinds(_ natives: NativeShapes) -> [String] {
            scene.lowered(keeping: natives).commands.map { command in
                switch command.shape {
                case let .rects(shapes): "rects \(shapes.count)"
                case let .image(image): image.sampled ? "sampled image" : "cell image"
                default: "other"
                }
            }
        }
        #expect(kinds([]) == ["rects 5", "rects 4", "sampled image"])
        #expect(kinds(.borders) == ["rects 1", "rects 4", "sampled image"])
        #expect(kinds(.cellImages) == ["rects 5", "cell image", "sampled image"])
        #expect(kinds([.borders, .cellImages]) == ["rects 1", "cell image", "sampled image"])
    }
}
