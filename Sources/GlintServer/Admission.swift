import FoundationEssentials
import GlintCore
import Glibc

/// Counts the render requests admitted: up to `workers` render at once and up to `queue` more wait; past that a
/// request is turned away (`503`). A request leaves when its render is over.
final class Admission: @unchecked Sendable {
    private let capacity: Int, workers: Int
    private var admitted = 0
    private let condition = Condition()

    init(workers: Int, queue: Int) {
        self.workers = workers
        capacity = workers + queue
    }

    /// Admits one more request, or says no when the queue is full.
    func enter() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard admitted < capacity else { return false }
        admitted += 1
        return true
    }

    /// One admitted request is over.
    func leave() {
        condition.lock()
        admitted -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Requests admitted and not yet left.
    var active: Int {
        condition.lock()
        defer { condition.unlock() }
        return admitted
    }

    /// Requests waiting for a renderer.
    var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return max(0, admitted - workers)
    }

    /// Waits until no admitted request is left, or `deadline` passes; says whether none is left.
    func drain(until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while admitted > 0 {
            if !condition.wait(until: deadline) { return admitted == 0 }
        }
        return true
    }
}
