import GlintCore

/// `"band"` around a line or dots: `lower` and `upper` at each point — arrays, numbers or columns of the series'
/// `data.csv` — and the fill's `opacity`.
extension ChartSpec {
    static let bandKeys = ["lower", "upper", "opacity"]

    /// The series' band; nil when it has none.
    static func band(_ o: SpecObject, points: Int, sources: CSVSources, file: String?) throws -> BandStyle? {
        guard let b = try o.object("band", allowed: bandKeys) else { return nil }
        var band = BandStyle(lower: try numbersOrColumn(b, "lower", points: points, sources: sources, file: file),
                             upper: try numbersOrColumn(b, "upper", points: points, sources: sources, file: file))
        if let opacity = try b.number("opacity") {
            guard (0...1).contains(opacity) else { throw GlintError.badValue(path: b.childPath("opacity"), message: "expected 0 to 1, found \(opacity)") }
            band.opacity = opacity
        }
        return band
    }

    /// Asks `sources` for the columns the series' band names.
    static func requestBandColumns(_ o: SpecObject, file: String, from sources: inout CSVSources) throws {
        guard let b = try o.object("band", allowed: bandKeys) else { return }
        requestNamedColumns(b, ["lower", "upper"], file: file, from: &sources)
    }
}
