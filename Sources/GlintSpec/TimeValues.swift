import FoundationEssentials
import Glibc
import GlintCore
import GlintData

/// The x values of a spec's time axis: numbers are epoch milliseconds (or seconds with `"unit": "s"`), text is a
/// date or date-time (`DateText`) in the axis's time zone unless it carries an offset.
struct TimeValues {
    /// Whether the x axis is a time axis.
    let isActive: Bool
    /// What a number is multiplied by to give milliseconds.
    let unit: Double
    private let dates: DateText

    /// Reads the x axis's `unit` (`"ms"`, the default, or `"s"`).
    init(_ o: SpecObject?, axis: Axis) throws {
        isActive = axis.scale == .time
        dates = DateText(timeZone: ZoneRules.named(axis.timeZone) ?? .utc)
        switch try o?.string("unit") {
        case nil, "ms"?: unit = 1
        case "s"?: unit = 1000
        case let other?:
            throw GlintError.badValue(path: o?.childPath("unit") ?? "x.unit", message: "expected \"ms\" or \"s\", found \"\(other)\"")
        }
    }

    /// Inline x values in milliseconds, when `value` is an array: dates as text, numbers in `unit`; nil when it is not.
    func milliseconds(of value: JSONValue?, path: String) throws -> [Double]? {
        guard case let .array(items)? = value else { return nil }
        return try items.enumerated().map { i, item in
            switch item {
            case let .number(n): return n * unit
            case .null: return .nan
            case let .string(text): return try parse(text, at: "\(path)[\(i)]")
            default: throw SpecObject.mismatch("\(path)[\(i)]", expected: "a date or a number", found: item)
            }
        }
    }

    /// Reads a CSV column of the time axis in the parallel numeric pass, from each cell's bytes: a date (or
    /// date-time) in milliseconds, or a number in `unit`.
    var cellReader: CSVFile.CellReader {
        let (dates, unit) = (dates, unit)
        return CSVFile.CellReader(expected: "a date (ISO 8601 like 2012-01-01 or 2012-01-01T13:00:00Z, or YYYY/MM/DD) or a number") { bytes in
            // Four digits and a separator start a date; anything else is tried as a number.
            if bytes.count >= 8, bytes[4] == UInt8(ascii: "-") || bytes[4] == UInt8(ascii: "/") { return dates.milliseconds(utf8: bytes) }
            return TimeValues.number(bytes).map { $0 * unit }  // NaN stays NaN
        }
    }

    /// A decimal number written in `bytes`, through the CSV number parser (correctly rounded, no `String`); a gap
    /// word (`NaN`, `null`, `NA`, an infinity) is a gap, as in a numeric column; nil when it is neither.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        switch DecimalParser.parse(bytes) {
        case let .number(value): return value
        case .gap: return .nan
        case .overflow, .invalid: return nil
        }
    }

    private func parse(_ text: String, at place: String) throws -> Double {
        guard let ms = dates.milliseconds(text) else {
            throw GlintError.badValue(path: place, message: "\"\(text)\" is not a date (ISO 8601 like 2012-01-01 or 2012-01-01T13:00:00Z, or YYYY/MM/DD)")
        }
        return ms
    }
}
