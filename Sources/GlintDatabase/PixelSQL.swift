import GlintCore

/// How an engine's SQL writes the few operations of the painters' pixel arithmetic. The bucket and cell
/// expressions built from them (`pixel`, `bucket`, `densityCell`) compute, in the engine, bit for bit what
/// `PixelMapping`, `M4Buckets` and `DensityCells` compute: the offset from the origin scaled in Float64 (halves,
/// then the scale, then doubled), clamped to ±1e30 px, rounded to Float32, the origin's pixel added (and a bucket's
/// sub-column factor applied) in Float32 arithmetic, each operation rounded once.
public protocol PixelSQLDialect {
    /// A Float64 constant that reads back as exactly `v`.
    static func constant(_ v: Double) -> String
    /// A Float32 constant that reads back as exactly `v`.
    static func constant(_ v: Float) -> String
    /// The Float64 expression `e` rounded to Float32.
    static func rounded(_ e: String) -> String
    /// The Float32 sum of two Float32 expressions, rounded once.
    static func sum(_ a: String, _ b: String) -> String
    /// The Float32 product of two Float32 expressions, rounded once.
    static func product(_ a: String, _ b: String) -> String
    /// The Float32 expression `e` as Float64 (exactly).
    static func widened(_ e: String) -> String
    /// A whole-valued Float64 expression as a 64-bit integer.
    static func integer(_ e: String) -> String
}

extension PixelSQLDialect {
    /// The Float32 pixel position of the Float64 expression `v` on one axis, as `PixelMapping` computes it.
    public static func pixel(_ v: String, origin: Double, scale: Double, offset: Float) -> String {
        let two = constant(2.0)
        let scaled = "((((\(v)) / \(two) - \(constant(origin / 2))) * \(constant(scale))) * \(two))"
        let clamped = "least(greatest(\(scaled), \(constant(-PixelMapping.limit))), \(constant(PixelMapping.limit)))"
        return sum(rounded(clamped), constant(offset))
    }

    /// The M4 bucket of the Float64 expression `x`, as `M4Buckets.bucket` computes it: the pixel times the
    /// sub-column factor in Float32, floored, and clamped to the buckets before it becomes an integer.
    public static func bucket(_ x: String, _ b: M4Buckets) -> String {
        let m = b.mapping
        let pixel = product(self.pixel(x, origin: m.originX, scale: m.scaleX, offset: m.offsetX), constant(Float(b.subdivisions)))
        return integer("least(greatest(floor(\(widened(pixel))) - \(b.firstSubColumn - 1), 0), \(b.count - 1))")
    }

    /// The density cell of a row whose values `x` and `y` lie within the cells' `scaleSpaceBounds`, as
    /// `DensityCells.index` computes it: column floor(px), row ceil(py) - 1, the right and top edges closed (the
    /// edges pulled in, so each pixel position is computed once).
    public static func densityCell(x: String, y: String, _ cells: DensityCells) -> String {
        let (m, w) = (cells.mapping, cells.window)
        let px = widened(pixel(x, origin: m.originX, scale: m.scaleX, offset: m.offsetX))
        let py = widened(pixel(y, origin: m.originY, scale: m.scaleY, offset: m.offsetY))
        let column = "least(\(integer("floor(\(px))")), \(w.x + w.width - 1)) - \(w.x)"
        let row = "greatest(\(integer("ceil(\(py))")) - 1, \(w.y)) - \(w.y)"
        return "(\(row)) * \(w.width) + (\(column))"
    }
}
