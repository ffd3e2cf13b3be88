#if canImport(Glibc)
import Glibc
#endif

/// Whether this machine exposes a GPU, judged from its device files alone, so that finding out loads no driver.
public enum GPUPresence {
    /// The DRM render nodes (`renderD128`, ...) under `/dev/dri`, sorted.
    static var renderNodes: [String] {
        (Directory.entries("/dev/dri") ?? []).filter { $0.hasPrefix("renderD") }.sorted()
    }

    /// Whether a GPU is exposed: a DRM render node, or an NVIDIA device file (NVIDIA servers may have no DRM node).
    public static var isLikely: Bool {
        !renderNodes.isEmpty || (Directory.entries("/dev") ?? []).contains { $0.hasPrefix("nvidia") && $0.dropFirst(6).allSatisfy(\.isNumber) && $0.count > 6 }
    }
}
