import CRaster
import GlintCore

/// A series' stroke: segment and join coverage combined with MAX into a coverage buffer, then the
/// colour composited once (segment.*, join.*, composite.* shaders; the pixels: `raster_stroke`, `raster_joins`,
/// `raster_composite`; the binning: `LineBins`).
enum LineRaster {
    /// The line's points in pixels, as the shaders see them (snapped to pixel centres when aliased), mapped once
    /// per paint for the binning and every band; a gap is `PixelGap.marker`. A dashed line's distances along it
    /// (`LineShape.arcLengths`) are measured here too, once.
    struct Points {
        let line: LineShape
        let xs: [Float], ys: [Float]
        /// Each point's distance along the line in pixels for a dashed line; empty otherwise.
        let distances: [Float]
        var count: Int { xs.count }

        init(_ line: LineShape) {
            self.line = line
            let mapping = PixelMapping(line.transform)
            let count = min(line.x.count, line.y.count)
            var xs = [Float](repeating: PixelGap.marker, count: count), ys = [Float](repeating: PixelGap.marker, count: count)
            // Through buffers: an array written element by element checks its uniqueness at every store.
            line.x.withUnsafeDoubles { x in
                line.y.withUnsafeDoubles { y in
                    xs.withUnsafeMutableBufferPointer { xs in
                        ys.withUnsafeMutableBufferPointer { ys in
                            mapping.points(x, y, into: xs, ys, gap: PixelGap.marker)
                            guard !line.antialias else { return }
                            // A mapped point is within ±1e30 px of the origin, never the marker.
                            for i in 0..<count where xs[i] != PixelGap.marker {
                                (xs[i], ys[i]) = (PixelSnap.centre(xs[i]), PixelSnap.centre(ys[i]))
                            }
                        }
                    }
                }
            }
            (self.xs, self.ys) = (xs, ys)
            distances = line.dash == nil ? [] : line.arcLengths()
        }
    }

    /// Draws the listed segments and joins (ascending indices) of the line inside `area`, into `coverage` (one
    /// byte per pixel of the band's rows, all zero on entry and again on return, and the slack
    /// `raster_coverage` asks for after them), then composites the colour once
    /// over the pixels the stroke touched.
    static func draw(_ points: Points, segments: ArraySlice<Int32>, joins: ArraySlice<Int32>, area: PixelRect, band: Band,
                     coverage: UnsafeMutablePointer<UInt8>) {
        let line = points.line
        guard points.count >= 2, !segments.isEmpty else { return }
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
        points.xs.withUnsafeBufferPointer { xs in
            points.ys.withUnsafeBufferPointer { ys in
                let pixels = raster_points(xs: xs.baseAddress, ys: ys.baseAddress, count: points.count)
                points.distances.withUnsafeBufferPointer { distances in
                    var stroked = style
                    stroked.distances = distances.baseAddress
                    segments.withUnsafeBufferPointer { raster_stroke(scratch, limit, pixels, $0.baseAddress, $0.count, stroked, &touched) }
                }
                if line.join != .round && line.dash == nil {
                    joins.withUnsafeBufferPointer { raster_joins(scratch, limit, pixels, $0.baseAddress, $0.count, style, &touched) }
                }
            }
        }
        guard touched.x0 < touched.x1 else { return }
        let cells = coverage + (touched.y0 - band.top) * band.width + touched.x0
        raster_composite(band.kernel, touched, cells, band.width, raster_color(line.color), true)
    }
}
