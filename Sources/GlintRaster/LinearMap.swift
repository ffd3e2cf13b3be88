import CRaster
import GlintScales

/// A linear data → pixel mapping as `raster_map_points` takes it.
extension raster_linear_map {
    /// `mapping`'s origins, scales and origin pixels (its scale functions are the identity: `isLinear`).
    init(_ mapping: PixelMapping) {
        self.init(originX: mapping.originX, scaleX: mapping.scaleX, originY: mapping.originY, scaleY: mapping.scaleY,
                  offsetX: mapping.offsetX, offsetY: mapping.offsetY)
    }
}
