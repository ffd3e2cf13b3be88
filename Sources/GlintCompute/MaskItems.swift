import GlintCore
import GlintPaint
import GlintRaster

/// A paths command's coverage masks (`PathFills`, swept on the CPU as the CPU painter's are), each blended in its
/// colour; a mask is cut into strips of rows (each an item of its own, blended the same) so that no batch takes more
/// of it than its side words hold.
struct MaskItems: TileItemsByUnit {
    let fills: [PathFills.Fill]
    /// Bytes of mask a strip takes at most.
    static let stripBytes = 1 << 22
    /// Each fill's strips: its index and first row.
    private let strips: [(fill: Int, row: Int)]

    init(_ fills: [PathFills.Fill]) {
        self.fills = fills
        strips = fills.indices.flatMap { k -> [(fill: Int, row: Int)] in
            let r = fills[k].mask.rect
            guard r.width > 0, r.height > 0 else { return [] }
            return stride(from: 0, to: r.height, by: MaskItems.rows(r.width)).map { (k, $0) }
        }
    }

    private static func rows(_ width: Int) -> Int { max(1, stripBytes / width) }
    var units: Int { strips.count }

    func add(unit i: Int, to batch: inout TileBatch) {
        let (k, row) = strips[i]
        let fill = fills[k], r = fill.mask.rect
        let end = min(r.height, row + MaskItems.rows(r.width))
        let window = PixelWindow(PixelRect(x: r.x, y: r.y + row, width: r.width, height: end - row))!
        let bytes = batch.append(bytes: fill.mask.coverage[(row * r.width)..<(end * r.width)])
        batch.add(.mask, window, SIMD4(bytes, UInt32(r.width), 0, 0), .color(fill.color.premultiplied))
    }
}
