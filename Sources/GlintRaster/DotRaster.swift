import CRaster
import GlintCore

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag; the pixels:
/// `raster_dot`).
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

    /// Dot i with the pixel rows it can touch, for binning; nil for a gap.
    static func binned(_ shape: DotShape, _ geometry: Geometry, _ i: Int) -> (element: Dot, top: Int, bottom: Int)? {
        guard let d = geometry.dot(shape, i), !d.y.isNaN, !d.r.isNaN else { return nil }
        let fill = shape.colors.flatMap { $0.lookup.packed($0.values[i]) } ?? 0
        return (Dot(x: d.x, y: d.y, r: d.r, fill: fill), PixelWindow.below(d.y - d.r - 1.5),
                PixelWindow.above(d.y + d.r + 1.5))
    }

    /// Draws the binned dots (in series order) that touch the band.
    static func draw(_ shape: DotShape, _ dots: [Dot], clip: PixelRect, band: Band) {
        let shapeFill = raster_color(shape.fill), stroke = raster_color(shape.stroke)
        let strokeWidth = Float(shape.strokeWidth)
        let perDot = shape.colors != nil
        let pixels = band.kernel
        for dot in dots {
            // A pixel whose centre is r + 0.5 or more from the centre along either axis has no coverage (in Float32 at
            // most a rounding error's worth, which stores as zero).
            let reach = dot.r + 0.5
            guard let window = PixelWindow(minX: dot.x - reach, maxX: dot.x + reach, minY: dot.y - reach, maxY: dot.y + reach,
                                           limit: clip, band: band) else { continue }
            raster_dot(pixels, window.kernel, dot.x, dot.y, dot.r, strokeWidth, perDot ? raster_color(packed: dot.fill) : shapeFill,
                       stroke)
        }
    }
}
