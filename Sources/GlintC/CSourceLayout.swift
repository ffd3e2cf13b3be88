import Glint

/// The C structs of include/glint.h's sources and partial aggregates, read and written at their offsets on LP64
/// Linux (as `CColumns.Layout` reads `glint_column`): no Swift type crosses the boundary.
enum CSourceLayout {
    /// `glint_pixel_mapping`: double origin_x, scale_x, origin_y, scale_y; float offset_x, offset_y.
    static func mapping(_ p: UnsafeRawPointer) -> PixelMapping {
        PixelMapping(originX: p.load(as: Double.self), scaleX: p.load(fromByteOffset: 8, as: Double.self),
                     offsetX: p.load(fromByteOffset: 32, as: Float.self), originY: p.load(fromByteOffset: 16, as: Double.self),
                     scaleY: p.load(fromByteOffset: 24, as: Double.self), offsetY: p.load(fromByteOffset: 36, as: Float.self))
    }

    static func store(_ m: PixelMapping, _ p: UnsafeMutableRawPointer) {
        p.storeBytes(of: m.originX, as: Double.self)
        p.storeBytes(of: m.scaleX, toByteOffset: 8, as: Double.self)
        p.storeBytes(of: m.originY, toByteOffset: 16, as: Double.self)
        p.storeBytes(of: m.scaleY, toByteOffset: 24, as: Double.self)
        p.storeBytes(of: m.offsetX, toByteOffset: 32, as: Float.self)
        p.storeBytes(of: m.offsetY, toByteOffset: 36, as: Float.self)
    }

    /// `glint_density_cells`: the mapping, then int32 x, y, width, height.
    static let cellsSize = 56

    static func cells(_ p: UnsafeRawPointer) throws -> DensityCells {
        let (x, y, w, h) = (p.load(fromByteOffset: 40, as: Int32.self), p.load(fromByteOffset: 44, as: Int32.self),
                            p.load(fromByteOffset: 48, as: Int32.self), p.load(fromByteOffset: 52, as: Int32.self))
        guard w > 0, h > 0, Int(w) * Int(h) <= ImageLimits.maxPixels else {
            throw CArgumentError("the density cells are \(w) × \(h); expected 1 to \(ImageLimits.maxPixels) pixels")
        }
        return DensityCells(mapping: mapping(p), window: PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
    }

    static func store(_ c: DensityCells, _ p: UnsafeMutableRawPointer) {
        store(c.mapping, p)
        for (i, v) in [c.window.x, c.window.y, c.window.width, c.window.height].enumerated() {
            p.storeBytes(of: Int32(clamping: v), toByteOffset: 40 + 4 * i, as: Int32.self)
        }
    }

    /// `glint_m4_buckets`: the mapping, then int32 first_column, columns, subdivisions, count (the buckets: columns ×
    /// subdivisions + 2).
    static let bucketsSize = 56

    static func buckets(_ p: UnsafeRawPointer) throws -> M4Buckets {
        let (first, columns, subdivisions, count) = (Int(p.load(fromByteOffset: 40, as: Int32.self)), Int(p.load(fromByteOffset: 44, as: Int32.self)),
                                                     Int(p.load(fromByteOffset: 48, as: Int32.self)), Int(p.load(fromByteOffset: 52, as: Int32.self)))
        guard columns > 0, subdivisions >= 1, subdivisions <= 64, columns <= ImageLimits.maxSide + 1024,
              count == columns * subdivisions + 2 else {
            throw CArgumentError("the M4 buckets (\(columns) columns of \(subdivisions) sub-columns, count \(count)) do not describe buckets")
        }
        return M4Buckets(mapping: mapping(p), columns: first..<(first + columns), subdivisions: subdivisions)
    }

    static func store(_ b: M4Buckets, _ p: UnsafeMutableRawPointer) {
        store(b.mapping, p)
        for (i, v) in [b.columns.lowerBound, b.columns.count, b.subdivisions, b.count].enumerated() {
            p.storeBytes(of: Int32(clamping: v), toByteOffset: 40 + 4 * i, as: Int32.self)
        }
    }

    /// `glint_source_extent`: int64 count, gaps; double x_min, x_max, y_min, y_max.
    static let extentSize = 48

    /// A `glint_source_extent` read: the rows with a finite x and y, the gaps, and the bounds (meaningless while
    /// count is 0).
    struct Extent {
        var count: Int, gaps: Int
        var bounds: [Double]

        init(_ p: UnsafeRawPointer) {
            (count, gaps) = (Int(p.load(as: Int64.self)), Int(p.load(fromByteOffset: 8, as: Int64.self)))
            bounds = (0..<4).map { p.load(fromByteOffset: 16 + 8 * $0, as: Double.self) }
        }

        func store(_ p: UnsafeMutableRawPointer) {
            p.storeBytes(of: Int64(count), as: Int64.self)
            p.storeBytes(of: Int64(gaps), toByteOffset: 8, as: Int64.self)
            for (i, v) in bounds.enumerated() { p.storeBytes(of: v, toByteOffset: 16 + 8 * i, as: Double.self) }
        }
    }

    /// `glint_bucket_extremes`: int64 rows, gaps; double first_x, first_y, last_x, last_y, low_x, low_y, high_x,
    /// high_y, first_gap. Entry i is bucket i; rows 0 is an empty bucket.
    static let extremesSize = 88

    static func extremes(_ p: UnsafeRawPointer, bucket: Int) -> BucketExtremes? {
        let rows = Int(p.load(as: Int64.self))
        guard rows > 0 else { return nil }
        let v = (0..<9).map { p.load(fromByteOffset: 16 + 8 * $0, as: Double.self) }
        var e = BucketExtremes(bucket: bucket, rows: rows, gaps: Int(p.load(fromByteOffset: 8, as: Int64.self)), first: SIMD2(v[0], v[1]),
                               last: SIMD2(v[2], v[3]), low: SIMD2(v[4], v[5]), high: SIMD2(v[6], v[7]))
        e.firstGap = e.gaps > 0 ? v[8] : .nan
        return e
    }

    static func store(_ e: BucketExtremes, _ p: UnsafeMutableRawPointer) {
        p.storeBytes(of: Int64(e.rows), as: Int64.self)
        p.storeBytes(of: Int64(e.gaps), toByteOffset: 8, as: Int64.self)
        let values = [e.first.x, e.first.y, e.last.x, e.last.y, e.low.x, e.low.y, e.high.x, e.high.y, e.firstGap]
        for (i, v) in values.enumerated() { p.storeBytes(of: v, toByteOffset: 16 + 8 * i, as: Double.self) }
    }
}
