import CRaster
import GlintCore
import GlintRaster

/// A dots series' dots, each with its pixel window: mapped as the CPU painter maps them (`raster_bin_dots` on
/// linear axes, a part at a time; else `DotRaster.binned` one by one, as `DotBins` chooses), a window as the dots
/// kernels find it (`dots` and `marks` in Sources/CRaster/kernels.h).
struct DotItems: TileItems {
    let shape: DotShape
    let limit: PixelRect
    let header: TileCommandHeader
    private let geometry: DotRaster.Geometry
    let units: Int
    /// Dots mapped at once on linear axes.
    static let part = 1 << 16

    init(_ shape: DotShape, limit: PixelRect) {
        (self.shape, self.limit) = (shape, limit)
        geometry = DotRaster.Geometry(shape)
        units = min(shape.x.count, shape.y.count)
        var header = TileCommandHeader(kind: .dots, marker: shape.marker.code, width: Float(shape.strokeWidth),
                                       color: shape.fill.premultiplied, second: shape.stroke.premultiplied)
        if shape.colors != nil { header.flags.insert(.perDot) }
        self.header = header
    }

    func add(from start: Int, to batch: inout TileBatch) -> Int {
        guard geometry.binsInKernel(count: units) else {
            var i = start
            while i < units && !batch.isFull {
                if let (dot, _, _) = DotRaster.binned(shape, geometry, i) { add(dot, to: &batch) }
                i += 1
            }
            return i
        }
        var discs = [DotRaster.Dot](repeating: DotRaster.Dot(), count: min(DotItems.part, units - start))
        var spans = [raster_dot_span](repeating: raster_dot_span(), count: discs.count)
        var i = start
        while i < units && !batch.isFull {
            let count = min(DotItems.part, units - i)
            // One band as tall as any image: a dot's span says only whether it is drawn.
            discs.withUnsafeMutableBufferPointer { d in
                spans.withUnsafeMutableBufferPointer { s in
                    geometry.bin(shape, i, count: count, bandHeight: 1 << 30, bands: 1, discs: d.baseAddress!, spans: s.baseAddress!)
                }
            }
            for k in 0..<count {
                guard !batch.isFull else { return i + k }
                if spans[k].first <= spans[k].last { add(discs[k], to: &batch) }
            }
            i += count
        }
        return i
    }

    private func add(_ dot: DotRaster.Dot, to batch: inout TileBatch) {
        // A pixel whose centre is the shape's reach + 0.5 or more from the centre along either axis has no coverage.
        let reach = shape.marker == .circle ? dot.r + 0.5 : dot.r * Float(shape.marker.reach) + 0.5
        guard let window = PixelWindow(minX: dot.x - reach, maxX: dot.x + reach, minY: dot.y - reach, maxY: dot.y + reach,
                                       limit: limit) else { return }
        batch.add(.dot, window, SIMD4(dot.x.bitPattern, dot.y.bitPattern, dot.r.bitPattern, dot.fill))
    }
}
