import FoundationEssentials
import Glibc
import GlintGL
import GlintRaster

/// The `GLINT_` variables, read and checked in one place: each value a variable gives, and the first variable
/// set to a value it does not accept (a misspelt setting must not pass silently).
struct EnvironmentSettings {
    var backend: Backend?
    var msaaSamples: Int?
    var threads: Int?
    var shaderDirectory: String?
    var eglPlatform: EGLPlatform?
    var eglDevice: Int?
    /// The CPU kernels' variant to use (`CPUKernels.variants`), one this CPU can run.
    var cpuKernels: String?
    /// The first variable with a value it does not accept, as the error `Renderer.init` throws.
    var problem: GlintError?

    init(_ environment: [String: String]) {
        /// Reads `name` with `parse`; a value that does not parse is the problem, described by `expected`.
        func read<T>(_ name: String, _ expected: String, _ parse: (String) -> T?) -> T? {
            guard let raw = environment[name], !raw.isEmpty else { return nil }
            if let value = parse(raw) { return value }
            if problem == nil { problem = .usage("\(name)=\(raw) is not valid: expected \(expected)") }
            return nil
        }
        let count = { (raw: String) in Int(raw).flatMap { $0 >= 0 ? $0 : nil } }
        backend = read("GLINT_BACKEND", "one of \(Backend.names)", Backend.init(rawValue:))
        eglPlatform = read("GLINT_EGL_PLATFORM", "one of device, gbm, surfaceless", EGLPlatform.init(rawValue:))
        eglDevice = read("GLINT_EGL_DEVICE", "a device index (0, 1, ...)", count)
        msaaSamples = read("GLINT_MSAA", "a sample count (0, 2, 4, ...)", count)
        threads = read("GLINT_THREADS", "a thread count (1, 2, ...)") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        cpuKernels = read("GLINT_CPU_KERNELS", "one of \(CPUKernels.variants.joined(separator: ", ")) that this CPU runs") { name in
            CPUKernels.runs(name) ? name : nil
        }
        shaderDirectory = read("GLINT_SHADER_DIR", "a folder holding the shader files") { path in
            System.isFolder(path) ? path : nil
        }
    }
}
