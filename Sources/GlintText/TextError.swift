/// Why text cannot be set.
public enum TextError: Error, CustomStringConvertible {
    /// fontconfig found no font file for the family.
    case noFont(family: String)
    /// FreeType could not start or open the font file.
    case freeType(String)

    public var description: String {
        switch self {
        case let .noFont(family):
            return "no font found for family '\(family)' through fontconfig; install one (Debian: apt-get install fonts-dejavu-core)"
        case let .freeType(message):
            return "FreeType: \(message)"
        }
    }
}
