// Glint throughput benchmark:
//   swift run -c release bench [--quick] [--only NAME] [--runs N] [--backend gl|cpu] [--json FILE]
// Prints a markdown table of best and median times per phase, per backend, after one warm-up render.
import Foundation
import Glint

let args = CommandLine.arguments.dropFirst()
let quick = args.contains("--quick")
func option(_ name: String) -> String? {
    guard let i = args.firstIndex(of: name), args.index(after: i) < args.endIndex else { return nil }
    return args[args.index(after: i)]
}
let only = option("--only")
let runs = option("--runs").flatMap(Int.init) ?? (quick ? 3 : 7)
let backends: [Backend] = option("--backend").flatMap(Backend.init(rawValue:)).map { [$0] } ?? [.gl, .cpu]

let workloads: [Workload] = quick
    ? [.demo, .line(100_000), .line(1_000_000), .line(1_000_000, epoch: true), .dots(10_000), .dots(100_000)]
    : [.demo, .line(100_000), .line(1_000_000), .line(10_000_000), .line(1_000_000, epoch: true),
       .dots(10_000), .dots(100_000), .dots(1_000_000)]

/// Peak resident memory of this process in MiB (VmHWM).
func peakResidentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kib = Double(line.split(separator: " ").dropFirst().first ?? "") else { return .nan }
    return kib / 1024
}

func milliseconds(_ s: Double) -> String { String(format: "%.1f", s * 1000) }

/// Best-of and median timings of one workload on one renderer.
func measure(_ workload: Workload, _ chart: Chart, on renderer: Renderer) throws -> [String: Any] {
    _ = try renderer.render(chart)
    var totals: [Double] = [], layouts: [Double] = [], paints: [Double] = [], encodes: [Double] = []
    for _ in 0..<runs {
        let (image, timings) = try renderer.renderTimed(chart)
        let start = DispatchTime.now()
        _ = try image.pngData(compressionLevel: 1)
        let encode = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        layouts.append(timings.layout)
        paints.append(timings.paint)
        encodes.append(encode)
        totals.append(timings.layout + timings.paint + encode)
    }
    let best = totals.min()!, median = totals.sorted()[totals.count / 2]
    return ["workload": workload.name, "points": workload.points, "backend": renderer.diagnostics.backend,
            "layout_s": layouts.min()!, "paint_s": paints.min()!, "png_s": encodes.min()!,
            "total_best_s": best, "total_median_s": median, "points_per_s": Double(workload.points) / best,
            "peak_rss_mib": peakResidentMiB()]
}

do {
    let renderers = try backends.map { try Renderer(options: Renderer.Options(backend: $0)) }
    let glInfo = renderers.compactMap(\.diagnostics.gl).first
    print("Glint bench: \(System.coreCount) cores, GL renderer: \(glInfo?.renderer ?? "none"), MSAA \(glInfo?.samples ?? 0)x, "
          + "CPU painter \(renderers[0].diagnostics.cpuThreads) threads, \(runs) runs after a warm-up\n")
    print("| workload | points | backend | layout ms | paint ms | PNG ms | total best ms | total median ms | points/s | peak RSS MiB |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    var records: [[String: Any]] = []
    for workload in workloads where only == nil || workload.name == only {
        let chart = workload.chart()
        for renderer in renderers {
            let r = try measure(workload, chart, on: renderer)
            records.append(r)
            let cells = [r["workload"]!, r["points"]!, r["backend"]!] as [Any]
            let times = ["layout_s", "paint_s", "png_s", "total_best_s", "total_median_s"].map { milliseconds(r[$0] as! Double) }
            print("| " + (cells.map { "\($0)" } + times).joined(separator: " | ")
                  + " | \(String(format: "%.3g", r["points_per_s"] as! Double)) | \(String(format: "%.0f", r["peak_rss_mib"] as! Double)) |")
        }
    }
    if let path = option("--json") {
        let document: [String: Any] = ["renderer": glInfo?.renderer ?? "none", "cores": System.coreCount, "results": records]
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: path), options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
