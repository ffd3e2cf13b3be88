import Foundation
import Glint
import GlintRenderTestSupport
@testable import GlintSpec
import GlintVector
import Testing

/// Every mark's data at the edge of Double: each seed of the spec fuzzer (Fuzz/corpus, a spec per mark and feature)
/// with every array of numbers stretched until its largest magnitude is ±Double.greatestFiniteMagnitude — evenly
/// spaced positions stay evenly spaced, so a heatmap's cells reach past the largest Double — is decoded, laid out,
/// painted and written as SVG and PDF, or refused with an error: never a trap (a padded range that overflowed
/// once stopped the process on "Range requires lowerBound <= upperBound").
@Suite struct StretchedSeedTests {
    static let corpus = repositoryRoot.appendingPathComponent("Fuzz/corpus")
    static let seeds = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()

    /// How an array of numbers is moved to the edge.
    enum Stretch: CaseIterable {
        case up, down, ends

        func apply(_ values: [Double?]) -> [Double?] {
            let largest = values.compactMap { $0 }.filter(\.isFinite).map(abs).max() ?? 0
            let m = Double.greatestFiniteMagnitude
            switch self {
            case .up, .down:
                guard largest > 0 else { return values }
                let edge = self == .up ? m : -m
                return values.map { $0.map { v in v.isFinite ? v / largest * edge : v } }
            case .ends:
                return values.enumerated().map { i, v in i == 0 ? m : i == values.count - 1 ? -m : v }
            }
        }
    }

    /// `value` with every array of numbers (and nulls) stretched.
    static func stretched(_ value: JSONValue, _ stretch: Stretch) -> JSONValue {
        switch value {
        case let .array(items):
            let numbers = items.map { item -> Double?? in
                switch item {
                case let .number(v): return .some(v)
                case .null: return .some(nil)
                default: return nil
                }
            }
            guard !items.isEmpty, numbers.allSatisfy({ $0 != nil }) else { return .array(items.map { stretched($0, stretch) }) }
            return .array(stretch.apply(numbers.map { $0! }).map { $0.map(JSONValue.number) ?? .null })
        case let .object(pairs):
            return .object(pairs.map { ($0.key, stretched($0.value, stretch)) })
        default:
            return value
        }
    }

    /// `value` as JSON text.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(v): return v.isFinite ? "\(v)" : "null"
        case let .string(s): return String(data: try! JSONSerialization.data(withJSONObject: [s]), encoding: .utf8)!.dropFirst().dropLast().description
        case let .array(items): return "[" + items.map(text).joined(separator: ",") + "]"
        case let .object(pairs): return "{" + pairs.map { text(.string($0.key)) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// Decodes `spec` and takes it through layout, the CPU painter (small) and both vector formats; a thrown error
    /// is a refusal, which is fine.
    static func survives(_ spec: String) {
        let renderer = try! Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 1))
        guard var chart = try? ChartSpec.decode(Array(spec.utf8), files: .none) else { return }
        _ = try? renderer.layout(chart)
        chart.width = min(chart.width, 240)
        chart.height = min(chart.height, 160)
        _ = try? renderer.render(chart)
        _ = try? renderer.output(chart, format: .svg)
        _ = try? renderer.output(chart, format: .pdf)
    }

    @Test(arguments: seeds)
    func stretchedSeedsRenderOrAreRefused(seed: String) throws {
        let parsed = try JSONParser.parse([UInt8](try Data(contentsOf: Self.corpus.appendingPathComponent(seed))))
        for stretch in Stretch.allCases { Self.survives(Self.text(Self.stretched(parsed, stretch))) }
    }

    /// The server fuzzer's find: a heatmap's rows at 1.8e308 and 0 draw, the top cell cut at the largest Double.
    @Test func aHeatmapReachingPastTheLargestDoubleDraws() throws {
        let spec = #"{"series":[{"type":"heatmap","x":[0,1],"y":[1.7976931348623157e308,0],"z":[[1,2],[3,4]]}]}"#
        let chart = try ChartSpec.decode(Array(spec.utf8), files: .none)
        let report = try Shared.renderer(.cpu).layoutReport(chart)
        let y = try #require(report.axes.first { $0.name == "y" })
        #expect(y.range.upperBound == .greatestFiniteMagnitude && y.range.lowerBound < 0, "\(y.range)")
        #expect(try Shared.renderer(.cpu).render(chart).width == chart.pixelSize.width)
    }
}
