import Foundation
import GlintCore

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag).
enum DotRaster {
    static func draw(_ shape: DotShape, clip: PixelRect, band: Band) {
        let transform = PixelMapping(shape.transform)
        let fill = ShaderColor(premultiplying: shape.fill.red, shape.fill.green, shape.fill.blue, shape.fill.alpha)
        let stroke = ShaderColor(premultiplying: shape.stroke.red, shape.stroke.green, shape.stroke.blue, shape.stroke.alpha)
        let strokeWidth = Float(shape.strokeWidth)
        let rMin = Float(shape.radius.lowerBound), rMax = Float(shape.radius.upperBound)
        let lo = Float(shape.sizeRange.lowerBound), span = Float(shape.sizeRange.upperBound) - lo
        let constantSize = Float(shape.sizeRange.upperBound)
        let count = min(shape.x.count, shape.y.count)
        for i in 0..<count {
            guard let c = transform.point(shape.x[i], shape.y[i]) else { continue }
            var size = constantSize
            if let sizes = shape.size {
                guard i < sizes.count, sizes[i].isFinite else { continue }
                size = PixelMapping.relative(sizes[i], 0)
            }
            let t: Float = span > 0 ? Coverage.unit((size - lo) / span) : 1
            let r = rMin + (rMax - rMin) * t
            let reach = r + 1
            guard let window = PixelWindow(minX: c.x - reach, maxX: c.x + reach, minY: c.y - reach, maxY: c.y + reach,
                                           limit: clip, band: band) else { continue }
            let inner = max(r - strokeWidth, 0)
            for y in window.y0..<window.y1 {
                let dy = Float(y) + 0.5 - c.y
                for x in window.x0..<window.x1 {
                    let dx = Float(x) + 0.5 - c.x
                    let d = (dx * dx + dy * dy).squareRoot()
                    let outer = Coverage.cover(d, r)
                    if outer <= 0 { continue }
                    let filled = strokeWidth > 0 ? Coverage.cover(d, inner) : outer
                    band.blend(x, y, fill.scaled(filled) + stroke.scaled(outer - filled))
                }
            }
        }
    }
}
