import Foundation
import Glint
import Testing

/// Every key that names a column reads it from either source — the series' CSV file, or the columns handed over with
/// the spec (numpy arrays from Python, C arrays, the server's parts) — and draws what the same values given inline
/// draw, pixel for pixel. (A colour column, a split, labels, error bars and bands once read CSV files only: a
/// DataFrame's text column had to go through JSON as a list.)
@Suite struct ColumnSourceTests {
    static let x: [Double] = [0, 1, 2, 3, 4, 5]
    static let y: [Double] = [3, 1, 4, 1, 5, 9]
    static let kind = ["a", "b", "a", "c", "b", "a"]
    static let err: [Double] = [0.5, 0.25, 1, 0.5, 0.75, 1.5]

    /// One key: the series' keys with the values inline, and with a column name in their place.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let type: String
        let inline: String
        let named: String
        /// Whether the series names its labels in `data` (a pie's slice names).
        var labels = false
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "categorical colour column", type: "dots", inline: #""color": {"categories": \#(json(kind)), "palette": "tableau10"}"#,
             named: #""color": {"column": "kind", "palette": "tableau10"}"#),
        Case(name: "numeric colour column", type: "dots", inline: #""color": {"values": \#(json(err)), "palette": "viridis"}"#,
             named: #""color": {"column": "err", "palette": "viridis"}"#),
        Case(name: "split column", type: "line", inline: #""split": \#(json(kind))"#, named: #""split": "kind""#),
        Case(name: "pie labels", type: "pie", inline: #""labels": \#(json(kind)), "aggregate": "sum""#, named: #""aggregate": "sum""#, labels: true),
        Case(name: "error bar column", type: "bars", inline: #""errorBars": {"y": \#(json(err))}"#, named: #""errorBars": {"y": "err"}"#),
        Case(name: "band columns", type: "line", inline: #""band": {"lower": \#(json(zip(y, err).map { $0 - $1 })), "upper": \#(json(zip(y, err).map { $0 + $1 }))}"#,
             named: #""band": {"lower": "low", "upper": "high"}"#),
    ]

    static func json(_ values: [Double]) -> String { "[" + values.map { "\($0)" }.joined(separator: ", ") + "]" }
    static func json(_ names: [String]) -> String { "[" + names.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// The series drawn with `keys`, its points inline or named in `data` (with a CSV `file`, or none: the columns
    /// handed over).
    static func spec(_ c: Case, keys: String, data file: String??) -> String {
        let points: String
        switch file {
        case nil: points = c.type == "pie" ? #""y": \#(json(y))"# : #""x": \#(json(x)), "y": \#(json(y))"#
        case let .some(file):
            let csv = file.map { #""csv": "\#($0)", "# } ?? ""
            let xy = c.type == "pie" ? #""y": "y""# : #""x": "x", "y": "y""#
            points = #""data": {\#(csv)\#(xy)\#(c.labels ? #", "labels": "kind""# : "")}"#
        }
        return #"{"width": 320, "height": 200, "series": [{"type": "\#(c.type)", \#(points), \#(keys)}]}"#
    }

    /// The same rows as the columns handed over: numbers, and `kind` as categories.
    static var supplied: SuppliedColumns {
        var columns = SuppliedColumns()
        let named: [(String, [Double])] = [("x", x), ("y", y), ("err", err), ("low", zip(y, err).map { $0 - $1 }), ("high", zip(y, err).map { $0 + $1 })]
        for (name, values) in named { try! columns.add(name, .numbers(Column(values)), path: name) }
        let names = ["a", "b", "c"]
        try! columns.add("kind", .categories(codes: kind.map { Int32(names.firstIndex(of: $0)!) }, names: names), path: "kind")
        return columns
    }

    @Test(arguments: cases)
    func aColumnKeyDrawsAlikeFromEverySource(_ c: Case) throws {
        let renderer = try Shared.renderer(.cpu)
        let inline = try renderer.render(decodeSpec(Self.spec(c, keys: c.inline, data: nil)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glint-columns-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rows = Self.x.indices.map { i in
            "\(Self.x[i]),\(Self.y[i]),\(Self.kind[i]),\(Self.err[i]),\(Self.y[i] - Self.err[i]),\(Self.y[i] + Self.err[i])"
        }
        try (["x,y,kind,err,low,high"] + rows).joined(separator: "\n").write(to: folder.appendingPathComponent("t.csv"), atomically: true, encoding: .utf8)
        let fromCSV = try renderer.render(ChartSpec.decode(Array(Self.spec(c, keys: c.named, data: .some("t.csv")).utf8), relativeTo: folder.path))
        let handedOver = try renderer.render(ChartSpec.decode(Array(Self.spec(c, keys: c.named, data: .some(nil)).utf8), files: .none,
                                                              columns: Self.supplied))
        #expect(fromCSV.pixels == inline.pixels, "\(c.name): the CSV column draws otherwise than inline values")
        #expect(handedOver.pixels == inline.pixels, "\(c.name): the column handed over draws otherwise than inline values")
    }

    /// A column key that names no column says which columns there are, whichever source it reads.
    @Test func aMissingColumnListsTheColumnsGiven() throws {
        let spec = #"{"series": [{"type": "dots", "data": {"x": "x", "y": "y"}, "color": {"column": "knd", "palette": "tableau10"}}]}"#
        do {
            _ = try ChartSpec.decode(Array(spec.utf8), files: .none, columns: Self.supplied)
            Issue.record("a missing column was read")
        } catch let error as GlintError {
            #expect("\(error)".hasPrefix(#"series[0].color.column: no column named "knd": the columns given are "x", "y", "err", "low", "high", "kind""#), "\(error)")
        }
    }
}
