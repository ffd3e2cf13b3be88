import Foundation
import GlintCore

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag).
enum DotRaster {
    /// Where dot i is drawn and how large, as dot.vert computes it; nil for a gap.
    struct Geometry {
        let mapping: PixelMapping
        let rMin: Float, rMax: Float
        /// The positions, read in place from array columns.
        let xs: [Double], ys: [Double]

        init(_ shape: DotShape) {
            mapping = PixelMapping(shape.transform)
            (xs, ys) = (shape.x.doubles, shape.y.doubles)
            rMin = Float(shape.radius.lowerBound)
            rMax = Float(shape.radius.upperBound)
        }

        @inline(__always)
        func dot(_ shape: DotShape, _ i: Int) -> (x: Float, y: Float, r: Float)? {
            guard let c = mapping.point(xs[i], ys[i]), let t = shape.sizeFraction(i) else { return nil }
            return (c.x, c.y, rMin + (rMax - rMin) * t)
        }
    }

    /// A dot ready to draw: centre and radius in pixels, and its fill bytes when the shape colours each dot.
    struct Dot {
        let x: Float, y: Float, r: Float
        var fill: UInt32 = 0
    }

    /// Dots in a shape from which its fill's `CoverageShades` are worth their table (about 0.1 ms to build).
    static let shadesFrom = 4096

    /// Dot i with the pixel rows it can touch, for binning; nil for a gap.
    static func binned(_ shape: DotShape, _ geometry: Geometry, _ i: Int) -> (element: Dot, top: Int, bottom: Int)? {
        guard let d = geometry.dot(shape, i), !d.y.isNaN, !d.r.isNaN else { return nil }
        let fill = shape.colors.flatMap { $0.lookup.packed($0.values[i]) } ?? 0
        return (Dot(x: d.x, y: d.y, r: d.r, fill: fill), PixelWindow.below(d.y - d.r - 1.5),
                PixelWindow.above(d.y + d.r + 1.5))
    }

    /// Draws the binned dots (in series order) that touch the band. In each row, the run of pixels fully covered
    /// by fill takes the fill bytes as they are, eight at a time; only the pixels around the edge compute coverage.
    /// `shades`: the fill's bytes by coverage, when every dot has the shape's fill and no outline.
    static func draw(_ shape: DotShape, _ dots: [Dot], shades: CoverageShades?, clip: PixelRect, band: Band) {
        let shapeFill = ShaderColor(shape.fill), shapeSolid = Band.Source(shapeFill)
        let stroke = ShaderColor(shape.stroke)
        let strokeWidth = Float(shape.strokeWidth)
        let perDot = shape.colors != nil
        for dot in dots {
            let fill = perDot ? ShaderColor(packed: dot.fill) : shapeFill
            let solidFill = perDot ? Band.Source(fill) : shapeSolid
            let c = (x: dot.x, y: dot.y), r = dot.r
            let reach = r + 1
            guard let window = PixelWindow(minX: c.x - reach, maxX: c.x + reach, minY: c.y - reach, maxY: c.y + reach,
                                           limit: clip, band: band) else { continue }
            let inner = max(r - strokeWidth, 0)
            // Pixels whose centre lies within inner − 0.5 are fully covered fill: blend the fill bytes directly.
            let solidEdge = (strokeWidth > 0 ? inner : r) - 0.5
            let solid = solidEdge > 0 ? solidEdge * solidEdge : -1
            let outerSq = (r + 0.5) * (r + 0.5)
            @inline(__always)
            func edge(_ x: Int, _ y: Int, _ dy2: Float) {
                let dx = Float(x) + 0.5 - c.x
                let d2 = dx * dx + dy2
                if d2 >= outerSq { return }
                if d2 <= solid {
                    band.blend(x, y, solidFill)
                    return
                }
                let d = d2.squareRoot()
                let outer = Coverage.cover(d, r)
                // Written so that a NaN coverage (which finite dots cannot give) is skipped, never looked up.
                if !(outer > 0) { return }
                if let shades {
                    band.blend(x, y, shades.source(outer))
                } else if strokeWidth > 0 {
                    let filled = Coverage.cover(d, inner)
                    band.blend(x, y, fill.scaled(filled) + stroke.scaled(outer - filled))
                } else {
                    band.blend(x, y, fill.scaled(outer))  // the outline term is exactly zero
                }
            }
            for y in window.y0..<window.y1 {
                let dy = Float(y) + 0.5 - c.y
                let dy2 = dy * dy
                guard let (reached, run) = DotRaster.spans(c.x, dy2, outerSq: outerSq, solid: solid, within: window) else { continue }
                for x in reached.lowerBound..<run.lowerBound { edge(x, y, dy2) }
                band.blend(run: run, y, solidFill)
                for x in run.upperBound..<reached.upperBound { edge(x, y, dy2) }
            }
        }
    }

    /// In the row `dy2` (squared) from a dot's centre at `cx`, the columns of `window` the circle can reach, and of
    /// those the run whose pixels all lie within the squared solid radius (empty, at the end, when none); nil when
    /// the row misses the circle. The run is estimated from the radius, then narrowed until both of its ends pass
    /// the exact per-pixel test, so it holds only pixels that test would call solid.
    @inline(__always)
    private static func spans(_ cx: Float, _ dy2: Float, outerSq: Float, solid: Float, within window: PixelWindow)
        -> (reached: Range<Int>, run: Range<Int>)? {
        guard dy2 < outerSq else { return nil }
        let half = (outerSq - dy2).squareRoot()
        let xa = max(window.x0, PixelWindow.below(cx - half - 0.5))
        let xb = min(window.x1, PixelWindow.above(cx + half - 0.5) + 1)
        guard xa < xb else { return nil }
        guard solid > dy2 else { return (xa..<xb, xb..<xb) }
        let inside = (solid - dy2).squareRoot()
        var sa = max(xa, PixelWindow.above(cx - inside - 0.5))
        var sb = min(xb, PixelWindow.below(cx + inside - 0.5) + 1)
        while sa < sb && !within(sa, cx, dy2, solid) { sa += 1 }
        while sb > sa && !within(sb - 1, cx, dy2, solid) { sb -= 1 }
        // None (the clip may even end before the estimate starts).
        return sa < sb ? (xa..<xb, sa..<sb) : (xa..<xb, xb..<xb)
    }

    /// Whether pixel x of a row dy2 away (squared) lies within the squared solid radius, as the edge test decides.
    @inline(__always)
    private static func within(_ x: Int, _ cx: Float, _ dy2: Float, _ solid: Float) -> Bool {
        let dx = Float(x) + 0.5 - cx
        return dx * dx + dy2 <= solid
    }
}
