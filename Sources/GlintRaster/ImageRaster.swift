import CRaster
import GlintScales
import GlintScene

/// A sampled image (a heatmap), each pixel in the colour of the cell under its centre (`raster_image`): its window,
/// the cell of each pixel column and row, and the cells' bytes, found once per paint and read by every band.
package struct ImageRaster {
    package let window: PixelRect
    package let columnOf: [Int32], rowOf: [Int32]
    package let cells: [UInt32]
    package let columns: Int

    /// The sampling of `image` within `clip`; nil when it covers no pixel there.
    package init?(_ image: ImageShape, within clip: PixelRect) {
        guard image.columns > 0, image.rows > 0, let window = image.pixelWindow(within: clip) else { return nil }
        self.window = window
        (columnOf, rowOf) = image.cellIndices(in: window)
        cells = image.packedColors
        columns = image.columns
    }

    /// The band's rows of the image.
    func draw(band: Band) {
        let limit = band.limit(window)
        guard limit.y1 > limit.y0 else { return }
        cells.withUnsafeBufferPointer { c in
            columnOf.withUnsafeBufferPointer { x in
                rowOf.withUnsafeBufferPointer { y in
                    raster_image(band.kernel, limit, raster_cells(cells: c.baseAddress, columns: columns, columnOf: x.baseAddress,
                                                                  rowOf: y.baseAddress, x0: window.x, y0: window.y))
                }
            }
        }
    }
}
