import GlintRaster
import GlintScales
import GlintScene

/// Filled rectangles with box-filtered edges, each with the window the rectangle kernel finds
/// (`RectRaster.draw`).
struct RectItems: TileItemsByUnit {
    let shapes: [RectShape]
    let limit: PixelRect
    var units: Int { shapes.count }

    func add(unit i: Int, to batch: inout TileBatch) {
        let r = shapes[i].rect
        let x0 = Float(r.x), y0 = Float(r.y), x1 = Float(r.maxX), y1 = Float(r.maxY)
        guard let window = PixelWindow(minX: x0.rounded(.down) - 1, maxX: x1.rounded(.up) + 1, minY: y0.rounded(.down) - 1,
                                       maxY: y1.rounded(.up) + 1, limit: limit) else { return }
        batch.add(.rect, window, .floats(x0, y0, x1, y1), .color(shapes[i].color.premultiplied))
    }
}
