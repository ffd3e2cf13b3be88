import CFreeType
import CHarfBuzz

/// One font file opened for both rasterising (FreeType) and shaping (HarfBuzz on the same face), set to one
/// pixel size at a time. Not thread-safe: `TextEngine` uses it under its lock.
final class FontFace {
    /// The font file.
    let path: String
    let face: FT_Face
    let font: OpaquePointer
    private var size = -1

    /// Opens `path` with `library`; throws `TextError.freeType` when it cannot be read as a font.
    init(path: String, library: FT_Library?) throws {
        var face: FT_Face?
        guard FT_New_Face(library, path, 0, &face) == 0, let face else {
            throw TextError.freeType("could not open font file \(path)")
        }
        self.path = path
        self.face = face
        font = hb_ft_font_create_referenced(face)
        // Hinted advances, as the glyphs are rasterised hinted: spacing matches the bitmaps drawn.
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_DEFAULT))
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
    }

    /// Sets the size to `size` (26.6 pixels) for both FreeType and HarfBuzz.
    func select(_ size: Int) {
        guard size != self.size else { return }
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
        hb_ft_font_changed(font)
        self.size = size
    }

    /// Whether the font has a glyph for `scalar`.
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Ascent and descent at the current size, in pixels (descent positive).
    var verticalMetrics: (ascent: Double, descent: Double) {
        let metrics = face.pointee.size.pointee.metrics
        return (Double(metrics.ascender) / 64, Double(-metrics.descender) / 64)
    }
}
