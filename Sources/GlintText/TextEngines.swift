import GlintScales

/// The text engines of the font families charts ask for, each made on first use. Families and what they resolve
/// to, and engines by font file (shared by every family that resolves to it), are both bounded: 10^4 distinct
/// font names neither grow memory nor reload fonts. Not thread-safe: its owner serialises calls.
public final class TextEngines {
    private var fonts = BoundedCache<String, FontMatch>(capacity: 256)
    private var engines = BoundedCache<String, TextEngine>(capacity: 8)

    /// No engines yet.
    public init() {}

    /// What `family` resolves to, and the engine for that font file. Throws `TextError`.
    public func engine(for family: String) throws -> (FontMatch, TextEngine) {
        let font = try fonts.value(for: family) { try FontLookup.match(family) }
        return (font, try engines.value(for: font.path) { try TextEngine(font: font) })
    }

    /// How many font families and text engines it holds.
    public var counts: (families: Int, engines: Int) { (fonts.count, engines.count) }
}
