import Synchronization

/// What M4 kept of the live lines a view drew, kept for the next frame of the same view: a retained chart draws
/// each frame inside `frame(_:)`, which binds it as `M4Memo.current`, and M4 on a line whose x and y are rings
/// (`RingColumn`) then re-reduces only the buckets whose points changed (`IncrementalM4`) — the points appended
/// since, and those a pan brought into view — and copies every other bucket's points from the frame before. The
/// result is the one M4 computes afresh, point for point.
///
/// Entries are keyed by the rings' histories (`RingView.history`), in which a value's sequence number always
/// names the same value; a frame takes its line's entry out while it works, so frames on several threads never
/// share one. A frame drops the entries it did not use (lines no longer drawn, rings replaced), and the entries
/// least recently used are dropped past `limit`.
public final class M4Memo: Sendable {
    /// The memo M4 reads and writes on this task (nil: none, every line reduced afresh).
    @TaskLocal public static var current: M4Memo?

    /// The most lines it keeps.
    public let limit: Int
    private let state = Mutex(State())

    /// A memo for `limit` lines (at least 1).
    public init(limit: Int) { self.limit = max(1, limit) }

    /// Runs `body` (a frame's render) with the memo as `current`, then drops the entries no line of it used —
    /// those of lines drawn since, by a frame that overlapped it, are kept.
    public func frame<T>(_ body: () throws -> T) rethrows -> T {
        let start = state.withLock { $0.tick }
        defer { state.withLock { s in s.entries = s.entries.filter { $0.value.used > start } } }
        return try M4Memo.$current.withValue(self, operation: body)
    }

    /// Data units per pixel column along x of the last line reduced through it whose x axis is linear; nil before
    /// any. A view that moves by whole multiples of it keeps its buckets on the same points.
    public var pixelWidth: Double? { state.withLock { $0.pixelWidth } }

    /// How many lines it keeps an entry for.
    var entryCount: Int { state.withLock { $0.entries.count } }

    /// How many buckets the lines reduced through it took from the frame before, and how many they scanned, since
    /// it was made.
    public var buckets: (kept: Int, scanned: Int) { state.withLock { $0.buckets } }

    /// The M4 points of `window` (indices of both rings) of the line through `x` and `y` in `buckets`, on up to
    /// `threads` threads, from the entry the frame before left for the same rings where it applies; nil when x is
    /// not finite and sorted there.
    func decimate(x: RingView, y: RingView, window: Range<Int>, buckets: M4Buckets, threads: Int) -> M4Decimation.Result? {
        let key = Key(x: x.history, y: y.history)
        let previous = state.withLock { $0.entries.removeValue(forKey: key)?.entry }
        guard let (result, entry, reuse) = IncrementalM4.decimate(x: x, y: y, window: window, buckets: buckets, reusing: previous, threads: threads) else {
            return nil
        }
        state.withLock { s in
            s.tick += 1
            s.entries[key] = (entry, s.tick)
            if s.entries.count > limit, let oldest = s.entries.min(by: { $0.value.used < $1.value.used })?.key {
                s.entries[oldest] = nil
            }
            s.buckets = (s.buckets.kept + reuse.kept, s.buckets.scanned + reuse.scanned)
            let mapping = buckets.mapping
            if mapping.forwardX.isIdentity, mapping.scaleX > 0, (1 / mapping.scaleX).isFinite { s.pixelWidth = 1 / mapping.scaleX }
        }
        return result
    }

    private struct Key: Hashable {
        let x: UInt64, y: UInt64
    }

    private struct State: Sendable {
        var entries: [Key: (entry: IncrementalM4.Entry, used: UInt64)] = [:]
        var tick: UInt64 = 0
        var pixelWidth: Double?
        var buckets = (kept: 0, scanned: 0)
    }
}
