import Glint
import GlintCore
import GlintVector

/// libFuzzer's entry: bytes as a JSON spec, decoded, validated, laid out, painted small on the CPU painter and
/// written as a small SVG by the vector painter (every number the spec holds reaching cairo through the guard box).
/// Any trap is a crash libFuzzer reports with the input that caused it; an error thrown is a refusal and fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    SpecFuzz.run(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}

enum SpecFuzz {
    static let renderer = try! Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 1))

    static func run(_ bytes: [UInt8]) {
        guard var chart = try? ChartSpec.decode(bytes, files: .none) else { return }
        // Painting is not the point at full size: layout at the spec's size, paint at most 160 × 100.
        _ = try? renderer.layout(chart)
        chart.width = min(chart.width, 160)
        chart.height = min(chart.height, 100)
        _ = try? renderer.render(chart)
        _ = try? renderer.output(chart, format: .svg)
    }
}
