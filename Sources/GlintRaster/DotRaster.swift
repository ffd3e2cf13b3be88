import Foundation
import GlintCore

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag).
enum DotRaster {
    /// Where dot i is drawn and how large, as dot.vert computes it; nil for a gap.
    struct Geometry {
        let mapping: PixelMapping
        let rMin: Float, rMax: Float

        init(_ shape: DotShape) {
            mapping = PixelMapping(shape.transform)
            rMin = Float(shape.radius.lowerBound)
            rMax = Float(shape.radius.upperBound)
        }

        @inline(__always)
        func dot(_ shape: DotShape, _ i: Int) -> (x: Float, y: Float, r: Float)? {
            guard let c = mapping.point(shape.x[i], shape.y[i]), let t = shape.sizeFraction(i) else { return nil }
            return (c.x, c.y, rMin + (rMax - rMin) * t)
        }
    }

    /// A dot ready to draw: centre and radius in pixels, and its fill bytes when the shape colours each dot.
    struct Dot {
        let x: Float, y: Float, r: Float
        var fill: UInt32 = 0
    }

    /// Dot i with the pixel rows it can touch, for binning; nil for a gap.
    static func binned(_ shape: DotShape, _ geometry: Geometry, _ i: Int) -> (element: Dot, top: Int, bottom: Int)? {
        guard let d = geometry.dot(shape, i), !d.y.isNaN, !d.r.isNaN else { return nil }
        let fill = shape.colors.flatMap { $0.lookup.packed($0.values[i]) } ?? 0
        return (Dot(x: d.x, y: d.y, r: d.r, fill: fill), PixelWindow.whole((d.y - d.r - 1.5).rounded(.down)),
                PixelWindow.whole((d.y + d.r + 1.5).rounded(.up)))
    }

    /// Draws the binned dots (in series order) that touch the band.
    static func draw(_ shape: DotShape, _ dots: [Dot], clip: PixelRect, band: Band) {
        let shapeFill = ShaderColor(shape.fill)
        let stroke = ShaderColor(shape.stroke)
        let strokeWidth = Float(shape.strokeWidth)
        let perDot = shape.colors != nil
        for dot in dots {
            let fill = perDot ? ShaderColor(packed: dot.fill) : shapeFill
            let solidFill = Band.Source(fill)
            let c = (x: dot.x, y: dot.y), r = dot.r
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
                let dy2 = dy * dy
                guard dy2 < outerSq else { continue }
                // Small dots: test every pixel of the row; large ones: only the columns the circle can reach.
                var xa = window.x0, xb = window.x1
                if r > 12 {
                    let half = (outerSq - dy2).squareRoot()
                    xa = max(window.x0, PixelWindow.whole((c.x - half - 0.5).rounded(.down)))
                    xb = min(window.x1, PixelWindow.whole((c.x + half - 0.5).rounded(.up)) + 1)
                    guard xa < xb else { continue }
                }
                for x in xa..<xb {
                    let dx = Float(x) + 0.5 - c.x
                    let d2 = dx * dx + dy2
                    if d2 >= outerSq { continue }
                    if d2 <= solid {
                        band.blend(x, y, solidFill)
                        continue
                    }
                    let d = d2.squareRoot()
                    let outer = Coverage.cover(d, r)
                    if outer <= 0 { continue }
                    if strokeWidth > 0 {
                        let filled = Coverage.cover(d, inner)
                        band.blend(x, y, fill.scaled(filled) + stroke.scaled(outer - filled))
                    } else {
                        band.blend(x, y, fill.scaled(outer))  // the outline term is exactly zero
                    }
                }
            }
        }
    }
}
