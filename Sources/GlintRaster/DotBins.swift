import CRaster
import Dispatch
import GlintCore

/// A dots series' dots in pixels sorted into the bands they can touch, in series order. Built as a counting sort on
/// the painter's threads, a part of the series at a time (so the scratch stays small however long the series):
/// the part's runs of consecutive dots are mapped to pixels at once, each run counting its dots per band; then each
/// run places its dots after those of the runs before it, band by band — the same lists in the same order whatever
/// the thread count. Band k's dots are each part's band k, in turn (`band(_:)`).
struct DotBins {
    /// One part of the series: its dots band by band, and where each band's start (the last entry is the total).
    private struct Part {
        let dots: [DotRaster.Dot]
        let starts: [Int]
    }

    private let parts: [Part]

    /// The fewest dots a run takes when the binning spreads over threads.
    static let dotsPerRun = 1 << 15
    /// The most dots a part takes.
    static let dotsPerPart = 1 << 20

    /// The dots of `shape` for `bands` bands of `bandHeight` rows, on up to `threads` threads.
    init(_ shape: DotShape, bandHeight: Int, bands: Int, threads: Int) {
        let geometry = DotRaster.Geometry(shape)
        let count = min(shape.x.count, shape.y.count)
        // Each dot of a part: its disc and bands (first > last: none).
        var discs = [DotRaster.Dot](repeating: DotRaster.Dot(), count: min(count, DotBins.dotsPerPart))
        var spans = [(first: Int32, last: Int32)](repeating: (1, 0), count: discs.count)
        var parts: [Part] = []
        for start in stride(from: 0, to: count, by: DotBins.dotsPerPart) {
            let end = min(start + DotBins.dotsPerPart, count)
            parts.append(DotBins.part(start..<end, shape, geometry, bandHeight: bandHeight, bands: bands, threads: threads,
                                      discs: &discs, spans: &spans))
        }
        self.parts = parts
    }

    /// The dots of `range` binned, with `discs` and `spans` (at least as long as the range) as scratch.
    private static func part(_ range: Range<Int>, _ shape: DotShape, _ geometry: DotRaster.Geometry, bandHeight: Int, bands: Int,
                             threads: Int, discs: inout [DotRaster.Dot], spans: inout [(first: Int32, last: Int32)]) -> Part {
        // Runs of consecutive dots, numbered from the part's start.
        let runs = EvenParts.split(range.count, threads: min(threads, range.count / DotBins.dotsPerRun))
        // Each run's count of dots per band, then where its dots of each band go.
        var next = [Int](repeating: 0, count: runs.count * bands)
        discs.withUnsafeMutableBufferPointer { discs in
            spans.withUnsafeMutableBufferPointer { spans in
                next.withUnsafeMutableBufferPointer { counts in
                    DispatchQueue.concurrentPerform(iterations: runs.count) { k in
                        for i in runs[k] {
                            spans[i] = (1, 0)
                            guard let (disc, top, bottom) = DotRaster.binned(shape, geometry, range.lowerBound + i) else { continue }
                            let first = max(0, top / bandHeight), last = min(bands - 1, bottom / bandHeight)
                            guard first <= last else { continue }
                            (discs[i], spans[i]) = (disc, (Int32(first), Int32(last)))
                            for band in first...last { counts[k * bands + band] += 1 }
                        }
                    }
                }
            }
        }
        var starts = [Int](repeating: 0, count: bands + 1)
        var total = 0
        for band in 0..<bands {
            starts[band] = total
            for k in runs.indices {
                let n = next[k * bands + band]
                next[k * bands + band] = total
                total += n
            }
        }
        starts[bands] = total
        let dots = [DotRaster.Dot](unsafeUninitializedCapacity: total) { placed, initialized in
            discs.withUnsafeBufferPointer { discs in
                spans.withUnsafeBufferPointer { spans in
                    next.withUnsafeMutableBufferPointer { next in
                        DispatchQueue.concurrentPerform(iterations: runs.count) { k in
                            for i in runs[k] where spans[i].first <= spans[i].last {
                                for band in Int(spans[i].first)...Int(spans[i].last) {
                                    (placed.baseAddress! + next[k * bands + band]).initialize(to: discs[i])
                                    next[k * bands + band] += 1
                                }
                            }
                        }
                    }
                }
            }
            initialized = total
        }
        return Part(dots: dots, starts: starts)
    }

    /// Calls `body` with band k's dots, part by part, in series order.
    func forEachRun(inBand k: Int, _ body: (ArraySlice<DotRaster.Dot>) -> Void) {
        for part in parts where part.starts[k] < part.starts[k + 1] { body(part.dots[part.starts[k]..<part.starts[k + 1]]) }
    }
}
