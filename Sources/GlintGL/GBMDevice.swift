import CEGL
#if canImport(Glibc)
import Glibc
#endif

/// A GBM device on a DRM render node, with `libgbm.so.1` opened by `dlopen` so the binary neither
/// links nor needs GBM on machines without it.
final class GBMDevice {
    private typealias Create = @convention(c) (Int32) -> UnsafeMutableRawPointer?
    private typealias Destroy = @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The `struct gbm_device *` to hand to `eglGetPlatformDisplayEXT`.
    let handle: UnsafeMutableRawPointer
    /// The render node in use.
    let path: String
    private let library: UnsafeMutableRawPointer
    private let fd: Int32
    private let destroy: Destroy

    /// Opens the first render node that yields a GBM device; throws a reason a user can act on.
    init() throws {
        let nodes = GPUPresence.renderNodes
        guard !nodes.isEmpty else { throw PlatformFailure("no /dev/dri render node (no GPU is exposed to this machine or container)") }
        guard let library = dlopen("libgbm.so.1", RTLD_NOW | RTLD_LOCAL) else {
            throw PlatformFailure("libgbm.so.1 could not be loaded (Debian: apt-get install libgbm1)")
        }
        guard let create = dlsym(library, "gbm_create_device"), let destroy = dlsym(library, "gbm_device_destroy") else {
            dlclose(library)
            throw PlatformFailure("libgbm.so.1 lacks gbm_create_device")
        }
        var reasons: [String] = []
        for node in nodes {
            let path = "/dev/dri/" + node
            let fd = open(path, O_RDWR | O_CLOEXEC)
            guard fd >= 0 else {
                reasons.append("cannot open \(path): \(String(cString: strerror(errno))) (is the user in the render group?)")
                continue
            }
            if let device = unsafeBitCast(create, to: Create.self)(fd) {
                self.handle = device
                self.path = path
                self.library = library
                self.fd = fd
                self.destroy = unsafeBitCast(destroy, to: Destroy.self)
                return
            }
            reasons.append("gbm_create_device failed on \(path)")
            close(fd)
        }
        dlclose(library)
        throw PlatformFailure(reasons.joined(separator: "; "))
    }

    deinit {
        destroy(handle)
        close(fd)
        dlclose(library)
    }
}
