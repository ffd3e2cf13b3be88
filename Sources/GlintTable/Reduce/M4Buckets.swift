import GlintScales
/// The buckets M4 sorts a line's points into: the pixel columns `columns` of `mapping`, each split into
/// `subdivisions` equal sub-columns, plus one bucket for everything left of them and one for everything right.
/// A point's sub-column is computed in exactly the painters' arithmetic (`PixelMapping`, then Float32), so the
/// buckets are the columns the painters draw into — whether M4 runs here or inside a database.
public struct M4Buckets: Sendable, Equatable {
    /// Pixel x to pixel columns, as the painters map.
    public let mapping: PixelMapping
    /// The pixel columns with one bucket per sub-column.
    public let columns: Range<Int>
    /// Sub-columns per pixel column (at least 1).
    public let subdivisions: Int

    /// Buckets over `columns` of `mapping`, `subdivisions` per column.
    public init(mapping: PixelMapping, columns: Range<Int>, subdivisions: Int) {
        (self.mapping, self.columns, self.subdivisions) = (mapping, columns, max(1, subdivisions))
    }

    /// The buckets a long sorted line of `width` pixels (stroke width) and `antialias` is decimated into on
    /// `plot`: its columns plus a margin wide enough for the stroke; 16 sub-columns when anti-aliased.
    public init(transform: DataTransform, plot: PixelRect, lineWidth: Double, antialias: Bool) {
        let margin = Int(saturating: (lineWidth / 2).rounded(.up)) + 2
        self.init(mapping: PixelMapping(transform), columns: Range(checked: plot.x - margin, plot.x + plot.width + margin),
                  subdivisions: antialias ? M4Decimation.antialiasedSubdivisions : 1)
    }

    /// The first sub-column inside the columns.
    public var firstSubColumn: Int { columns.lowerBound * subdivisions }
    /// The number of buckets: one per sub-column, and one on each side.
    public var count: Int { columns.count * subdivisions + 2 }
    /// Lines with more points than this are decimated; M4 keeps at most this many (4 per bucket) without gaps.
    public var pointLimit: Int { 4 * count }

    /// The sub-column of a finite x: `floor(Float32(pixel x) × subdivisions)`, clamped to ±1e9 (Int.max for NaN).
    @inline(__always)
    public func subColumn(_ x: Double) -> Int {
        let p = mapping.x(x) * Float(subdivisions)
        return p.isNaN ? Int.max : WholeNumbers.below(p)
    }

    /// The bucket of a finite x: 0 left of the columns, 1 ... `count` - 2 inside, `count` - 1 right of them.
    @inline(__always)
    public func bucket(_ x: Double) -> Int {
        min(max(subColumn(x) - firstSubColumn + 1, 0), count - 1)
    }

    /// Whether bucket `b` lies outside the columns (M4 keeps only its first and last point).
    public func isEdge(_ b: Int) -> Bool { b == 0 || b == count - 1 }
}
