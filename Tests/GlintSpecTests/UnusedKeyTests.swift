import Foundation
import Glint
import Testing

/// Each kind says which of the keys every series takes it has no use for, and why (`SeriesKind.unusedKeys`); the
/// spec refuses them at their path before it reads the series' data.
@Suite struct UnusedKeyTests {
    /// The examples' folder, whose `cars.csv` a data object names.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Examples").standardized.path

    static func error(_ series: String) -> GlintError? {
        do {
            _ = try ChartSpec.decode(Array(#"{"series": [{\#(series)}]}"#.utf8), relativeTo: examples)
            return nil
        } catch {
            return error as? GlintError
        }
    }

    @Test(arguments: SeriesKind.allCases.filter { !$0.unusedKeys.isEmpty })
    func everyUnusedKeyIsRefusedWithItsKindsReason(kind: SeriesKind) throws {
        let (keys, reason) = (kind.unusedKeys, kind.unusedKeysReason)
        #expect(!reason.isEmpty, "\(kind.rawValue) refuses keys without saying why")
        for key in keys {
            let field = key.hasPrefix("data.") ? #""data": {"csv": "cars.csv", "y": "Miles_per_Gallon", "\#(key.dropFirst(5))": "Horsepower"}"# : #""\#(key)": 1"#
            let error = try #require(Self.error(#""type": "\#(kind.rawValue)", \#(field)"#), "\(kind.rawValue) takes \(key)")
            let message = #"a \#(kind.rawValue) takes no "\#(key.replacing("data.", with: ""))": \#(reason)"#
            #expect(error == GlintError.badValue(path: "series[0].\(key)", message: message), "\(key): \(error)")
        }
    }

    @Test func aPieReadsItsOwnKeysAndRefusesOneColour() throws {
        let spec = #"{"series": [{"type": "pie", "y": [1, 2], "inner": 0.5, "startAngle": 90, "sliceLabels": "value", "strokeWidth": 0}]}"#
        let chart = try ChartSpec.decode(Array(spec.utf8), relativeTo: ".")
        let pie = try #require(chart.series.first)
        #expect(pie.pie.inner == 0.5 && pie.pie.startAngle == 90 && pie.pie.labels == .value)
        #expect(pie.outline.color == .clear, "no parting lines when strokeWidth is 0")
        #expect(Self.error(#""type": "pie", "y": [1], "inner": 1"#)?.path == "series[0].inner")
        #expect(Self.error(#""type": "pie", "y": [1], "color": "red""#).map { "\($0)" }?.hasPrefix("series[0].color: a pie's slices take the palette") == true)
        #expect(Self.error(#""type": "line", "y": [1], "inner": 0.5"#)
                == GlintError.badValue(path: "series[0].inner", message: #"only pies take "inner"; this series is a line ("type": "pie")"#))
    }
}
