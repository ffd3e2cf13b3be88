import CRaster
import GlintScales

/// A premultiplied colour in Float32, as the shaders receive it in a uniform or attribute and the kernels take it.
extension raster_color {
    /// The premultiplied colour the GL painter uploads for `color` (`Color.premultiplied`).
    package init(_ color: Color) {
        let p = color.premultiplied
        self.init(r: p.x, g: p.y, b: p.z, a: p.w)
    }

    /// The colour's RGBA8 bytes, each channel as GL stores it (red in the low byte).
    package var packed: UInt32 { raster_pack(self) }
}
