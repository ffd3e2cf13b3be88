import FoundationEssentials
import Glibc
import Glint

/// Which format a `POST /render` answers in: `?format=png|svg|pdf` when given, otherwise the best of PNG, SVG and
/// PDF the `Accept` header takes (by its q-values, the most specific range deciding each type's; ties go to PNG,
/// then SVG, then PDF), PNG without one.
enum FormatNegotiation {
    /// The answer: a format, or the status and message of a refusal (400 for an unknown `format`, 406 when
    /// `Accept` takes none of them).
    enum Outcome: Equatable {
        case format(OutputFormat)
        case refused(status: Int, message: String)
    }

    /// The format for a request's `format` argument and `Accept` header.
    static func choose(argument: String?, accept: String?) -> Outcome {
        if let argument {
            do {
                return .format(try OutputFormat.named(argument, source: "format", problem: GlintError.badData))
            } catch {
                return .refused(status: 400, message: "\(error)")
            }
        }
        guard let accept, !BoundedText.trimmingSpaces(accept).isEmpty else { return .format(.png) }
        let ranges = accept.split(separator: ",").compactMap(MediaRange.init)
        var best: (format: OutputFormat, q: Double)? = nil
        for format in OutputFormat.allCases {
            let q = quality(of: format.mediaType, in: ranges)
            if q > 0, q > best?.q ?? 0 { best = (format, q) }
        }
        guard let best else {
            return .refused(status: 406, message: "Accept: '\(BoundedText.line(accept, limit: 120))' takes none of the formats "
                            + "/render writes: \(OutputFormat.allCases.map(\.mediaType).joined(separator: ", ")) (or ?format=png|svg|pdf)")
        }
        return .format(best.format)
    }

    /// The q-value the most specific matching range gives `type` (0 when none matches).
    private static func quality(of type: String, in ranges: [MediaRange]) -> Double {
        let major = type.split(separator: "/").first.map(String.init) ?? type
        let matching = ranges.filter { $0.type == type || $0.type == major + "/*" || $0.type == "*/*" }
        return matching.max { $0.specificity < $1.specificity }?.q ?? 0
    }

    /// One `type/subtype;q=v` of an Accept header.
    private struct MediaRange {
        let type: String
        let q: Double

        init?(_ text: Substring) {
            let parts = text.split(separator: ";").map { BoundedText.trimmingSpaces(String($0)).lowercased() }
            guard let type = parts.first, type.contains("/") else { return nil }
            self.type = type
            var q = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                q = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            self.q = q.isFinite ? q : 0
        }

        /// `*/*` 0, `image/*` 1, `image/png` 2.
        var specificity: Int { type == "*/*" ? 0 : type.hasSuffix("/*") ? 1 : 2 }
    }
}
