/// The size of a run of text, in pixels.
public struct TextMetrics: Equatable, Sendable {
    /// Advance width of the run.
    public var width: Double
    /// Height above the baseline (positive).
    public var ascent: Double
    /// Depth below the baseline (positive).
    public var descent: Double

    /// Metrics from their parts, in pixels.
    public init(width: Double, ascent: Double, descent: Double) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
    }

    /// Ascent plus descent.
    public var lineHeight: Double { ascent + descent }
}

/// Measures text for layout and shapes it for the scene. Implemented by GlintText on FreeType and HarfBuzz;
/// layout knows nothing else of fonts.
public protocol TextMeasuring {
    /// The metrics of `text` set at `fontSize` pixels.
    func measure(_ text: String, fontSize: Double) -> TextMetrics
    /// The glyphs of `text` at `fontSize` pixels, as `measure` measured them; nil for a measurer that only
    /// measures (the default).
    func shape(_ text: String, fontSize: Double) -> GlyphRun?
}

extension TextMeasuring {
    /// No glyphs: painters shape the text themselves.
    public func shape(_ text: String, fontSize: Double) -> GlyphRun? { nil }
}
