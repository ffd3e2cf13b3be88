import GlintCore
import GlintDatabase

/// The ClickHouse dialect pieces of Glint's queries.
///
/// ClickHouse adds and multiplies two `Float32` values in `Float64`; rounding that result to `Float32` gives the
/// IEEE single-precision result exactly (a double holds the exact sum or product of two floats, or rounds it once
/// within half a float's last place), so `toFloat32(a + b)` is the painters' `a + b` in Float arithmetic
/// (`PixelSQLDialect`).
enum ClickHouseSQL: PixelSQLDialect {
    static func constant(_ v: Double) -> String { float64(v) }
    static func constant(_ v: Float) -> String { float32(v) }
    static func rounded(_ e: String) -> String { "toFloat32(\(e))" }
    static func sum(_ a: String, _ b: String) -> String { "toFloat32(\(a) + \(b))" }
    static func product(_ a: String, _ b: String) -> String { "toFloat32(\(a) * \(b))" }
    static func widened(_ e: String) -> String { "toFloat64(\(e))" }
    static func integer(_ e: String) -> String { "toInt64(\(e))" }

    /// `name` as a quoted identifier: `` `name` ``, backslashes and backticks escaped.
    static func identifier(_ name: String) -> String {
        "`" + BoundedText.replacing("`", with: "\\`", in: BoundedText.replacing("\\", with: "\\\\", in: name)) + "`"
    }

    /// The `FROM` item of a request's rows: the user's query as a subquery (trailing semicolons dropped), or the
    /// table, each dot-separated part quoted (`database.table`).
    static func from(_ rows: DatabaseSource.Rows) -> String {
        SQLText.from(rows, quoting: identifier)
    }

    /// A condition true for finite values (and only those > 0 when `positive`); NULL for NULL, which a filter or
    /// `if` reads as false.
    static func finite(_ column: String, positive: Bool = false) -> String {
        positive ? "(isFinite(\(column)) AND \(column) > 0)" : "isFinite(\(column))"
    }

    /// `column` as Float64 for its ClickHouse type `type` (numbers as they are, `DateTime`, `DateTime64` (to the
    /// millisecond), `Date` and `Date32` as epoch milliseconds, `Nullable` and `LowCardinality` of those too);
    /// `DatabaseError.query` for any other type.
    static func double(_ column: String, type: String, column name: String) throws -> String {
        let type = unwrapped(type)
        let numbers = ["Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float32", "Float64"]
        if numbers.contains(String(type)) || type.hasPrefix("Decimal") { return "toFloat64(\(column))" }
        if type.hasPrefix("DateTime64") { return "toFloat64(toUnixTimestamp64Milli(\(column)))" }
        if type == "DateTime" || type.hasPrefix("DateTime(") { return "(toFloat64(toUInt32(\(column))) * 1000)" }
        if type == "Date" { return "(toFloat64(toUInt16(\(column))) * 86400000)" }
        if type == "Date32" { return "(toFloat64(toInt32(\(column))) * 86400000)" }
        if type.hasPrefix("String") || type.hasPrefix("FixedString") || type.hasPrefix("Enum") {
            throw DatabaseError.query("column \"\(name)\" holds text, not a number")
        }
        throw DatabaseError.query("column \"\(name)\" is of a type Glint cannot draw (\(type)); expected numbers, dates or times")
    }

    /// `type` without its `Nullable` and `LowCardinality` wrappers.
    static func unwrapped(_ type: String) -> Substring {
        var type = Substring(type)
        while let wrapper = ["Nullable(", "LowCardinality("].first(where: { type.hasPrefix($0) && type.hasSuffix(")") }) {
            type = type.dropFirst(wrapper.count).dropLast()
        }
        return type
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
