import GlintScene

/// Text metrics of a monospaced font: 0.6 em per character, 0.9 em ascent, 0.25 em descent.
/// Layout tests use it so their expected numbers do not depend on an installed font.
public struct FixedMeasurer: TextMeasuring {
    /// The measurer (it has no state).
    public init() {}

    public func measure(_ text: String, fontSize: Double) -> TextMetrics {
        TextMetrics(width: Double(text.count) * 0.6 * fontSize, ascent: 0.9 * fontSize, descent: 0.25 * fontSize)
    }
}
