import CFontconfig

/// Finds font files by family name through fontconfig.
public enum FontLookup {
    /// The path of the best font file for `family` (`sans-serif`, `DejaVu Sans`, ...).
    /// Throws `TextError.noFont` when fontconfig knows no font at all or the match has no file.
    public static func path(forFamily family: String) throws -> String {
        guard let config = FcInitLoadConfigAndFonts() else { throw TextError.noFont(family: family) }
        defer { FcConfigDestroy(config) }
        guard let fonts = FcConfigGetFonts(config, FcSetSystem), fonts.pointee.nfont > 0,
              let pattern = FcNameParse(family) else {
            throw TextError.noFont(family: family)
        }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw TextError.noFont(family: family) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
            throw TextError.noFont(family: family)
        }
        return String(cString: file)
    }
}
