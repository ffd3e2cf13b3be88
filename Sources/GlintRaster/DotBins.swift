import CRaster
import Dispatch
import GlintScales
import GlintScene

/// A dots series' dots in pixels sorted into the bands they can touch, in series order. Built as a counting sort on
/// the painter's threads, a part of the series at a time (so the scratch stays small however long the series):
/// the part's runs of consecutive dots are mapped to pixels at once (by `raster_bin_dots`, vectorised, on linear axes,
/// per-dot colours looked up after it; else `DotRaster.binned` a dot at a time), each run counting its dots per band;
/// then each run places its dots after those of the runs before it, band by band — the same lists in the same order
/// whatever the thread count. Band k's dots are each part's band k, in turn (`band(_:)`). The lists and the scratch live in
/// the paint's arena (valid while it paints).
struct DotBins {
    /// One part of the series: its dots band by band, and where each band's start (the last entry is the total).
    private struct Part {
        let dots: UnsafeBufferPointer<DotRaster.Dot>
        let starts: [Int]
    }

    private let parts: [Part]

    /// The fewest dots a run takes when the binning spreads over threads.
    static let dotsPerRun = 1 << 15
    /// The most dots a part takes.
    static let dotsPerPart = 1 << 20

    /// The dots of `shape` for `bands` bands of `bandHeight` rows, on up to `threads` threads, in memory taken
    /// from `arena`.
    init(_ shape: DotShape, bandHeight: Int, bands: Int, threads: Int, arena: ScratchArena) {
        let geometry = DotRaster.Geometry(shape)
        let count = min(shape.x.count, shape.y.count)
        // Each dot of a part: its disc and bands (first > last: none); every part writes its spans before reading
        // them, and reads a disc only where its span holds bands.
        let discs = arena.take(DotRaster.Dot.self, count: min(count, DotBins.dotsPerPart))
        let spans = arena.take(raster_dot_span.self, count: discs.count)
        var parts: [Part] = []
        for start in stride(from: 0, to: count, by: DotBins.dotsPerPart) {
            let end = min(start + DotBins.dotsPerPart, count)
            parts.append(DotBins.part(start..<end, shape, geometry, bandHeight: bandHeight, bands: bands, threads: threads,
                                      arena: arena, discs: discs, spans: spans))
        }
        self.parts = parts
    }

    /// The dots of `range` binned into memory from `arena`, with `discs` and `spans` (at least as long as the range)
    /// as scratch.
    private static func part(_ range: Range<Int>, _ shape: DotShape, _ geometry: DotRaster.Geometry, bandHeight: Int, bands: Int,
                             threads: Int, arena: ScratchArena, discs: UnsafeMutableBufferPointer<DotRaster.Dot>,
                             spans: UnsafeMutableBufferPointer<raster_dot_span>) -> Part {
        // Runs of consecutive dots, numbered from the part's start.
        let runs = EvenParts.split(range.count, threads: min(threads, range.count / DotBins.dotsPerRun))
        // Each run's count of dots per band, then where its dots of each band go.
        var next = [Int](repeating: 0, count: runs.count * bands)
        let vectorised = geometry.binsInKernel(count: range.upperBound)
        next.withUnsafeMutableBufferPointer { counts in
            DispatchQueue.concurrentPerform(iterations: runs.count) { k in
                if vectorised {
                    geometry.bin(shape, range.lowerBound + runs[k].lowerBound, count: runs[k].count, bandHeight: bandHeight,
                                 bands: bands, discs: discs.baseAddress! + runs[k].lowerBound,
                                 spans: spans.baseAddress! + runs[k].lowerBound)
                } else {
                    for i in runs[k] {
                        spans[i] = raster_dot_span(first: 1, last: 0)
                        guard let (disc, top, bottom) = DotRaster.binned(shape, geometry, range.lowerBound + i) else { continue }
                        let first = max(0, top / bandHeight), last = min(bands - 1, bottom / bandHeight)
                        guard first <= last else { continue }
                        (discs[i], spans[i]) = (disc, raster_dot_span(first: Int32(first), last: Int32(last)))
                    }
                }
                for i in runs[k] where spans[i].first <= spans[i].last {
                    for band in Int(spans[i].first)...Int(spans[i].last) { counts[k * bands + band] += 1 }
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
        let placed = arena.take(DotRaster.Dot.self, count: total)
        next.withUnsafeMutableBufferPointer { next in
            DispatchQueue.concurrentPerform(iterations: runs.count) { k in
                for i in runs[k] where spans[i].first <= spans[i].last {
                    for band in Int(spans[i].first)...Int(spans[i].last) {
                        placed[next[k * bands + band]] = discs[i]
                        next[k * bands + band] += 1
                    }
                }
            }
        }
        return Part(dots: UnsafeBufferPointer(placed), starts: starts)
    }

    /// Calls `body` with band k's dots, part by part, in series order.
    func forEachRun(inBand k: Int, _ body: (UnsafeBufferPointer<DotRaster.Dot>) -> Void) {
        for part in parts where part.starts[k] < part.starts[k + 1] {
            body(UnsafeBufferPointer(rebasing: part.dots[part.starts[k]..<part.starts[k + 1]]))
        }
    }
}
