/// A font file glyphs are drawn from: raster painters open it to rasterise the glyphs, vector output embeds it.
public struct FontReference: Hashable, Sendable {
    /// The font file's path.
    public var path: String

    /// The font in the file at `path`.
    public init(path: String) { self.path = path }
}

/// A line of text as the text engine shaped it when the scene was built (bidi, font fallback, HarfBuzz): glyph
/// ids in visual order with their pen positions and fonts. Painters draw these glyphs as they are — raster ones
/// rasterise them into their atlas, vector ones write them with their embedded fonts — so every output sets the
/// text exactly as layout measured it.
public struct GlyphRun: Equatable, Sendable {
    /// One positioned glyph.
    public struct Glyph: Equatable, Sendable {
        /// Its font: an index into `fonts`.
        public var font: Int
        /// The glyph id in that font.
        public var id: UInt32
        /// Pen position of the glyph's origin from the run's origin, in pixels along the baseline (x) and up from it
        /// (y), in the unrotated run; multiples of 1/64 pixel.
        public var x: Double, y: Double
        /// Index (in Unicode scalars of the run's text) of the first character the glyph stands for.
        public var cluster: Int

        /// A glyph of font `font` at pen position (x, y).
        public init(font: Int, id: UInt32, x: Double, y: Double, cluster: Int) {
            (self.font, self.id, self.x, self.y, self.cluster) = (font, id, x, y, cluster)
        }
    }

    /// The fonts the glyphs use, in the order the glyphs first need them.
    public var fonts: [FontReference]
    /// The glyphs, left to right.
    public var glyphs: [Glyph]
    /// The advance of the whole line in pixels.
    public var advance: Double

    /// A shaped line.
    public init(fonts: [FontReference], glyphs: [Glyph], advance: Double) {
        (self.fonts, self.glyphs, self.advance) = (fonts, glyphs, advance)
    }
}
