import Foundation
import GlintCore

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
        dates = DateText(timeZone: TimeZone(identifier: axis.timeZone) ?? TimeZone(secondsFromGMT: 0)!)
        switch try o?.string("unit") {
        case nil, "ms"?: unit = 1
        case "s"?: unit = 1000
        case let other?:
            throw GlintError.badData("\(o?.childPath("unit") ?? "x.unit"): expected \"ms\" or \"s\", found \"\(other)\"")
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

    /// CSV cells in milliseconds: dates as text, or numbers in `unit`; an empty cell is a gap.
    func milliseconds(of cells: [String?], path: String, file: String) throws -> [Double] {
        try cells.enumerated().map { i, cell in
            guard let cell else { return .nan }
            // Dates first: no number reads as a date (a date has a separator after four digits), and most cells
            // of a date column are dates.
            if let ms = dates.milliseconds(cell) { return ms }
            if let number = Double(cell) { return number * unit }
            return try parse(cell, at: "\(path): \(file) data row \(i + 1)")
        }
    }

    private func parse(_ text: String, at place: String) throws -> Double {
        guard let ms = dates.milliseconds(text) else {
            throw GlintError.badData("\(place): \"\(text)\" is not a date (ISO 8601 like 2012-01-01 or 2012-01-01T13:00:00Z, or YYYY/MM/DD)")
        }
        return ms
    }
}
