import GlintPaint
import GlintRaster
import GlintScales

/// A paths command's coverage masks (`PathFills`, swept on the CPU as the CPU painter's are), each blended in its
/// colour; a mask is cut into strips of rows (each an item of its own, blended the same) so that no batch takes more
/// of it than its side words hold.
struct MaskItems: TileItemsByUnit {
    let fills: [PathFills.Fill]
    /// Each fill's strips: its index and first row.
    private let strips: [(fill: Int, row: Int)]
    /// Bytes of mask a strip takes at most (or one row).
    private let stripBytes: Int

    init(_ fills: [PathFills.Fill], stripBytes: Int) {
        (self.fills, self.stripBytes) = (fills, stripBytes)
        strips = fills.indices.flatMap { k -> [(fill: Int, row: Int)] in
            let r = fills[k].mask.rect
            guard r.width > 0, r.height > 0 else { return [] }
            return stride(from: 0, to: r.height, by: max(1, stripBytes / r.width)).map { (k, $0) }
        }
    }
    var units: Int { strips.count }

    func add(unit i: Int, to batch: inout TileBatch) {
        let (k, row) = strips[i]
        let fill = fills[k], r = fill.mask.rect
        let end = min(r.height, row + max(1, stripBytes / r.width))
        let window = PixelWindow(PixelRect(x: r.x, y: r.y + row, width: r.width, height: end - row))!
        let bytes = batch.append(bytes: fill.mask.coverage[(row * r.width)..<(end * r.width)])
        batch.add(.mask, window, SIMD4(bytes, UInt32(r.width), 0, 0), .color(fill.color.premultiplied))
    }
}
