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
        let lowered = scene.rasterLowered.commands.flatMap { command -> [RectShape] in
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
}
