import FoundationEssentials
import Glibc

/// A mutual-exclusion lock over a pthread mutex: what Foundation's `NSLock` gives, without Foundation, so that the
/// libraries (and the C library, `libGlintC.so`) load FoundationEssentials alone — not Foundation, its
/// internationalisation and ICU's 41 MB of data.
public final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    public init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }
}

/// A lock with a condition threads wait on until another signals it (Foundation's `NSCondition`, without Foundation).
public final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Unlocks, waits for a signal, and locks again (the caller holds the lock, and checks its predicate again).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// Unlocks, waits for a signal or until `deadline`, and locks again; false when the deadline passed first.
    public func wait(until deadline: Date) -> Bool {
        let seconds = max(0, deadline.timeIntervalSince1970)
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiting thread.
    public func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
