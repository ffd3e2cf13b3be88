/// Where a step line's value changes between two points (`Series.step`; the spec's `"step"`).
public enum StepMode: String, CaseIterable, Sendable {
    /// At the earlier point: the line rises or falls to the next point's value at once and holds it until the
    /// next point's x (matplotlib's `steps-pre`).
    case pre
    /// At the later point: each point's value holds until the next point's x (`steps-post`, a sample-and-hold
    /// signal).
    case post
    /// Halfway between the two points' x (`steps-mid`, a histogram of centred bins).
    case mid
}
