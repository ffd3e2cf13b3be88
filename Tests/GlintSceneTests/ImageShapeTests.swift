import GlintScales
import Testing
@testable import GlintScene

/// Images lower to one rectangle per coloured cell, rows downwards or upwards, transparent cells left out.
@Suite struct ImageShapeTests {
    @Test func cellsLowerToTheirRectangles() {
        let (red, blue) = (Color(rgb: 0xFF0000), Color(rgb: 0x0000FF))
        let down = ImageShape(origin: Point(10, 20), cellWidth: 2, cellHeight: 3, columns: 2, rows: 2, colors: [red, nil, blue, red])
        #expect(down.rasterRects.map(\.rect) == [Rect(x: 10, y: 20, width: 2, height: 3), Rect(x: 10, y: 23, width: 2, height: 3),
                                                 Rect(x: 12, y: 23, width: 2, height: 3)])
        #expect(down.rasterRects.map(\.color) == [red, blue, red] && down.bounds == Rect(x: 10, y: 20, width: 4, height: 6))
        let up = ImageShape(origin: Point(0, 100), cellWidth: 5, cellHeight: 1, columns: 1, rows: 3, rowsUpward: true, colors: [red, blue])
        #expect(up.rasterRects.map(\.rect) == [Rect(x: 0, y: 99, width: 5, height: 1), Rect(x: 0, y: 98, width: 5, height: 1)])
        #expect(up.bounds == Rect(x: 0, y: 97, width: 5, height: 3), "the third cell has no colour: transparent")
        var scene = Scene(width: 10, height: 10, background: .white, fontFamily: "sans-serif")
        scene.commands = [SceneCommand(.image(up))]
        guard case let .rects(rects) = scene.lowered(keeping: []).commands[0].shape else { Issue.record("not lowered"); return }
        #expect(rects.map(\.rect) == up.rasterRects.map(\.rect))
    }
}
