#if canImport(Glibc)
import Glibc
#endif

/// Facts about the machine.
public enum System {
    /// Whether `path` names a folder (a link to one counts).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The path of the running executable (/proc/self/exe), or `fallback` where it cannot be read.
    public static func executablePath(or fallback: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4097)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : fallback
    }

    /// Sleeps the calling thread for `seconds` (a fraction is kept).
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        var left = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var rest = timespec()
        while nanosleep(&left, &rest) != 0 && errno == EINTR { left = rest }
    }

    /// CPUs this process may really use: the CPUs of its affinity mask (`taskset`, cpusets), capped by its
    /// cgroup's CPU quota (a container limited to 2 CPUs on a 64-core host gets 2), at least 1. The online
    /// CPU count alone ignores both and would start a thread per host core. Read once, on first use: it is the
    /// default of `Renderer.Options.cpuThreads`, the thread budget every parallel stage of a render is given.
    public static let coreCount: Int = {
        let quota = cgroupQuota(cpuMax: read("/sys/fs/cgroup/cpu.max"),
                                cfsQuota: read("/sys/fs/cgroup/cpu/cpu.cfs_quota_us") ?? read("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us"),
                                cfsPeriod: read("/sys/fs/cgroup/cpu/cpu.cfs_period_us") ?? read("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us"))
        return max(1, min(affinityCount, quota ?? .max))
    }()

    /// CPUs in this process's affinity mask (`Cpus_allowed` in /proc/self/status), or the online count where
    /// it cannot be read.
    static var affinityCount: Int {
        if let status = read("/proc/self/status"), let count = allowedCPUs(status) { return count }
        #if canImport(Glibc)
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 1
        #endif
    }

    /// The number of CPUs in the `Cpus_allowed:` hexadecimal mask of a /proc status text.
    static func allowedCPUs(_ status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let count = line.dropFirst("Cpus_allowed:".count).reduce(0) { sum, c in sum + (c.hexDigitValue?.nonzeroBitCount ?? 0) }
        return count > 0 ? count : nil
    }

    /// The CPUs a cgroup quota allows, rounded up: cgroup v2's `cpu.max` ("200000 100000" is 2; "max 100000" is
    /// no limit), else v1's `cpu.cfs_quota_us` over `cpu.cfs_period_us` (a quota of -1 is no limit); nil without a
    /// limit.
    static func cgroupQuota(cpuMax: String?, cfsQuota: String?, cfsPeriod: String?) -> Int? {
        func cpus(_ quota: Int?, _ period: Int?) -> Int? {
            guard let quota, let period, quota > 0, period > 0 else { return nil }
            return (quota + period - 1) / period
        }
        if let cpuMax {
            let fields = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
            if fields.count >= 2 { return cpus(Int(fields[0]), Int(fields[1])) }
        }
        let trim = { (s: String?) in s.flatMap { Int($0.split(separator: "\n").first ?? "") } }
        return cpus(trim(cfsQuota), trim(cfsPeriod))
    }

    /// A small text file (up to 64 KiB of it), nil when it cannot be read.
    private static func read(_ path: String) -> String? {
        #if canImport(Glibc)
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 65536)
        let n = fread(&bytes, 1, bytes.count, file)
        return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil
        #else
        return nil
        #endif
    }
}
