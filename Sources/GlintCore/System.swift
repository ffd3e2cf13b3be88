#if canImport(Glibc)
import Glibc
#endif

/// Facts about the machine.
public enum System {
    /// Cores available to this process.
    public static var coreCount: Int {
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }
}
