// Glint throughput benchmark:
//   [GLINT_CPU_KERNELS=baseline] swift run bench [--quick] [--only NAME] [--runs N] [--backend gl|cpu|compute] [--png-level N] [--json FILE]
//                   [--sql-rows N,N] [--sql-density-rows N,N]
// The full run (and `--only sql`) ends with lines read from SQLite and from a throw-away PostgreSQL cluster and
// ClickHouse server: M4 pushed into the engine against pulling every row (`--sql-rows`, default 10000000,100000000),
// and a density of points in PostgreSQL and ClickHouse counted per pixel in the engine against pulling every row
// (`--sql-density-rows`, default 10000000).
// For each workload and backend: best (and median) seconds per phase after a warm-up, points per second,
// peak resident memory, and each total as a ratio to the workload's floor (read the input once + encode PNG).
// Then (and with `--only panels`) a 4 × 4 figure of 1e6-point lines (1e4 with --quick) against the same 16 lines drawn
// as 16 separate charts of a panel's size; and (with `--only formats`) the demo and a 1e7-point line written as PNG, SVG
// and PDF: time and bytes; (with `--only scaling`) hostile specs that were once quadratic at n and 2n (ScalingBench);
// and (with `--only stream`) live data appended to ten lines of a following view (StreamBench).
// A debug build (what plain `swift run bench` compiles) builds and runs the release product instead.
import Foundation
import Glint
import GlintRaster

let args = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}
let quick = args.contains("--quick")
let only = option("--only")
let runs = option("--runs").flatMap(Int.init) ?? (quick ? 3 : 5)
let pngLevel = option("--png-level").flatMap(Int.init) ?? Image.defaultCompressionLevel
let backends: [Backend] = option("--backend").flatMap(Backend.init(rawValue:)).map { [$0] } ?? [.gl, .cpu, .compute]
/// A workload whose warm-up render takes longer than this is measured once.
let slow = quick ? 2.0 : 10.0

let workloads: [Workload] = quick
    ? [.demo, .line(100_000), .line(1_000_000), .line(10_000_000), .line(1_000_000, epoch: true), .logLine(10_000_000),
       .lines(100, of: 10_000), .stackedAreas(10, of: 10_000), .histogram(1_000_000, bins: .count(100)), .box(1_000_000, groups: 100), .hexbin(1_000_000), .contour(500, filled: false), .contour(500, filled: true), .heatmap(500), .dots(10_000), .dots(100_000), .dots(100_000, colorMapped: true),
       .density(1_000_000), .density(1_000_000, clustered: true), .pan(10_000_000), .csv(1_000_000)]
    : [.demo, .line(100_000), .line(1_000_000), .line(10_000_000), .line(100_000_000), .line(10_000_000, epoch: true), .logLine(10_000_000),
       .lines(100, of: 100_000), .lines(10, of: 1_000_000), .stackedAreas(10, of: 1_000_000), .histogram(100_000_000, bins: .count(100)),
       .histogram(100_000_000, bins: .auto), .box(10_000_000, groups: 100), .hexbin(10_000_000), .contour(2000, filled: false), .contour(2000, filled: true), .heatmap(2000), .dots(10_000), .dots(100_000), .dots(1_000_000), .dots(1_000_000, colorMapped: true), .dots(10_000_000), .dots(100_000_000),
       .density(1_000_000), .density(1_000_000, clustered: true), .density(10_000_000), .density(100_000_000, float32: true),
       .density(100_000_000, clustered: true, float32: true), .pan(10_000_000), .csv(1_000_000), .csv(10_000_000)]

func ms(_ s: Double) -> String { s.isNaN ? "–" : String(format: "%.1f", s * 1000) }
func count(_ n: Int) -> String {
    let e = Int(log10(Double(max(n, 1))))
    return Double(n) == pow(10, Double(e)) ? "1e\(e)" : "\(n)"
}

