import Foundation
import Glint
import GlintCore

/// The bench's `stream` section: live data on a `RetainedChart`, 1280×720. Ten line series are appended in batches
/// of 1,000 points, round robin, until the window (`capacity` per series, ten series) holds `window` points: each
/// batch's append is timed as the window grows (the cost must stay flat). Then frames of a following view: a
/// frame's share of a 1e6-points-a-second feed (16,667 points, in batches of 1,000) is appended and the frame
/// drawn; and the frame after a 10 % pan of the full window.
enum StreamBench {
    static let series = 10, batch = 1000

    static func run(window: Int, renderers: [Renderer], frames: Int) throws -> [[String: Any]] {
        print("\nLive data (1280×720, \(series) lines, batches of \(batch) appended round robin; a frame appends 16,667 points, "
              + "1e6 points a second at 60 frames a second): append = one batch, µs (best, median); frame = appending a frame's "
              + "points and drawing it\n")
        print("| backend | points in the window | append batch µs | frame ms (best, median) | frame after a 10 % pan ms |")
        print("|---|---:|---:|---:|---:|")
        var records: [[String: Any]] = []
        for renderer in renderers {
            var chart = Chart(width: 1280, height: 720, series: (0..<series).map { k in
                Series.line(name: "s\(k)", x: Column([Double]()), y: Column([Double]()), width: 1)
            })
            chart.x.range = 0...1
            chart.y.range = -1...1
            let live = try RetainedChart(chart, renderer: renderer)
            for k in 0..<series { try live.setCapacity(window / series, series: k) }
            try live.follow(x: Double(window / series))
            var next = 0
            /// Appends one batch to each series in turn, `rounds` times; the seconds each batch took.
            func append(rounds: Int) throws -> [Double] {
                var times: [Double] = []
                for _ in 0..<rounds {
                    let x = (next..<(next + batch)).map(Double.init)
                    for k in 0..<series {
                        let y = x.map { sin($0 / 5000 + Double(k)) + Double(k) * 0.1 }
                        times.append(try timed { try live.append(series: k, x: x, y: y) })
                    }
                    next += batch
                }
                return times
            }
            let backend = renderer.diagnostics.backend.rawValue
            var filled = 0
            for target in [window / 100, window / 10, window] where target > filled {
                let times = try append(rounds: (target - filled) / (series * batch))
                filled = target
                let (best, median) = (times.min() ?? .nan, times.sorted()[times.count / 2])
                let us = { (s: Double) in String(format: "%.1f", s * 1e6) }
                print("| \(backend) | \(count(filled)) | \(us(best)) (\(us(median))) | | |")
                records.append(["workload": "stream append", "backend": backend, "window": filled, "append_best_s": best, "append_median_s": median])
            }
            var frameTimes: [Double] = []
            for _ in 0..<frames {
                frameTimes.append(try timed {
                    _ = try append(rounds: 2)  // 20 batches: 20,000 points, a frame's share and a little more
                    _ = try live.render()
                })
            }
            live.pan(by: -0.1)
            let pan = try (0..<3).map { _ in try timed { _ = try live.render() } }.min()!
            let sorted = frameTimes.sorted()
            print("| \(backend) | \(count(filled)) | | \(ms(sorted[0])) (\(ms(sorted[sorted.count / 2]))) | \(ms(pan)) |")
            records.append(["workload": "stream frame", "backend": backend, "window": filled, "frame_best_s": sorted[0],
                            "frame_median_s": sorted[sorted.count / 2], "pan_frame_s": pan])
        }
        return records
    }
}
