import CRaster
import GlintCore

/// A series' stroke: segment and join coverage combined with MAX into a coverage buffer, then the
/// colour composited once (segment.*, join.*, composite.* shaders; the pixels: `raster_segment`, `raster_capsule`,
/// `raster_join`, `raster_composite`).
enum LineRaster {
    /// The line's points in pixels, as the shaders see them (snapped to pixel centres when aliased), mapped once
    /// per paint for the binning and every band; a gap is `PixelGap.marker`.
    struct Points {
        let line: LineShape
        let xs: [Float], ys: [Float]
        var count: Int { xs.count }

        init(_ line: LineShape) {
            self.line = line
            let mapping = PixelMapping(line.transform)
            let (x, y) = (line.x.doubles, line.y.doubles)
            let count = min(x.count, y.count)
            var xs = [Float](repeating: PixelGap.marker, count: count), ys = xs
            for i in 0..<count {
                guard let p = mapping.point(x[i], y[i]) else { continue }
                (xs[i], ys[i]) = line.antialias ? p : (PixelSnap.centre(p.x), PixelSnap.centre(p.y))
            }
            (self.xs, self.ys) = (xs, ys)
        }

        @inline(__always)
        func callAsFunction(_ i: Int) -> (x: Float, y: Float)? {
            guard i >= 0 && i < xs.count, !PixelGap.isGap(xs[i]) else { return nil }
            return (xs[i], ys[i])
        }
    }

    /// The pixel rows segment i (from point i to i + 1) can touch, for binning.
    static func segmentRows(_ points: Points, _ i: Int) -> (Int, Int)? {
        guard let a = points(i), let b = points(i + 1) else { return nil }
        return rows(min(a.y, b.y), max(a.y, b.y), reach: Float(points.line.width / 2) + 2)
    }

    /// The pixel rows the join at point i can touch (miters reach at most the limit), for binning.
    static func joinRows(_ points: Points, _ i: Int) -> (Int, Int)? {
        guard i > 0, let p = points(i) else { return nil }
        return rows(p.y, p.y, reach: Float(points.line.miterReach) + 2)
    }

    private static func rows(_ top: Float, _ bottom: Float, reach: Float) -> (Int, Int)? {
        guard !top.isNaN, !bottom.isNaN, !reach.isNaN else { return nil }
        return (PixelWindow.below(top - reach), PixelWindow.above(bottom + reach))
    }

    /// Draws the listed segments and joins (ascending indices) of the line inside `area`, into `coverage` (one
    /// byte per pixel of the band's rows, all zero on entry and again on return), then composites the colour once
    /// over the pixels the stroke touched.
    static func draw(_ points: Points, segments: [Int32], joins: [Int32], area: PixelRect, band: Band,
                     coverage: UnsafeMutablePointer<UInt8>) {
        let line = points.line
        guard points.count >= 2, !segments.isEmpty else { return }
        let hw = Float(line.width / 2)
        let cap = StrokeEnd(cap: line.cap)
        // A dashed line's corners are round: its segments' discs carry the pattern round the corner.
        let shared = line.dash == nil ? StrokeEnd(join: line.join) : .round
        let distances = line.dash == nil ? [] : line.arcLengths()
        let pattern = line.dash?.lengths ?? .zero
        let dash = raster_dash(on1: pattern.x, off1: pattern.y, on2: pattern.z, off2: pattern.w)
        let hard = !line.antialias
        let scratch = raster_coverage(bytes: coverage, width: band.width, top: band.top)
        let limit = raster_window(x0: area.x, x1: area.x + area.width, y0: max(area.y, band.top), y1: min(area.y + area.height, band.bottom))
        var touched = raster_window(x0: 0, x1: 0, y0: 0, y1: 0)
        let style = raster_stroke_style(hw: hw, cap: Int32(cap.rawValue), shared: Int32(shared.rawValue), hard: hard,
                                        dashed: line.dash != nil, dash: dash, distances: nil, bevel: line.join == .bevel,
                                        miterLimit: Float(line.miterLimit))
        points.xs.withUnsafeBufferPointer { xs in
            points.ys.withUnsafeBufferPointer { ys in
                let pixels = raster_points(xs: xs.baseAddress, ys: ys.baseAddress, count: points.count)
                distances.withUnsafeBufferPointer { distances in
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
