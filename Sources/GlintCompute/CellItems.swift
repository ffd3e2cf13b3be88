import GlintRaster
import GlintScales

/// A sampled image (a heatmap), as the CPU painter samples it (`ImageRaster`: each pixel column's and row's cell):
/// cut into strips of pixel rows, each an item whose side words hold only the cells its pixels show — the cell
/// columns any pixel column shows, the cell rows its own pixel rows show — so that no batch holds more of a large
/// grid than its side words allow.
struct CellItems: TileItemsByUnit {
    let image: ImageRaster?
    /// The cell columns some pixel column shows, in order, and each pixel column's index among them (-1: none).
    private let shown: [Int], columnIndex: [UInt32]
    /// Pixel rows a strip takes.
    private let stripRows: Int

    /// The items of `image`, each strip's cells at most `stripCells` (or one cell row).
    init(image: ImageRaster?, stripCells: Int) {
        self.image = image
        guard let image else {
            (shown, columnIndex, stripRows) = ([], [], 1)
            return
        }
        (shown, columnIndex) = CellItems.compacted(image.columnOf)
        stripRows = max(1, stripCells / max(1, shown.count))
    }

    var units: Int { image.map { ($0.window.height + stripRows - 1) / stripRows } ?? 0 }

    func add(unit k: Int, to batch: inout TileBatch) {
        guard let image else { return }
        let w = image.window
        let top = k * stripRows, bottom = min(w.height, top + stripRows)
        let (rows, rowIndex) = CellItems.compacted(image.rowOf[top..<bottom])
        var cells: [UInt32] = []
        cells.reserveCapacity(rows.count * shown.count)
        for row in rows {
            cells += shown.lazy.map { image.cells[row * image.columns + $0] }
        }
        guard let window = PixelWindow(PixelRect(x: w.x, y: w.y + top, width: w.width, height: bottom - top)) else { return }
        let cellsAt = batch.append(words: cells)
        let columnsAt = batch.append(words: columnIndex)
        let rowsAt = batch.append(words: rowIndex)
        batch.add(.cells, window, SIMD4(cellsAt, UInt32(shown.count), columnsAt, rowsAt))
    }

    /// The distinct cells `indices` name (not negative), in order, and each index's place among them (-1 as all ones:
    /// none).
    private static func compacted(_ indices: some Collection<Int32>) -> (shown: [Int], places: [UInt32]) {
        let shown = Set(indices.filter { $0 >= 0 }).sorted()
        var place: [Int32: UInt32] = [:]
        for (k, index) in shown.enumerated() { place[index] = UInt32(k) }
        return (shown.map(Int.init), indices.map { place[$0] ?? UInt32.max })
    }
}