do {
    try BuildConfiguration.runOptimisedIfNeeded(arguments: args)
    // GLINT_CPU_KERNELS=baseline measures the kernels' baseline variant (the renderers below ignore the environment).
    if let variant = ProcessInfo.processInfo.environment["GLINT_CPU_KERNELS"], !CPUKernels.use(variant) {
        throw GlintError.usage("GLINT_CPU_KERNELS=\(variant): not a variant this CPU runs (\(CPUKernels.variants))")
    }
    let renderers = try backends.map { try Renderer(options: Renderer.Options(backend: $0)) }
    let gl = renderers.compactMap(\.diagnostics.gl).first
    print("Glint bench: \(BuildConfiguration.summary) build, \(System.coreCount) cores, GL renderer: \(gl?.renderer ?? "none"), MSAA \(gl?.samples ?? 0)x, "
          + "CPU painter \(renderers[0].diagnostics.cpuThreads) threads (\(CPUKernels.variant) kernels), PNG zlib level \(pngLevel), "
          + "best of \(runs) runs after a warm-up (median in parentheses), times in ms")
    // What auto takes here, and why (on a GPU: whether the compute painter's probe beat the GL painter's).
    let auto = try Renderer(options: Renderer.Options(backend: .auto)).diagnostics
    print("auto: \(auto.backend.rawValue)" + (auto.reason.map { " (\($0))" } ?? "") + (auto.compute.map { "; compute painter: \($0)" } ?? "") + "\n")
    print("| workload | points | backend | prepare | upload | draw | readback | PNG | total | × floor | points/s | peak RSS MiB | input MiB |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    var records: [[String: Any]] = []
    for workload in workloads where only == nil || workload.name == only || workload.name.hasPrefix(only! + " ") {
        let input = Double(workload.inputBytes)
        guard input * 1.5 < Memory.availableBytes() else {
            print("| \(workload.name) | \(count(workload.points)) | skipped | needs \(Int(input / 1_048_576)) MiB of input, "
                  + "\(Int(Memory.availableBytes() / 1_048_576)) MiB available | | | | | | | | | |")
            continue
        }
        let csv = try workload.csvRows.map { try CSVWorkload(rows: $0) }
        defer { csv?.remove() }
        let decode = csv.map { source in { try ChartSpec.decode(file: source.spec) } } ?? workload.rebuild
        let chart = try decode?() ?? workload.chart()
        let floor = try Floor(chart, image: try renderers[0].render(chart), pngLevel: pngLevel, readInput: csv?.readOnce ?? workload.readOnce)
        print("| \(workload.name) | \(count(workload.points)) | floor | | read \(ms(floor.read)) | | | \(ms(floor.png)) | \(ms(floor.total)) | 1.0 | | | |")
        if workload.name.hasPrefix("line"), let kernels = Kernels(chart, runs: runs) {
            print("| \(workload.name) | \(count(workload.points)) | kernels | range \(ms(kernels.range)) | M4 \(ms(kernels.decimate)) "
                  + "→ \(kernels.kept) points | | | | | | M4 \(String(format: "%.3g", Double(workload.points) / kernels.decimate)) | | |")
            records.append(["workload": workload.name, "points": workload.points, "backend": "kernels",
                            "range_s": kernels.range, "m4_s": kernels.decimate, "m4_points_per_s": Double(workload.points) / kernels.decimate])
        }
        for renderer in renderers {
            let m = try Measurement(chart, on: renderer, runs: runs, pngLevel: pngLevel, slow: slow, decode: decode)
            let ratio = m.total.best / floor.total
            let rate = Double(workload.points) / m.total.best
            print("| \(workload.name) | \(count(workload.points)) | \(m.backend) | \(ms(m.prepare.best)) | \(ms(m.upload.best)) | "
                  + "\(ms(m.draw.best)) | \(ms(m.readback.best)) | \(ms(m.png.best)) | \(ms(m.total.best)) (\(ms(m.total.median))) | "
                  + "\(String(format: "%.1f", ratio)) | \(String(format: "%.3g", rate)) | \(String(format: "%.0f", m.peakMiB)) | "
                  + "\(String(format: "%.0f", input / 1_048_576)) |" + (m.runs < runs ? " (1 run: slow)" : ""))
            records.append(["workload": workload.name, "points": workload.points, "backend": m.backend, "runs": m.runs,
                            "prepare_s": m.prepare.best, "upload_s": m.upload.best, "draw_s": m.draw.best,
                            "readback_s": m.readback.best, "png_s": m.png.best, "total_best_s": m.total.best,
                            "total_median_s": m.total.median, "floor_s": floor.total, "floor_read_s": floor.read,
                            "floor_png_s": floor.png, "points_per_s": rate, "peak_rss_mib": m.peakMiB,
                            "input_mib": input / 1_048_576])
        }
    }
    // Formats and SQL are measured once, on the CPU painter where it runs (the painters draw the same pixels).
    let single = renderers.first { $0.diagnostics.backend == .cpu } ?? renderers.last!
    if only == nil || only == "panels" {
        records += try PanelBench.run(side: 4, points: quick ? 10_000 : 1_000_000, renderers: renderers, runs: runs)
    }
    if only == nil || only == "formats" {
        records += try FormatBench.run([.demo, .line(10_000_000)], renderer: single, runs: runs)
    }
    if !quick && (only == nil || only == "sql") {
        let sizes = (option("--sql-rows") ?? "10000000,100000000").split(separator: ",").compactMap { Int($0) }
        let densitySizes = (option("--sql-density-rows") ?? "10000000").split(separator: ",").compactMap { Int($0) }
        records += try SQLBench.run(rows: sizes, densityRows: densitySizes, renderer: single, runs: min(runs, 3))
    }
    if only == nil || only == "scaling" {
        let cpu = try renderers.first { $0.diagnostics.backend == .cpu } ?? Renderer(options: Renderer.Options(backend: .cpu))
        // Three runs at least: a ratio of two single runs is noise on a busy machine.
        records += try ScalingBench.run(quick: quick, renderer: cpu, runs: max(runs, 3))
    }
    if only == nil || only == "stream" {
        records += try StreamBench.run(window: quick ? 1_000_000 : 10_000_000, renderers: renderers, frames: quick ? 10 : 30)
    }
    if let path = option("--json") {
        let document: [String: Any] = ["renderer": gl?.renderer ?? "none", "cores": System.coreCount,
                                       "auto": auto.backend.rawValue, "compute_painter": auto.compute ?? "none",
                                       "build": ["configuration": BuildConfiguration.name,
                                                 "optimization": BuildConfiguration.optimisation],
                                       "results": records]
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: path), options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
