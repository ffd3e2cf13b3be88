import GlintCore

/// Filled rectangles with box-filter edge coverage (rect.vert / rect.frag).
enum RectRaster {
    static func draw(_ shapes: [RectShape], clip: PixelRect, band: Band) {
        for shape in shapes {
            let r = shape.rect
            let x0 = Float(r.x), y0 = Float(r.y), x1 = Float(r.maxX), y1 = Float(r.maxY)
            guard let window = PixelWindow(minX: x0.rounded(.down) - 1, maxX: x1.rounded(.up) + 1,
                                           minY: y0.rounded(.down) - 1, maxY: y1.rounded(.up) + 1, limit: clip, band: band) else { continue }
            let c = shape.color
            let color = ShaderColor(c)
            for y in window.y0..<window.y1 {
                let py = Float(y) + 0.5
                let cy = Coverage.unit(min(py + 0.5, y1) - max(py - 0.5, y0))
                if cy <= 0 { continue }
                for x in window.x0..<window.x1 {
                    let px = Float(x) + 0.5
                    let cx = Coverage.unit(min(px + 0.5, x1) - max(px - 0.5, x0))
                    if cx > 0 { band.blend(x, y, color.scaled(cx * cy)) }
                }
            }
        }
    }
}
