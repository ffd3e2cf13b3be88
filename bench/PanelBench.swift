import Foundation
import Glint

/// A 4 × 4 figure of long lines against the same lines drawn as 16 separate charts of a panel's size: best seconds of
/// `runs` (after a warm-up) for the figure's PNG and for the 16 PNGs together, and their ratio.
enum PanelBench {
    static func run(side: Int, points n: Int, renderers: [Renderer], runs: Int) throws -> [[String: Any]] {
        let count = side * side
        let charts = (0..<count).map { k in Chart(width: 1920 / side, height: 1080 / side, title: "walk \(k)",
                                                  series: [Workload.walk(n, seed: UInt64(200 + k), origin: 0, name: "")]) }
        var figure = Chart(width: 1920, height: 1080, title: "\(side) × \(side) panels")
        figure.panels = PanelGrid(charts.map { Panel($0) }, columns: side)
        print("\n| workload | points | backend | figure | \(count) separate charts | × separate |")
        print("|---|---:|---|---:|---:|---:|")
        var records: [[String: Any]] = []
        for renderer in renderers {
            let together = try Stats.bestSeconds(runs: runs) { _ = try renderer.render(figure).pngData() }
            let apart = try Stats.bestSeconds(runs: runs) { for chart in charts { _ = try renderer.render(chart).pngData() } }
            let name = "panels \(side)x\(side)"
            print("| \(name) | \(side * side)×\(n) | \(renderer.diagnostics.backend.rawValue) | \(ms(together)) | \(ms(apart)) | "
                  + "\(String(format: "%.2f", together / apart)) |")
            records.append(["workload": name, "points": count * n, "backend": renderer.diagnostics.backend.rawValue,
                            "figure_s": together, "separate_s": apart])
        }
        return records
    }
}
