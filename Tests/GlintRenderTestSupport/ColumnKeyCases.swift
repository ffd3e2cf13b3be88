import Glint
import Testing

/// The keys that name a column beside x and y, each as a series gives it with its values inline and with a column
/// name in their place, over six rows (`x`, `y`, a category `kind`, `err`, and `low`/`high` = y ∓ err): what every
/// source of a table — a CSV file, a `.npz` archive, columns handed over, a database's rows — must draw alike.
public enum ColumnKeyCases {
    public static let x: [Double] = [0, 1, 2, 3, 4, 5]
    public static let y: [Double] = [3, 1, 4, 1, 5, 9]
    public static let kind = ["a", "b", "a", "c", "b", "a"]
    public static let err: [Double] = [0.5, 0.25, 1, 0.5, 0.75, 1.5]
    public static var low: [Double] { zip(y, err).map { $0 - $1 } }
    public static var high: [Double] { zip(y, err).map { $0 + $1 } }

    /// One key: the series' keys with the values inline, and with a column name in their place.
    public struct Case: CustomTestStringConvertible, Sendable {
        public let name: String
        public let type: String
        public let inline: String
        public let named: String
        /// Whether the series names its labels in `data` (a pie's slice names).
        public var labels = false
        public var testDescription: String { name }

        /// A case named `name` of a series of `type`.
        public init(name: String, type: String, inline: String, named: String, labels: Bool = false) {
            (self.name, self.type, self.inline, self.named, self.labels) = (name, type, inline, named, labels)
        }
    }

    public static let cases = [
        Case(name: "categorical colour column", type: "dots", inline: #""color": {"categories": \#(json(kind)), "palette": "tableau10"}"#,
             named: #""color": {"column": "kind", "palette": "tableau10"}"#),
        Case(name: "numeric colour column", type: "dots", inline: #""color": {"values": \#(json(err)), "palette": "viridis"}"#,
             named: #""color": {"column": "err", "palette": "viridis"}"#),
        Case(name: "split column", type: "line", inline: #""split": \#(json(kind))"#, named: #""split": "kind""#),
        Case(name: "pie labels", type: "pie", inline: #""labels": \#(json(kind)), "aggregate": "sum""#, named: #""aggregate": "sum""#, labels: true),
        Case(name: "error bar column", type: "bars", inline: #""errorBars": {"y": \#(json(err))}"#, named: #""errorBars": {"y": "err"}"#),
        Case(name: "band columns", type: "line", inline: #""band": {"lower": \#(json(low)), "upper": \#(json(high))}"#,
             named: #""band": {"lower": "low", "upper": "high"}"#),
    ]

    public static func json(_ values: [Double]) -> String { "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }
    public static func json(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// The spec of case `c` drawn with `keys`, its points inline (`data` nil) or named in a data object holding
    /// `data`'s keys first (`"csv": "t.csv"`, a database's `"table"` and `"db"`, or nothing: the columns handed over).
    public static func spec(_ c: Case, keys: String, data: String??) -> String {
        let points: String
        switch data {
        case nil: points = c.type == "pie" ? #""y": \#(json(y))"# : #""x": \#(json(x)), "y": \#(json(y))"#
        case let .some(source):
            let given = source.map { $0 + ", " } ?? ""
            let xy = c.type == "pie" ? #""y": "y""# : #""x": "x", "y": "y""#
            points = #""data": {\#(given)\#(xy)\#(c.labels ? #", "labels": "kind""# : "")}"#
        }
        return #"{"width": 320, "height": 200, "series": [{"type": "\#(c.type)", \#(points), \#(keys)}]}"#
    }
}
