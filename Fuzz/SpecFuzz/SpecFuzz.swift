import Glint
import GlintCore
import GlintVector

/// libFuzzer's entry: bytes as a JSON spec (with a fixed set of columns handed over beside it), decoded, validated, laid out, painted small on the CPU painter and
/// written as a small SVG by the vector painter (every number the spec holds reaching cairo through the guard box).
/// Any trap is a crash libFuzzer reports with the input that caused it; an error thrown is a refusal and fine.
@_cdecl("LLVMFuzzerTestOneInput")
public func specFuzzOne(_ data: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    SpecFuzz.run(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
}

enum SpecFuzz {
    static let renderer = try! Renderer(options: Renderer.Options(backend: .cpu, cpuThreads: 1))

    /// Columns handed over with every input, as Python or C would: numbers at the extremes, datetimes, categories
    /// (a gap among them), float32 at a stride, and an empty column; specs name them in `data` ("n", "t", ...).
    static let columns: SuppliedColumns = {
        var columns = SuppliedColumns()
        let extremes: [Double] = [0, 1, -1, 1e308, -1e308, .nan, 5e-324, 1e-300, 65536, -0.5, .infinity, 3]
        let floats = FloatStorage([1, 2, .greatestFiniteMagnitude, -3, .nan, 0, 7, 1e-38, 4, 5, 6, 8])
        let buffer = ColumnBuffer(base: floats.pointer, count: 6, stride: 8, element: .float32, owner: floats)!
        try! columns.add("n", .numbers(Column(extremes)), path: "n")
        try! columns.add("m", .numbers(Column(extremes.reversed())), path: "m")
        try! columns.add("t", .datetimes(Column([0, 86_400_000, -8.64e15, 8.64e15, .nan, 1.7e12, 1.7e12, 0, 1, 2, 3, 4])), path: "t")
        try! columns.add("c", .categories(codes: [0, 1, -1, 2, 0, 1, 2, 2, 1, 0, -1, 0], names: ["a", "b", ""]), path: "c")
        try! columns.add("f", .numbers(Column(buffer)), path: "f")
        try! columns.add("e", .numbers(Column([Double]())), path: "e")
        return columns
    }()

    static func run(_ bytes: [UInt8]) {
        guard var chart = try? ChartSpec.decode(bytes, files: .none, columns: columns) else { return }
        // Painting is not the point at full size: layout at the spec's size, paint at most 160 × 100.
        _ = try? renderer.layout(chart)
        chart.width = min(chart.width, 160)
        chart.height = min(chart.height, 100)
        _ = try? renderer.render(chart)
        _ = try? renderer.output(chart, format: .svg)
    }
}

/// Memory of floats a column views, as a caller's array would be (kept for the process's life).
final class FloatStorage {
    let pointer: UnsafeMutablePointer<Float>

    init(_ values: [Float]) {
        pointer = .allocate(capacity: values.count)
        pointer.initialize(from: values, count: values.count)
    }
}
