/// Why the GL painter cannot render.
public enum GLError: Error, CustomStringConvertible {
    /// No EGL platform initialised; each attempt says why it failed.
    case noDisplay(attempts: [EGLAttempt])
    /// The context could not be made current on this thread.
    case makeCurrentFailed(String)
    /// A shader failed to compile or link (the driver's log is attached).
    case shader(name: String, log: String)
    /// A framebuffer is incomplete or a size is over the driver's limits.
    case framebuffer(String)
    /// A GL call raised an error.
    case gl(String)

    public var description: String {
        switch self {
        case let .noDisplay(attempts):
            let reasons = attempts.map { "\($0.platform.rawValue): \($0.failure ?? "ok")" }.joined(separator: "; ")
            return "no EGL platform could be initialised (\(reasons))"
        case let .makeCurrentFailed(why): return "could not make the EGL context current: \(why)"
        case let .shader(name, log): return "shader \(name) failed: \(log)"
        case let .framebuffer(why): return "framebuffer: \(why)"
        case let .gl(why): return "GL error: \(why)"
        }
    }

    /// One short line for notices: what failed, without the per-platform reasons or driver logs
    /// (`description` and `glint info` have those).
    public var summary: String {
        switch self {
        case .noDisplay: return "no EGL platform could be initialised"
        case let .shader(name, _): return "shader \(name) failed to compile"
        default: return description
        }
    }
}
