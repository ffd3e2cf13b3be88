import GlintCore
import FoundationEssentials
import Glibc

/// A JSON object of the spec, read with its JSON path so every error says where it is.
/// Unknown keys are errors that list the valid ones: a typo must not vanish silently.
struct SpecObject {
    /// Where the object is, e.g. `series[2]` (empty at the top level).
    let path: String
    private var fields: [String: JSONValue]

    /// Reads `value` as an object whose keys must all be in `allowed`.
    init(_ value: JSONValue, path: String, allowed: [String]) throws {
        guard case let .object(pairs) = value else {
            throw SpecObject.mismatch(path.isEmpty ? "the spec" : path, expected: "an object", found: value)
        }
        self.path = path
        fields = Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for (key, _) in pairs where !allowed.contains(key) {
            let hint = SpecObject.closest(key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
            throw GlintError.badValue(path: childPath(key), message: "unknown key\(hint); valid keys: \(allowed.sorted().joined(separator: ", "))")
        }
    }

    /// The object with `key` set to `value`, or removed when `value` is nil, at the same path (its keys are not
    /// checked again).
    func with(_ key: String, _ value: JSONValue?) -> SpecObject {
        var copy = self
        copy.fields[key] = value
        return copy
    }

    /// The object as a JSON value (its keys in sorted order).
    var value: JSONValue { .object(keys.map { ($0, fields[$0]!) }) }

    /// The path of a key of this object.
    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Whether the key is present (null counts as present).
    func has(_ key: String) -> Bool { fields[key] != nil }

    /// The keys present, sorted.
    var keys: [String] { fields.keys.sorted() }

    /// The raw value of a key, nil when absent.
    func raw(_ key: String) -> JSONValue? { fields[key] }

    /// Whether the value of `key` is a string.
    func isText(_ key: String) -> Bool {
        if case .string? = fields[key] { true } else { false }
    }

    func string(_ key: String) throws -> String? {
        guard let v = fields[key] else { return nil }
        guard case let .string(s) = v else { throw SpecObject.mismatch(childPath(key), expected: "a string", found: v) }
        return s
    }

    func number(_ key: String) throws -> Double? {
        guard let v = fields[key] else { return nil }
        guard case let .number(n) = v else { throw SpecObject.mismatch(childPath(key), expected: "a number", found: v) }
        return try SpecObject.finite(n, path: childPath(key))
    }

    /// A number within `limit` (the table `Chart.validate()` checks too), or an error naming the key and the range.
    func number(_ key: String, within limit: ChartLimit) throws -> Double? {
        try number(key).map { try SpecObject.checked($0, limit, path: childPath(key)) }
    }

    /// A whole number within `limit` (whose bounds are whole and within Int's range), or an error naming the key.
    func integer(_ key: String, within limit: ChartLimit) throws -> Int? {
        guard let n = try number(key, within: limit) else { return nil }
        guard n == n.rounded() else {
            throw GlintError.badValue(path: childPath(key), message: "expected a whole number, found \(n)")
        }
        return Int(n)
    }

    /// `n` when it lies within `limit`, else an error naming `path` and the range.
    static func checked(_ n: Double, _ limit: ChartLimit, path: String) throws -> Double {
        do {
            return try limit.checked(n, at: path)
        } catch let error as ChartError {
            throw error.glintError
        }
    }

    func bool(_ key: String) throws -> Bool? {
        guard let v = fields[key] else { return nil }
        guard case let .bool(b) = v else { throw SpecObject.mismatch(childPath(key), expected: "true or false", found: v) }
        return b
    }

    /// One of a fixed set of words, e.g. a legend position.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let word = try string(key) else { return nil }
        guard let value = T(rawValue: word) else {
            let words = T.allCases.map(\.rawValue)
            let meant = SpecObject.otherLibraries[word.lowercased()].flatMap { words.contains($0) ? $0 : nil }
                ?? SpecObject.closest(word, in: words, maxDistance: 1)
            throw GlintError.badValue(path: childPath(key), message: "expected one of \(words.map { "\"\($0)\"" }.joined(separator: ", ")), "
                                      + "found \"\(BoundedText.line(word, limit: 64))\"\(meant.map { " (did you mean \"\($0)\"?)" } ?? "")")
        }
        return value
    }

    /// Words other plotting libraries use for a choice Glint names otherwise (matplotlib's and plotly's "scatter",
    /// Vega-Lite's "bar"), and what Glint calls it; offered when the word is not one of the choices.
    static let otherLibraries = ["scatter": "dots", "point": "dots", "points": "dots", "circle": "dots", "bar": "bars", "column": "bars",
                                 "hist": "histogram", "candle": "candlestick", "candles": "candlestick", "lines": "line", "rect": "heatmap",
                                 "arc": "pie", "donut": "pie"]

    /// An array of numbers; null entries are gaps (NaN).
    func numbers(_ key: String) throws -> [Double]? {
        guard let v = fields[key] else { return nil }
        return try SpecObject.numbers(v, path: childPath(key))
    }

    /// An array of strings; null entries are points without a label.
    func strings(_ key: String) throws -> [String?]? {
        guard let v = fields[key] else { return nil }
        guard case let .array(items) = v else { throw SpecObject.mismatch(childPath(key), expected: "an array of strings", found: v) }
        return try items.enumerated().map { i, item in
            switch item {
            case let .string(s): return s
            case .null: return nil
            default: throw SpecObject.mismatch("\(childPath(key))[\(i)]", expected: "a string (or null for no label)", found: item)
            }
        }
    }

    /// A `[low, high]` pair.
    func pair(_ key: String) throws -> (Double, Double)? {
        guard let v = fields[key] else { return nil }
        let values = try SpecObject.numbers(v, path: childPath(key))
        guard values.count == 2, values.allSatisfy(\.isFinite) else {
            throw GlintError.badValue(path: childPath(key), message: "expected two numbers [low, high], found \(values.count) values")
        }
        return (values[0], values[1])
    }

    /// A colour string (`#RRGGBB`, `#RRGGBBAA`, `#RGB` or a CSS name).
    func color(_ key: String) throws -> Color? {
        guard let text = try string(key) else { return nil }
        guard let color = Color(parsing: text) else {
            let word = BoundedText.trimmingSpaces(text).lowercased()
            let hint = word.hasPrefix("#") ? "" : SpecObject.closest(word, in: Array(Color.named.keys), maxDistance: max(2, word.count / 3))
                .map { " (did you mean \"\($0)\"?)" } ?? ""
            throw GlintError.badValue(path: childPath(key), message: "expected a colour like \"#1f77b4\" or a CSS colour name such as "
                                     + "\"steelblue\", found \"\(text)\"\(hint)")
        }
        return color
    }

    /// A nested object with its own allowed keys.
    func object(_ key: String, allowed: [String]) throws -> SpecObject? {
        guard let v = fields[key] else { return nil }
        return try SpecObject(v, path: childPath(key), allowed: allowed)
    }

    /// The items of an array.
    func array(_ key: String) throws -> [JSONValue]? {
        guard let v = fields[key] else { return nil }
        guard case let .array(items) = v else { throw SpecObject.mismatch(childPath(key), expected: "an array", found: v) }
        return items
    }

    static func numbers(_ value: JSONValue, path: String) throws -> [Double] {
        guard case let .array(items) = value else {
            throw mismatch(path, expected: "an array of numbers", found: value)
        }
        return try items.enumerated().map { i, item in
            switch item {
            case let .number(n): return try finite(n, path: "\(path)[\(i)]")
            case .null: return .nan
            default: throw mismatch("\(path)[\(i)]", expected: "a number (or null for a gap)", found: item)
            }
        }
    }

    /// JSON numbers are finite; the parser gives infinity only for a literal too large for a Double (`1e999`),
    /// which must not become a silent gap.
    static func finite(_ n: Double, path: String) throws -> Double {
        guard n.isFinite else { throw GlintError.badValue(path: path, message: "the number is too large for a Double (beyond ±1.8e308)") }
        return n
    }

    static func mismatch(_ path: String, expected: String, found: JSONValue) -> GlintError {
        GlintError.badValue(path: path, message: "expected \(expected), found \(found.kindDescription)")
    }

    /// The allowed word nearest to a typo (edit distance at most `maxDistance`; ties go to the first in
    /// alphabetical order, so the answer does not depend on the order of `allowed`).
    static func closest(_ key: String, in allowed: [String], maxDistance: Int = 2) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in 1...max(b.count, 1) where !b.isEmpty {
                    let old = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = old
                }
            }
            return row[b.count]
        }
        // A word far longer than every allowed one is near none of them: no search (an 8 MiB word took 27 s).
        guard key.utf8.count <= (allowed.map(\.utf8.count).max() ?? 0) + maxDistance else { return nil }
        let lower = Array(key.lowercased())
        let best = allowed.sorted().map { ($0, distance(lower, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
        return best.flatMap { $0.1 <= maxDistance ? $0.0 : nil }
    }
}
