import CRaster
import GlintScales
import GlintScene

/// A series' stroke: segment and join coverage combined with MAX into a coverage buffer, then the
/// colour composited once (segment.*, join.*, composite.* shaders; the pixels: `raster_stroke`, `raster_joins`,
/// `raster_composite`; the binning: `LineBins`).
package enum LineRaster {
    /// The line's points in pixels, as the shaders see them (snapped to pixel centres when aliased), mapped once
    /// per paint for the binning and every band, into the paint's scratch (valid while it paints); a gap is
    /// `PixelGap.marker`. A dashed line's distances along it (`LineShape.arcLengths`) are measured here too, once.
    package struct Points {
        package let line: LineShape
        package let xs: UnsafeBufferPointer<Float>, ys: UnsafeBufferPointer<Float>
        /// Each point's distance along the line in pixels for a dashed line; empty otherwise.
        package let distances: [Float]
        package var count: Int { xs.count }

        /// The points of `line`, in memory taken from `arena`.
        package init(_ line: LineShape, arena: ScratchArena) {
            self.line = line
            let mapping = PixelMapping(line.transform)
            let count = min(line.x.count, line.y.count)
            // Not filled first: `points` writes every one of the `count` points.
            let xs = arena.take(Float.self, count: count), ys = arena.take(Float.self, count: count)
            line.x.withUnsafeDoubles { x in
                line.y.withUnsafeDoubles { y in
                    if mapping.isLinear {
                        raster_map_points(x.baseAddress, y.baseAddress, count, raster_linear_map(mapping), PixelGap.marker,
                                          xs.baseAddress, ys.baseAddress)
                    } else {
                        mapping.points(x, y, into: xs, ys, gap: PixelGap.marker)
                    }
                }
            }
            if !line.antialias {
                // A mapped point is within ±1e30 px of the origin, never the marker.
                for i in 0..<count where xs[i] != PixelGap.marker {
                    (xs[i], ys[i]) = (PixelSnap.centre(xs[i]), PixelSnap.centre(ys[i]))
                }
            }
            (self.xs, self.ys) = (UnsafeBufferPointer(xs), UnsafeBufferPointer(ys))
            distances = line.dash == nil ? [] : line.arcLengths()
        }
    }

    /// Draws the listed segments and joins (ascending indices) of the line inside `area`, into `coverage` (one
    /// byte per pixel of the band's rows, all zero on entry and again on return, and the slack
    /// `raster_coverage` asks for after them), then composites the colour once
    /// over the pixels the stroke touched.
    static func draw(_ points: Points, segments: UnsafeBufferPointer<Int32>, joins: UnsafeBufferPointer<Int32>,
                     area: PixelRect, band: Band, coverage: UnsafeMutablePointer<UInt8>) {
        let line = points.line
        // A band may hold only a miter join's tip, which reaches further than the segments.
        guard points.count >= 2, !segments.isEmpty || !joins.isEmpty else { return }
        let hw = Float(line.width / 2)
        let cap = StrokeEnd(cap: line.cap)
        // A dashed line's corners are round: its segments' discs carry the pattern round the corner.
        let shared = line.dash == nil ? StrokeEnd(join: line.join) : .round
        let pattern = line.dash?.lengths ?? .zero
        let dash = raster_dash(on1: pattern.x, off1: pattern.y, on2: pattern.z, off2: pattern.w)
        let hard = !line.antialias
        let scratch = raster_coverage(bytes: coverage, width: band.width, top: band.top)
        let limit = band.limit(area)
        var touched = raster_window(x0: 0, x1: 0, y0: 0, y1: 0)
        let style = raster_stroke_style(hw: hw, cap: Int32(cap.rawValue), shared: Int32(shared.rawValue), hard: hard,
                                        dashed: line.dash != nil, dash: dash, distances: nil, bevel: line.join == .bevel,
                                        miterLimit: Float(line.miterLimit))
        let pixels = raster_points(xs: points.xs.baseAddress, ys: points.ys.baseAddress, count: points.count)
        points.distances.withUnsafeBufferPointer { distances in
            var stroked = style
            stroked.distances = distances.baseAddress
            raster_stroke(scratch, limit, pixels, segments.baseAddress, segments.count, stroked, &touched)
        }
        if line.join != .round && line.dash == nil {
            raster_joins(scratch, limit, pixels, joins.baseAddress, joins.count, style, &touched)
        }
        guard touched.x0 < touched.x1 else { return }
        let cells = coverage + (touched.y0 - band.top) * band.width + touched.x0
        raster_composite(band.kernel, touched, cells, band.width, raster_color(line.color), true)
    }
}
