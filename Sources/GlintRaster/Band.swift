import CRaster
import GlintScales

/// The rows of the image one thread paints. Blending (premultiplied source-over on RGBA8 with GL's unorm8
/// rounding, `blendOver` in Shaders/coverage.h) happens in the kernels.
struct Band {
    /// Image pixels (RGBA8 premultiplied), shared by all bands; this band writes only its rows.
    let pixels: UnsafeMutablePointer<UInt8>
    /// Image width in pixels.
    let width: Int
    /// First row of the band.
    let top: Int
    /// One past the last row.
    let bottom: Int

    /// The band as the kernels take it.
    var kernel: raster_band { raster_band(pixels: pixels, width: width, top: top, bottom: bottom) }

    /// The pixels of `clip` in the band's rows, as the kernels take a limit (empty when they share no row).
    func limit(_ clip: PixelRect) -> raster_window {
        raster_window(x0: clip.x, x1: clip.x + clip.width, y0: max(clip.y, top), y1: min(clip.y + clip.height, bottom))
    }
}
