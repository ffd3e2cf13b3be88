import FoundationEssentials
import GlintCore
import Glibc

/// Bytes held against a limit, shared by every request: request bodies count here from their first byte until
/// their response is sent, so that the server's memory for bodies never passes `--max-buffered`.
final class ByteBudget: @unchecked Sendable {
    private let limit: Int
    private var held = 0
    private let lock = Lock()

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes `count` more bytes, or says no when that would pass the limit.
    func take(_ count: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard held + count <= limit else { return false }
        held += count
        return true
    }

    /// Gives back bytes taken.
    func release(_ count: Int) {
        lock.lock()
        held -= count
        lock.unlock()
    }
}
