import CFontconfig
import FoundationEssentials
import Glibc
import GlintScales

/// The font file fontconfig chose for a family name, and whether it is a different family.
public struct FontMatch: Sendable, Equatable {
    /// The family asked for (`sans-serif`, `DejaVu Sans`, `Comic Sans MS`, ...).
    public let requested: String
    /// The family of the font found.
    public let family: String
    /// The font file.
    public let path: String
    /// Whether fontconfig's configuration named fonts for the family asked for. A generic name (`sans-serif`)
    /// has fonts only through the configuration's rules; without them (fonts installed, fontconfig's rules not:
    /// Debian's fontconfig-config) it matches whatever font scores first, whatever its script.
    public let aliased: Bool

    /// Generic names that stand for whatever the system prefers: no substitution is reported for them.
    public static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui",
                                                      "cursive", "fantasy", "emoji", "math"]

    /// Whether fontconfig substituted another family because the one asked for is not installed.
    public var isSubstitute: Bool {
        !isGeneric && requested.lowercased() != family.lowercased()
    }

    /// Whether the family asked for is one of `genericFamilies`.
    private var isGeneric: Bool { FontMatch.genericFamilies.contains(requested.lowercased()) }

    /// What a render says about the font beside its output: the family that stood in for one not installed, or
    /// the font a generic name fell to for want of fontconfig's rules; nil when the font is the one asked for.
    public var notice: String? {
        if isSubstitute { return "font '\(requested)' is not installed; using \(family)" }
        if isGeneric && !aliased {
            return "fontconfig's configuration names no font for '\(requested)' (its rules are not installed: Debian's "
                + "fontconfig-config); using \(family)"
        }
        return nil
    }
}

/// Finds font files by family name through fontconfig.
public enum FontLookup {
    /// The best font fontconfig finds for `family` (`sans-serif`, `DejaVu Sans`, ...), which may be another
    /// family when the one asked for is not installed (`FontMatch.isSubstitute`).
    /// Throws `TextError.noFont` when fontconfig knows no font at all or the match has no file.
    /// fontconfig's configuration and font list are loaded once per process (the expensive part, tens of
    /// milliseconds); each lookup after that is a match against them. Fonts installed later are seen after a
    /// restart.
    public static func match(_ family: String) throws -> FontMatch {
        try SharedConfiguration.shared.use { try match(family, in: $0) }
    }

    private static func match(_ family: String, in config: OpaquePointer?) throws -> FontMatch {
        guard let config else { throw TextError.noFont(family: family) }
        guard let fonts = FcConfigGetFonts(config, FcSetSystem), fonts.pointee.nfont > 0,
              let pattern = FcNameParse(family) else {
            throw TextError.noFont(family: family)
        }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        // The configuration's rules add the families a name stands for; with none, the name is all there is.
        var families: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while families < 2, FcPatternGetString(pattern, "family", families, &value) == FcResultMatch { families += 1 }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { throw TextError.noFont(family: family) }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else {
            throw TextError.noFont(family: family)
        }
        // A font may list several family names (localised ones too): the one asked for counts as found.
        var names: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(match, "family", Int32(names.count), &name) == FcResultMatch, let found = name {
            names.append(String(cString: found))
        }
        let chosen = names.first { $0.lowercased() == family.lowercased() } ?? names.first ?? family
        return FontMatch(requested: family, family: chosen, path: String(cString: file), aliased: families > 1)
    }
}

extension FontLookup {
    /// A font file that has a glyph for `scalar`, the closest fontconfig finds to `family`; nil when no
    /// installed font covers it.
    public static func file(covering scalar: Unicode.Scalar, near family: String) -> String? {
        SharedConfiguration.shared.use { config -> String? in
            guard let config, let pattern = FcNameParse(family), let wanted = FcCharSetCreate() else { return nil }
            defer { FcPatternDestroy(pattern); FcCharSetDestroy(wanted) }
            FcCharSetAddChar(wanted, FcChar32(scalar.value))
            FcPatternAddCharSet(pattern, "charset", wanted)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            var charset: OpaquePointer?
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetCharSet(match, "charset", 0, &charset) == FcResultMatch,
                  FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0,
                  FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
            return String(cString: file)
        }
    }
}

/// fontconfig's configuration, loaded on first use and kept, used under a lock.
private final class SharedConfiguration: @unchecked Sendable {
    static let shared = SharedConfiguration()
    private let lock = Lock()
    private var config: OpaquePointer?
    private var loaded = false

    func use<T>(_ body: (OpaquePointer?) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        if !loaded {
            config = FcInitLoadConfigAndFonts()
            loaded = true
        }
        return try body(config)
    }
}
