#if canImport(Glibc)
import Glibc
#endif

/// A value each thread keeps for itself (a pthread key): the C API's last error and last result, which Foundation's
/// `Thread.current.threadDictionary` held before the library stopped loading Foundation. A thread's value is
/// released when the thread ends.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    init() {
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
        }
    }

    /// The calling thread's value; nil until it sets one.
    var value: Value? {
        get { pthread_getspecific(key).map { Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue() as! Value } }
        set {
            let old = pthread_getspecific(key)
            pthread_setspecific(key, newValue.map { Unmanaged<AnyObject>.passRetained($0).toOpaque() })
            if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
        }
    }
}
