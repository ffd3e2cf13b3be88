import Foundation
import Glint

/// Process memory facts from /proc.
enum Memory {
    /// Peak resident memory in MiB since the last `resetPeak()` (VmHWM).
    static func peakMiB() -> Double { (kibibytes("/proc/self/status", "VmHWM:") ?? .nan) / 1024 }

    /// Memory the system can still give, in bytes (MemAvailable).
    static func availableBytes() -> Double { (kibibytes("/proc/meminfo", "MemAvailable:") ?? .infinity) * 1024 }

    /// Restarts the peak resident count (Linux: writing 5 to clear_refs resets VmHWM).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// The number on the `name` line of a /proc file that counts in kB.
    private static func kibibytes(_ file: String, _ name: String) -> Double? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        return Double(line.split(separator: " ").dropFirst().first ?? "")
    }
}

/// Best and median of repeated timings.
struct Stats {
    let best: Double
    let median: Double

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        best = sorted.first ?? .nan
        median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}

extension Stats {
    /// The fewest seconds `work` took in `runs` runs, after one to warm up.
    static func bestSeconds(runs: Int, _ work: () throws -> Void) rethrows -> Double {
        try work()
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try work()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }
}

/// One measured row: a workload on one backend.
struct Measurement {
    let backend: String
    let prepare: Stats, upload: Stats, draw: Stats, readback: Stats, png: Stats, total: Stats
    let runs: Int
    let peakMiB: Double

    /// Renders once to warm up, then `runs` times (once when the warm-up took over `slow` seconds). With
    /// `decode`, every run first makes the chart with it (reading a spec and its CSV), and that time counts
    /// in `prepare` and `total`.
    init(_ chart: Chart, on renderer: Renderer, runs: Int, pngLevel: Int, slow: Double,
         decode: (() throws -> Chart)? = nil) throws {
        Memory.resetPeak()
        let warm = try renderer.renderTimed(decode?() ?? chart).timings.total
        let count = warm > slow ? 1 : runs
        var phases: [[Double]] = Array(repeating: [], count: 6)
        for _ in 0..<count {
            var start = DispatchTime.now().uptimeNanoseconds
            let decoded = try decode?() ?? chart
            let read = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let (image, t) = try renderer.renderTimed(decoded)
            start = DispatchTime.now().uptimeNanoseconds
            _ = try image.pngData(compressionLevel: pngLevel)
            let png = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let prepare = (decode == nil ? 0 : read) + t.prepare
            for (k, v) in [prepare, t.paint.upload, t.paint.draw, t.paint.readback, png, prepare + t.total - t.prepare + png].enumerated() {
                phases[k].append(v)
            }
        }
        backend = renderer.diagnostics.backend.rawValue
        (prepare, upload, draw, readback, png, total) = (Stats(phases[0]), Stats(phases[1]), Stats(phases[2]),
                                                          Stats(phases[3]), Stats(phases[4]), Stats(phases[5]))
        self.runs = count
        peakMiB = Memory.peakMiB()
    }
}

/// The least any renderer must spend on a workload: read its input once and encode an image of its size.
struct Floor {
    let read: Double
    let png: Double
    var total: Double { read + png }

    /// `readInput`, when given, reads the workload's input file once and returns the seconds it took.
    init(_ chart: Chart, image: Image, pngLevel: Int, readInput: (() throws -> Double)? = nil) throws {
        var reads: [Double] = [], encodes: [Double] = []
        for _ in 0..<3 {
            if let readInput { reads.append(try readInput()) }
            var start = DispatchTime.now().uptimeNanoseconds
            var sum = 0.0
            for s in chart.series where readInput == nil {
                s.x.withUnsafeDoubles { xs in s.y.withUnsafeDoubles { ys in
                    for i in 0..<min(xs.count, ys.count) { sum += xs[i] + ys[i] }
                } }
            }
            if readInput == nil { reads.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
            if sum == .infinity { print("") }  // keeps the sum alive
            start = DispatchTime.now().uptimeNanoseconds
            _ = try image.pngData(compressionLevel: pngLevel)
            encodes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        read = reads.min()!
        png = encodes.min()!
    }
}

/// The data kernels of `prepare` on their own: finite range finding and M4 decimation of the first series,
/// over the pixel columns of a 1920-pixel-wide plot with anti-aliased sub-columns.
struct Kernels {
    let range: Double
    let decimate: Double
    let kept: Int

    init?(_ chart: Chart, runs: Int) {
        guard let s = chart.series.first, s.kind == .line else { return nil }
        var ranges: [Double] = [], decimations: [Double] = []
        var kept = 0
        for _ in 0..<max(runs, 1) {
            var start = DispatchTime.now().uptimeNanoseconds
            guard let extent = DataRange.finiteExtent(x: s.x, y: s.y, threads: System.coreCount) else { return nil }
            ranges.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            let t = DataTransform(originX: extent.x.lowerBound, originY: extent.y.lowerBound,
                                  scaleX: 1900 / (extent.x.upperBound - extent.x.lowerBound), scaleY: -1000 / (extent.y.upperBound - extent.y.lowerBound),
                                  pixelX: 10, pixelY: 1010)
            start = DispatchTime.now().uptimeNanoseconds
            let r = M4Decimation.decimate(x: s.x, y: s.y, mapping: PixelMapping(t), columns: 5..<1915,
                                          subdivisions: M4Decimation.antialiasedSubdivisions, threads: System.coreCount)
            decimations.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            kept = r?.x.count ?? s.x.count
        }
        range = ranges.min()!
        decimate = decimations.min()!
        self.kept = kept
    }
}
