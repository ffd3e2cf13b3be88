import Foundation
import Glint
import GlintVector

/// The same charts written as PNG, SVG and PDF: best seconds of `runs` (after a warm-up) for scene and file, and the
/// file's bytes, each against the PNG.
enum FormatBench {
    static func run(_ workloads: [Workload], renderer: Renderer, runs: Int) throws -> [[String: Any]] {
        print("\n| workload | points | format | total | × PNG | bytes | bytes × PNG |")
        print("|---|---:|---|---:|---:|---:|---:|")
        var records: [[String: Any]] = []
        for workload in workloads {
            let chart = workload.chart()
            var png: (seconds: Double, bytes: Int)? = nil
            for format in OutputFormat.allCases {
                var bytes = 0
                let best = try Stats.bestSeconds(runs: runs) { bytes = try renderer.output(chart, format: format).bytes.count }
                if format == .png { png = (best, bytes) }
                let base = png ?? (best, bytes)
                print("| \(workload.name) | \(count(workload.points)) | \(format.rawValue) | \(ms(best)) | "
                      + "\(String(format: "%.1f", best / base.seconds)) | \(bytes) | \(String(format: "%.2f", Double(bytes) / Double(base.bytes))) |")
                records.append(["workload": workload.name, "points": workload.points, "backend": renderer.diagnostics.backend.rawValue,
                                "format": format.rawValue, "total_best_s": best, "bytes": bytes])
            }
        }
        return records
    }
}
