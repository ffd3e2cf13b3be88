import Glint
import GlintCore

/// libFuzzer's entry: bytes as a JSON spec, decoded, validated, laid out and painted small on the CPU painter.
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
    }
}
