import GlintCore
import GlintRaster

/// A sampled image (a heatmap): one item over its window, its cells and each pixel column's and row's cell in the
/// batch's side words (`ImageRaster`, as the CPU painter samples it).
struct CellItems: TileItems {
    let image: ImageRaster?
    var units: Int { image == nil ? 0 : 1 }

    func add(from start: Int, to batch: inout TileBatch) -> Int {
        guard let image, start == 0 else { return units }
        guard let window = PixelWindow(image.window) else { return 1 }
        let cells = batch.append(words: image.cells)
        let columns = batch.append(words: image.columnOf.lazy.map { UInt32(bitPattern: $0) })
        let rows = batch.append(words: image.rowOf.lazy.map { UInt32(bitPattern: $0) })
        batch.add(.cells, window, SIMD4(cells, UInt32(image.columns), columns, rows))
        return 1
    }
}
