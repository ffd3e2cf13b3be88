import Foundation
import Glint
import GlintCore

/// The bench's `stream` section: live data on a `RetainedChart`, 1280×720. Ten line series are appended in batches
/// of 1,000 points, round robin, until the window (the points a following view shows, ten series) holds `window`
/// points: each batch's append is timed as the window grows (the cost must stay flat); the rings keep a fifth more
/// as history. Then frames of a following view: a frame's share of a 1e6-points-a-second feed (16,667 points, in
/// batches of 1,000) is appended and the frame drawn; and the first frame after a 10 % pan into the history. The share of the M4 buckets those frames scanned
/// (rather than took over from the frame before, see `M4Memo`) is printed with them, and on GL the line points a frame
/// wrote into GPU buffers (the median) against the points it drew (what a fresh render uploads).
enum StreamBench {
    static let series = 10, batch = 1000

    static func run(window: Int, renderers: [Renderer], frames: Int) throws -> [[String: Any]] {
        print("\nLive data (1280×720, \(series) lines, batches of \(batch) appended round robin; a frame appends 16,667 points, "
              + "1e6 points a second at 60 frames a second): append = one batch, µs (best, median); frame = appending a frame's "
              + "points and drawing it\n")
        print("| backend | points in the window | append batch µs | frame ms (best, median) | prepare, paint ms (median) "
              + "| frame after a 10 % pan ms | M4 buckets scanned (frames, pan) | GL line points written a frame (median) of drawn |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        var records: [[String: Any]] = []
        for renderer in renderers {
            var chart = Chart(width: 1280, height: 720, series: (0..<series).map { k in
                Series.line(name: "s\(k)", x: Column([Double]()), y: Column([Double]()), width: 1)
            })
            chart.x.range = 0...1
            chart.y.range = -1...1
            // Pinned beside the plot: placed by the data, the legend moves into the plot when a pan leaves room
            // there, the plot widens and every M4 bucket moves with it.
            (chart.legend.placement, chart.legend.position) = (.outside, .right)
            let live = try RetainedChart(chart, renderer: renderer)
            // A fifth more history than the view shows, for the pan to bring in.
            for k in 0..<series { try live.setCapacity(window / series * 6 / 5, series: k) }
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
                print("| \(backend) | \(count(filled)) | \(us(best)) (\(us(median))) | | | | | |")
                records.append(["workload": "stream append", "backend": backend, "window": filled, "append_best_s": best, "append_median_s": median])
            }
            _ = try append(rounds: window / 5 / (series * batch))
            var frameTimes: [Double] = [], prepared: [Double] = [], painted: [Double] = [], written: [Int] = []
            let before = live.reducedBuckets
            for _ in 0..<frames {
                frameTimes.append(try timed {
                    _ = try append(rounds: 2)  // 20 batches: 20,000 points, a frame's share and a little more
                    let t = try live.renderTimed().timings
                    prepared.append(t.prepare)
                    painted.append(t.paint.upload + t.paint.draw + t.paint.readback)
                    written.append(t.paint.pointsUploaded)
                })
            }
            let after = live.reducedBuckets
            let drawn = try renderer.renderTimed(live.chart).timings.paint.pointsUploaded  // a fresh render uploads them all
            let writes = drawn == 0 ? "" : "\(written.sorted()[written.count / 2]) of \(drawn)"
            // Each pan's first frame, three pans: the best.
            let pan = try (0..<3).map { _ in
                live.pan(by: -0.1)
                return try timed { _ = try live.render() }
            }.min()!
            let panned = live.reducedBuckets
            let scanned = { (from: (kept: Int, scanned: Int), to: (kept: Int, scanned: Int)) in
                Double(to.scanned - from.scanned) / Double(max(1, to.kept + to.scanned - from.kept - from.scanned))
            }
            let (frameScanned, panScanned) = (scanned(before, after), scanned(after, panned))
            let sorted = frameTimes.sorted(), median = { (t: [Double]) in t.sorted()[t.count / 2] }
            let percent = { (f: Double) in String(format: "%.1f %%", f * 100) }
            print("| \(backend) | \(count(filled)) | | \(ms(sorted[0])) (\(ms(sorted[sorted.count / 2]))) "
                  + "| \(ms(median(prepared))), \(ms(median(painted))) | \(ms(pan)) | \(percent(frameScanned)), \(percent(panScanned)) | \(writes) |")
            records.append(["workload": "stream frame", "backend": backend, "window": filled, "frame_best_s": sorted[0],
                            "frame_median_s": sorted[sorted.count / 2], "prepare_median_s": median(prepared),
                            "paint_median_s": median(painted), "pan_frame_s": pan,
                            "frame_buckets_scanned": frameScanned, "pan_buckets_scanned": panScanned,
                            "line_points_written_median": written.sorted()[written.count / 2], "line_points_drawn": drawn])
        }
        return records
    }
}
