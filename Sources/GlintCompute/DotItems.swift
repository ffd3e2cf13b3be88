import CRaster
import Dispatch
import GlintRaster
import GlintScales
import GlintScene

/// A dots series' dots, each an item with its disc as its one record and its pixel window: mapped as the CPU painter
/// maps them (`raster_bin_dots` on linear axes, else `DotRaster.binned` one by one, as `DotBins` chooses), a window as
/// the dots kernels find it (`dots` and `marks` in Sources/CRaster/kernels.h). A part of the series is set up on the
/// painter's threads at once, straight into the batch's buffers; a dot drawn nowhere (a gap, no colour, outside the
/// clip) keeps its slot with an empty window.
struct DotItems: TileItems {
    let shape: DotShape
    let limit: PixelRect
    let header: TileCommandHeader
    private let geometry: DotRaster.Geometry
    let units: Int
    private let threads: Int
    /// Dots a thread takes at least, and maps at once.
    static let run = 1 << 16

    init(_ shape: DotShape, limit: PixelRect, threads: Int) {
        (self.shape, self.limit, self.threads) = (shape, limit, max(1, threads))
        geometry = DotRaster.Geometry(shape)
        units = min(shape.x.count, shape.y.count)
        var header = TileCommandHeader(kind: .dots, marker: shape.marker.code, width: Float(shape.strokeWidth),
                                       color: shape.fill.premultiplied, second: shape.stroke.premultiplied)
        if shape.colors != nil { header.flags.insert(.perDot) }
        self.header = header
    }

    /// How far past its centre a dot of the largest radius reaches, in pixels.
    private var reach: Float { Float(shape.radius.upperBound) * Float(shape.marker.reach) + 0.5 }

    func add(from start: Int, to batch: inout TileBatch) -> Int {
        // The most tiles one dot's window reaches (and the clip's), so that a part's entries stay within the budget.
        let side = (2 * Double(reach) + 2) / Double(batch.tileSize) + 2
        let across = min(side, Double(limit.width / batch.tileSize + 2)), down = min(side, Double(limit.height / batch.tileSize + 2))
        let most = across.isFinite && down.isFinite ? Int(min(across * down, Double(batch.budget.entries))) : batch.budget.entries
        let room = min(batch.budget.items - batch.items.count, batch.budget.records - batch.records.count,
                       (batch.budget.entries - batch.entries) / max(most, 1))
        let count = min(units - start, max(1, room))
        let firstRecord = batch.records.count
        let items = batch.items.reserve(count), records = batch.records.reserve(count)
        let parts = EvenParts.split(count, threads: min(threads, count / DotItems.run))
        var entries = [Int](repeating: 0, count: parts.count)
        let tileSize = batch.tileSize, kernel = geometry.binsInKernel(count: units)
        entries.withUnsafeMutableBufferPointer { entries in
            DispatchQueue.concurrentPerform(iterations: parts.count) { p in
                var discs = [DotRaster.Dot](repeating: DotRaster.Dot(), count: min(DotItems.run, parts[p].count))
                var spans = [raster_dot_span](repeating: raster_dot_span(), count: discs.count)
                var tiles = 0
                for first in stride(from: parts[p].lowerBound, to: parts[p].upperBound, by: DotItems.run) {
                    let n = min(DotItems.run, parts[p].upperBound - first)
                    if kernel {
                        // One band as tall as any image: a dot's span says only whether it is drawn.
                        discs.withUnsafeMutableBufferPointer { d in
                            spans.withUnsafeMutableBufferPointer { s in
                                geometry.bin(shape, start + first, count: n, bandHeight: 1 << 30, bands: 1, discs: d.baseAddress!,
                                             spans: s.baseAddress!)
                            }
                        }
                    }
                    for k in 0..<n {
                        let dot: DotRaster.Dot?
                        if kernel {
                            dot = spans[k].first <= spans[k].last ? discs[k] : nil
                        } else {
                            dot = DotRaster.binned(shape, geometry, start + first + k)?.element
                        }
                        let slot = first + k
                        records[slot] = dot.map { SIMD4($0.x.bitPattern, $0.y.bitPattern, $0.r.bitPattern, $0.fill) } ?? .zero
                        guard let dot, let window = window(dot) else {
                            items[slot] = TileBatch.nothing(record: firstRecord + slot)
                            continue
                        }
                        items[slot] = TileBatch.item(.dot, window, record: firstRecord + slot)
                        tiles += TileBatch.tiles(window, tileSize: tileSize)
                    }
                }
                entries[p] = tiles
            }
        }
        batch.entries += entries.reduce(0, +)
        return start + count
    }

    /// The pixels a dot may touch: a pixel whose centre is its shape's reach + 0.5 or more from the centre along
    /// either axis has no coverage.
    private func window(_ dot: DotRaster.Dot) -> PixelWindow? {
        let reach = shape.marker == .circle ? dot.r + 0.5 : dot.r * Float(shape.marker.reach) + 0.5
        return PixelWindow(minX: dot.x - reach, maxX: dot.x + reach, minY: dot.y - reach, maxY: dot.y + reach, limit: limit)
    }
}
