import GlintCore
import GlintDatabase

/// The ClickHouse dialect pieces of Glint's queries.
///
/// ClickHouse adds and multiplies two `Float32` values in `Float64`; rounding that result to `Float32` gives the
/// IEEE single-precision result exactly (a double holds the exact sum or product of two floats, or rounds it once
/// within half a float's last place), so `toFloat32(a + b)` is the painters' `a + b` in Float arithmetic.
enum ClickHouseSQL {
    /// `name` as a quoted identifier: `` `name` ``, backslashes and backticks escaped.
    static func identifier(_ name: String) -> String {
        "`" + BoundedText.replacing("`", with: "\\`", in: BoundedText.replacing("\\", with: "\\\\", in: name)) + "`"
    }

    /// The `FROM` item of a request's rows: the user's query as a subquery (trailing semicolons dropped), or the
    /// table, each dot-separated part quoted (`database.table`).
    static func from(_ rows: DatabaseSource.Rows) -> String {
        SQLText.from(rows, quoting: identifier)
    }

    /// The M4 bucket of the Float64 expression `x`, bit for bit what `M4Buckets.bucket` computes (see
    /// `PostgresSQL.bucket`, whose arithmetic this is): the pixel in Float32, times the sub-column factor in
    /// Float32, floored, and clamped to the buckets before it becomes an Int64.
    static func bucket(_ x: String, _ b: M4Buckets) -> String {
        let m = b.mapping
        let pixel = "toFloat32(\(self.pixel(x, origin: m.originX, scale: m.scaleX, offset: m.offsetX)) * \(float32(Float(b.subdivisions))))"
        return "toInt64(least(greatest(floor(toFloat64(\(pixel))) - \(b.firstSubColumn - 1), 0), \(b.count - 1)))"
    }

    /// The Float32 pixel position of the Float64 expression `v` on one axis, bit for bit `PixelMapping`'s: the
    /// offset from `origin` scaled in Float64 (halves, then the scale, then doubled), clamped to ±1e30 px, rounded
    /// to Float32, and the origin's pixel `offset` added in Float32.
    static func pixel(_ v: String, origin: Double, scale: Double, offset: Float) -> String {
        let scaled = "((((\(v)) / 2 - \(float64(origin / 2))) * \(float64(scale))) * 2)"
        let clamped = "least(greatest(\(scaled), \(float64(-PixelMapping.limit))), \(float64(PixelMapping.limit)))"
        return "toFloat32(toFloat32(\(clamped)) + \(float32(offset)))"
    }

    /// The density cell of a row whose values `x` and `y` lie within the cells' `scaleSpaceBounds`, as
    /// `DensityCells.index` computes it: column floor(px), row ceil(py) - 1, the right and top edges closed.
    static func densityCell(x: String, y: String, _ cells: DensityCells) -> String {
        let (m, w) = (cells.mapping, cells.window)
        let px = pixel(x, origin: m.originX, scale: m.scaleX, offset: m.offsetX), py = pixel(y, origin: m.originY, scale: m.scaleY, offset: m.offsetY)
        let column = "least(toInt64(floor(\(px))), \(w.x + w.width - 1)) - \(w.x)"
        let row = "greatest(toInt64(ceil(\(py))) - 1, \(w.y)) - \(w.y)"
        return "(\(row)) * \(w.width) + (\(column))"
    }

    /// A condition true for finite values (and only those > 0 when `positive`); NULL for NULL, which a filter or
    /// `if` reads as false.
    static func finite(_ column: String, positive: Bool = false) -> String {
        positive ? "(isFinite(\(column)) AND \(column) > 0)" : "isFinite(\(column))"
    }

    /// `column` as Float64 for its ClickHouse type `type` (numbers as they are, `DateTime`, `DateTime64` and
    /// `Date` as epoch milliseconds, `Nullable` and `LowCardinality` of those too); `DatabaseError.query` for any
    /// other type.
    static func double(_ column: String, type: String, column name: String) throws -> String {
        var type = Substring(type)
        for wrapper in ["Nullable(", "LowCardinality("] where type.hasPrefix(wrapper) && type.hasSuffix(")") {
            type = type.dropFirst(wrapper.count).dropLast()
        }
        let numbers = ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float32", "Float64"]
        if numbers.contains(String(type)) || type.hasPrefix("Decimal") { return "toFloat64(\(column))" }
        if type.hasPrefix("DateTime64") { return "toFloat64(toUnixTimestamp64Milli(\(column)))" }
        if type == "DateTime" || type.hasPrefix("DateTime(") { return "(toFloat64(toUInt32(\(column))) * 1000)" }
        if type == "Date" { return "(toFloat64(toUInt16(\(column))) * 86400000)" }
        if type.hasPrefix("String") || type.hasPrefix("FixedString") || type.hasPrefix("Enum") {
            throw DatabaseError.query("column \"\(name)\" holds text, not a number")
        }
        throw DatabaseError.query("column \"\(name)\" is of a type Glint cannot draw (\(type)); expected numbers, dates or times")
    }

    /// A Float64 constant that is exactly `v`: the shortest decimal text that reads back as `v` (ClickHouse's
    /// parser rounds correctly; `ClickHouseSessionTests` checks it), or its bits for the subnormal numbers the
    /// parser refuses.
    static func float64(_ v: Double) -> String {
        guard v.isFinite, !v.isSubnormal else {
            var bits = v.bitPattern.littleEndian
            let hex = withUnsafeBytes(of: &bits) { $0.map { byte in String(byte, radix: 16).leftPadded(to: 2) }.joined() }
            return "reinterpretAsFloat64(unhex('\(hex)'))"
        }
        return v.sign == .minus ? "(\(v))" : "\(v)"
    }

    /// A Float32 constant that is exactly `v`.
    static func float32(_ v: Float) -> String { "toFloat32(\(float64(Double(v))))" }
}

private extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
