/// A range of indices cut into about equal consecutive parts, one per thread of a parallel pass.
public enum EvenParts {
    /// `count` indices in about equal consecutive parts, one per thread (at least one part, possibly empty; no
    /// more parts than indices).
    public static func split(_ count: Int, threads: Int) -> [Range<Int>] {
        let parts = max(1, min(threads, count))
        return (0..<parts).map { k in (k * count / parts)..<((k + 1) * count / parts) }
    }
}
