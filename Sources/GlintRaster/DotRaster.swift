import CRaster
import GlintScales
import GlintScene

/// Radius-scaled signed-distance circles with an optional inner outline (dot.vert / dot.frag; the pixels:
/// `raster_dots`).
package enum DotRaster {
    /// Where dot i is drawn and how large, as dot.vert computes it; nil for a gap.
    package struct Geometry {
        let mapping: PixelMapping
        let rMin: Float, rMax: Float
        /// The positions and sizes, read in place from array columns.
        let xs: [Double], ys: [Double], sizes: [Double]?
        /// How far past its radius a dot's shape reaches (1 for a disc).
        let reach: Double

        /// The sizes' mapping to radii as `raster_bin_dots` takes it.
        let sizing: raster_dot_sizing

        package init(_ shape: DotShape) {
            mapping = PixelMapping(shape.transform)
            (xs, ys, sizes) = (shape.x.doubles, shape.y.doubles, shape.size?.doubles)
            reach = shape.marker.reach
            rMin = Float(shape.radius.lowerBound)
            rMax = Float(shape.radius.upperBound)
            let (lower, upper) = (shape.sizeRange.lowerBound, shape.sizeRange.upperBound)
            sizing = raster_dot_sizing(lower: lower, halfSpan: upper / 2 - lower / 2, r0: shape.radius.lowerBound,
                                       r1: shape.radius.upperBound, area: shape.radiusScale == .area, rMin: rMin, rMax: rMax)
        }

        /// Whether `bin` finds what `binned` finds for the first `count` dots: discs on linear axes, a size for every
        /// dot if any.
        package func binsInKernel(count: Int) -> Bool {
            reach == 1 && mapping.isLinear && sizes.map { $0.count >= count } ?? true
        }

        /// Dots `start ..< start + count` of `shape` binned by `raster_bin_dots`: each one's disc and its bands (as
        /// `binned` and `DotBins` find them) to `discs` and `spans`; then, where the shape colours each dot, each
        /// binned dot's fill from the colour table, or no bands where its colour value is a gap. Only where
        /// `binsInKernel`.
        package func bin(_ shape: DotShape, _ start: Int, count: Int, bandHeight: Int, bands: Int, discs: UnsafeMutablePointer<Dot>,
                 spans: UnsafeMutablePointer<raster_dot_span>) {
            guard count > 0 else { return }
            xs.withUnsafeBufferPointer { x in
                ys.withUnsafeBufferPointer { y in
                    withSizes { sized in
                        raster_bin_dots(x.baseAddress! + start, y.baseAddress! + start, sized.map { $0 + start }, count,
                                        raster_linear_map(mapping), sizing, bandHeight, bands, discs, spans)
                    }
                }
            }
            guard shape.colors != nil else { return }
            for i in 0..<count where spans[i].first <= spans[i].last {
                if let fill = shape.ownFill(start + i) {
                    discs[i].fill = fill
                } else {
                    spans[i] = raster_dot_span(first: 1, last: 0)
                }
            }
        }

        /// Calls `body` with the sizes' storage (nil without sizes).
        private func withSizes<R>(_ body: (UnsafePointer<Double>?) -> R) -> R {
            guard let sizes else { return body(nil) }
            return sizes.withUnsafeBufferPointer { body($0.baseAddress) }
        }

        @inline(__always)
        func dot(_ shape: DotShape, _ i: Int) -> (x: Float, y: Float, r: Float)? {
            guard let c = mapping.point(xs[i], ys[i]), let t = shape.sizeFraction(i, sizes: sizes) else { return nil }
            return (c.x, c.y, rMin + (rMax - rMin) * t)
        }
    }

    /// A dot ready to draw: centre and radius in pixels, and its fill bytes when the shape colours each dot.
    package typealias Dot = raster_disc

    /// Dot i with the pixel rows it can touch, for binning; nil for a gap.
    package static func binned(_ shape: DotShape, _ geometry: Geometry, _ i: Int) -> (element: Dot, top: Int, bottom: Int)? {
        guard let d = geometry.dot(shape, i), !d.y.isNaN, !d.r.isNaN else { return nil }
        let fill = shape.ownFill(i) ?? 0
        let reach = Float(geometry.reach) * d.r
        return (Dot(x: d.x, y: d.y, r: d.r, fill: fill), WholeNumbers.below(d.y - reach - 1.5),
                WholeNumbers.above(d.y + reach + 1.5))
    }

    /// Draws the binned dots (in series order) that touch the band.
    static func draw(_ shape: DotShape, _ dots: UnsafeBufferPointer<Dot>, clip: PixelRect, band: Band) {
        guard shape.marker == .circle else {
            raster_marks(band.kernel, band.limit(clip), dots.baseAddress, dots.count, shape.marker.code, Float(shape.strokeWidth),
                         raster_color(shape.fill), raster_color(shape.stroke), shape.colors != nil)
            return
        }
        raster_dots(band.kernel, band.limit(clip), dots.baseAddress, dots.count, Float(shape.strokeWidth), raster_color(shape.fill),
                    raster_color(shape.stroke), shape.colors != nil)
    }
}
