/// Keeps text inside the room it has: long text is shortened with an ellipsis, crowded labels are thinned.
public enum TextFitting {
    /// The ellipsis that ends shortened text.
    public static let ellipsis = "…"

    /// `text` unchanged when it is at most `maxWidth` pixels wide at `fontSize`; otherwise the longest start of
    /// it (whole characters, trailing spaces dropped) followed by `…` that fits; empty when not even `…` fits.
    public static func truncated(_ text: String, fontSize: Double, maxWidth: Double, measurer: TextMeasuring) -> String {
        func width(_ s: String) -> Double { measurer.measure(s, fontSize: fontSize).width }
        guard width(text) > maxWidth else { return text }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            String(characters[0..<count]).trimmingTrailingSpaces() + ellipsis
        }
        guard width(ellipsis) <= maxWidth else { return "" }
        // The widest prefix that fits: widths grow with the prefix, so a binary search finds it.
        var low = 0, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if width(candidate(mid)) <= maxWidth { low = mid } else { high = mid - 1 }
        }
        return candidate(low)
    }

    /// `text` in at most two lines for a width of `maxWidth` pixels at `fontSize`: itself when it fits on one (or
    /// when its first word alone does not fit); else as many of its words as fit on the first line and the rest on
    /// the second, which may still be wider (the caller shortens it, `truncated`, or leaves out a stub).
    public static func wrapped(_ text: String, fontSize: Double, maxWidth: Double, measurer: TextMeasuring) -> [String] {
        func width(_ s: String) -> Double { measurer.measure(s, fontSize: fontSize).width }
        guard width(text) > maxWidth else { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var first = 0
        while first < words.count - 1, width(words[0...first].joined(separator: " ")) <= maxWidth { first += 1 }
        // `first` words fit (the loop stops at the first that does not, or before the last word).
        guard first > 0, width(words[0..<first].joined(separator: " ")) <= maxWidth else { return [text] }
        return [words[0..<first].joined(separator: " "), words[first...].joined(separator: " ")]
    }

    /// Which of a row of labels to draw so that none overlaps another: every label when they are `gap` apart
    /// or more, else every second, third, ... (the smallest step that leaves them `gap` apart), starting with
    /// the first. `spans` are the labels' extents along the axis, in order.
    public static func thinned(_ spans: [ClosedRange<Double>], gap: Double) -> [Bool] {
        guard spans.count > 1 else { return spans.map { _ in true } }
        for step in 1...spans.count {
            let kept = stride(from: 0, to: spans.count, by: step).map { spans[$0] }
            let sorted = kept.sorted { $0.lowerBound < $1.lowerBound }
            if zip(sorted, sorted.dropFirst()).allSatisfy({ $1.lowerBound - $0.upperBound >= gap }) {
                return spans.indices.map { $0 % step == 0 }
            }
        }
        return spans.indices.map { $0 == 0 }
    }

    /// `lower...upper`, or the single point between them when the room is smaller than nothing (an image a few
    /// pixels wide), so that no layout turns a range inside out.
    public static func room(_ lower: Double, _ upper: Double) -> ClosedRange<Double> {
        lower <= upper ? lower...upper : ((lower + upper) / 2)...((lower + upper) / 2)
    }

    /// A span of `length` centred on `centre`, moved inwards as little as needed to lie within `bounds`
    /// (centred in `bounds` when it is longer than they are).
    public static func clamped(centre: Double, length: Double, within bounds: ClosedRange<Double>) -> ClosedRange<Double> {
        let room = bounds.upperBound - bounds.lowerBound
        // A centre that is not a number (a point mapped from far outside the axis) is placed in the middle.
        let centre = centre.isFinite ? centre : (bounds.lowerBound + bounds.upperBound) / 2
        guard length <= room else {
            let start = bounds.lowerBound + (room - length) / 2
            return start...(start + length)
        }
        let start = min(max(centre - length / 2, bounds.lowerBound), bounds.upperBound - length)
        return start...(start + length)
    }
}

extension String {
    /// The string without spaces at its end.
    func trimmingTrailingSpaces() -> String {
        // One walk back from the end (dropping a character at a time from a substring walks from its start each
        // time: 1.2 s for a legend entry of 5,000 spaces).
        guard let last = lastIndex(where: { $0 != " " }) else { return "" }
        return String(self[...last])
    }
}
