import Foundation
import GlintCore

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag).
enum DotRaster {
    static func draw(_ shape: DotShape, clip: PixelRect, band: Band) {
        let transform = PixelMapping(shape.transform)
        let fill = ShaderColor(premultiplying: shape.fill.red, shape.fill.green, shape.fill.blue, shape.fill.alpha)
        let stroke = ShaderColor(premultiplying: shape.stroke.red, shape.stroke.green, shape.stroke.blue, shape.stroke.alpha)
        let strokeWidth = Float(shape.strokeWidth)
        let solidFill = Band.Source(fill)
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
            // Pixels whose centre lies within inner − 0.5 are fully covered fill: blend the fill bytes directly.
            let solidEdge = (strokeWidth > 0 ? inner : r) - 0.5
            let solid = solidEdge > 0 ? solidEdge * solidEdge : -1
            let outerSq = (r + 0.5) * (r + 0.5)
            for y in window.y0..<window.y1 {
                let dy = Float(y) + 0.5 - c.y
                let rest = outerSq - dy * dy
                guard rest > 0 else { continue }
                // Only the columns whose centres can be within r + 0.5 of the centre.
                let half = rest.squareRoot()
                let xa = max(window.x0, Int((c.x - half - 0.5).rounded(.down)))
                let xb = min(window.x1, Int((c.x + half - 0.5).rounded(.up)) + 1)
                guard xa < xb else { continue }
                for x in xa..<xb {
                    let dx = Float(x) + 0.5 - c.x
                    let d2 = dx * dx + dy * dy
                    if d2 <= solid {
                        band.blend(x, y, solidFill)
                        continue
                    }
                    let d = d2.squareRoot()
                    let outer = Coverage.cover(d, r)
                    if outer <= 0 { continue }
                    let filled = strokeWidth > 0 ? Coverage.cover(d, inner) : outer
                    band.blend(x, y, fill.scaled(filled) + stroke.scaled(outer - filled))
                }
            }
        }
    }
}
