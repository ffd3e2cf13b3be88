// Glint throughput benchmark: `swift run -c release bench [--quick] [--only NAME] [--runs N] [--json FILE]`.
// Prints a markdown table of best and median times per phase after one warm-up render.
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

do {
    let renderer = try Renderer(options: Renderer.Options(backend: .gl))
    print("Glint bench: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(renderer.diagnostics.gl.renderer), "
          + "MSAA \(renderer.diagnostics.gl.samples)x, \(runs) runs after a warm-up\n")
    print("| workload | points | layout ms | paint ms | PNG ms | total best ms | total median ms | points/s | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    var records: [[String: Any]] = []
    for workload in workloads where only == nil || workload.name == only {
        let chart = workload.chart()
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
        let rss = peakResidentMiB()
        print("| \(workload.name) | \(workload.points) | \(milliseconds(layouts.min()!)) | \(milliseconds(paints.min()!)) | "
              + "\(milliseconds(encodes.min()!)) | \(milliseconds(best)) | \(milliseconds(median)) | "
              + "\(String(format: "%.3g", Double(workload.points) / best)) | \(String(format: "%.0f", rss)) |")
        records.append(["workload": workload.name, "points": workload.points, "layout_s": layouts.min()!,
                        "paint_s": paints.min()!, "png_s": encodes.min()!, "total_best_s": best,
                        "total_median_s": median, "peak_rss_mib": rss])
    }
    if let path = option("--json") {
        let document: [String: Any] = ["renderer": renderer.diagnostics.gl.renderer,
                                       "cores": ProcessInfo.processInfo.activeProcessorCount, "results": records]
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: path), options: .atomic)
    }
} catch {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(1)
}
