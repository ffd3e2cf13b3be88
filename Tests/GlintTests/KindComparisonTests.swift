import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Nothing outside `Sources/GlintCore/Marks/` asks which kind a series is: the spec, the layout, the database
/// readers, the server and the rest ask the kind's definition (`MarkDefinition`), so a new kind is one folder and
/// the registry.
@Suite struct KindComparisonTests {
    /// Whether `line` compares something with a registered kind by name, or lists kinds by name, on a line about a
    /// kind: `kind == .heatmap`, `.pie != s.kind`, `o.choice("type", as: SeriesKind.self) == .histogram`,
    /// `[.heatmap, .contour].contains(kind)`, `let valued: Set<SeriesKind> = [.density, .hexbin]`. (A `switch`
    /// over a kind is not told from one over a legend's or a polar shape's, whose cases share the names; a switch
    /// over `SeriesKind`, an open set, needs a `default` that review would question.)
    static func comparisons(in line: Substring, kinds: [String]) -> Bool {
        guard line.range(of: #"kind|"type""#, options: [.regularExpression, .caseInsensitive]) != nil else { return false }
        let names = kinds.joined(separator: "|")
        let patterns = [#"(==|!=)\s*\.("# + names + #")\b"#, #"\.("# + names + #")\s*(==|!=)"#,
                        #"\[\s*\.("# + names + #")(\s*,\s*\.("# + names + #"))*\s*\]"#]
        return patterns.contains { line.range(of: $0, options: .regularExpression) != nil }
    }

    @Test func theRecognizerFindsEachForm() {
        let kinds = ["heatmap", "contour", "pie", "histogram", "density", "hexbin"]
        for line in ["if kind == .heatmap {", "guard s.kind != .pie else", "[.heatmap, .contour].contains(kind)", ".pie == series.kind",
                     #"} else if try o.choice("type", as: SeriesKind.self) == .histogram {"#, "let valued: Set<SeriesKind> = [.density, .hexbin]"] {
            #expect(Self.comparisons(in: Substring(line), kinds: kinds), "\(line)")
        }
        for line in ["if shape == .area {", "kind.dataShape == .grid", "case .heatmap:", "guard legend.position == .pie"] {
            #expect(!Self.comparisons(in: Substring(line), kinds: kinds), "\(line)")
        }
    }

    /// Refusals that name the kinds taking an option list them from the registry: what takes a step, a band, error
    /// bars, and what a polar chart draws.
    @Test func refusalsListTheKindsFromTheRegistry() {
        func reason(_ chart: Chart) -> String {
            do { try chart.validate() } catch { return "\(error)" }
            return ""
        }
        var stepped = Series(kind: .dots, x: [0, 1], y: [1, 2])
        stepped.line.step = .post
        #expect(reason(Chart(series: [stepped])).contains("only lines step; a dots series cannot take \"post\""))
        var banded = Series(kind: .bars, x: [0, 1], y: [1, 2])
        banded.band = BandStyle(lower: Column([0.0, 1]), upper: Column([2.0, 3]))
        #expect(reason(Chart(series: [banded])).contains("bands go around lines and dot series; this series is a bars"))
        var polar = Chart(series: [Series(kind: .histogram, x: [0, 1], y: [1, 2])])
        polar.polar = PolarAxes()
        #expect(reason(polar).contains("a polar chart draws lines, dot series, bars and areas; draw this histogram series"))
    }

    /// Every target that sees the model (painters do not: they draw scenes) is scanned, but for the marks' folder.
    @Test func noKindIsComparedOutsideMarks() throws {
        let graph = try ModuleGraphTests.graph.get(), paths = try ModuleGraphTests.paths.get()
        let kinds = SeriesKind.allCases.map(\.rawValue)
        let seeing = graph.keys.filter { $0 == "GlintModel" || ModuleGraphTests.closure(of: $0, in: graph).contains("GlintModel") }
        let marks = repositoryRoot.appendingPathComponent("Sources/GlintCore/Marks").standardizedFileURL.path + "/"
        var scanned = 0
        for target in seeing.sorted() {
            guard let folder = paths[target], folder.hasPrefix("Sources/") else { continue }
            let files = FileManager.default.enumerator(at: repositoryRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift", !file.standardizedFileURL.path.hasPrefix(marks) else { continue }
                scanned += 1
                for (n, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && Self.comparisons(in: line, kinds: kinds) {
                    Issue.record("\(target)'s \(file.lastPathComponent):\(n + 1) compares a series' kind by name: \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(scanned > 100, "scanned \(scanned) files")
    }
}
