import GlintGL

/// What a renderer runs on and why: the report `glint info` prints.
public struct BackendDiagnostics: Sendable {
    /// `gl` or `cpu`.
    public let backend: String
    /// Why the CPU painter is used, when it is; nil on GL.
    public let reason: String?
    /// The EGL display in use, on GL.
    public let egl: EGLSummary?
    /// GL vendor, renderer, version and limits, on GL.
    public let gl: GLInfo?
    /// Every EGL platform tried, with the reason each failed one failed.
    public let attempts: [EGLAttempt]
    /// Threads of the CPU painter (used under `cpu`, and as `auto`'s fallback).
    public let cpuThreads: Int

    /// A multi-line human-readable report.
    public var report: String {
        var lines = ["backend:          \(backend)" + (reason.map { " (\($0))" } ?? "")]
        if let egl, let gl {
            lines += [
                "EGL platform:     \(egl.platform.rawValue)" + (egl.device.map { " (\($0))" } ?? ""),
                "EGL vendor:       \(egl.vendor)",
                "EGL version:      \(egl.version)",
                "GL vendor:        \(gl.vendor)",
                "GL renderer:      \(gl.renderer)",
                "GL version:       \(gl.version)",
                "MSAA samples:     \(gl.samples) (driver maximum \(gl.maxSamples))",
                "max image side:   \(gl.maxRenderbufferSize) px (GL_MAX_RENDERBUFFER_SIZE)",
            ]
        }
        lines.append("CPU painter:      \(cpuThreads) threads" + (backend == "gl" ? " (fallback under --backend auto)" : ""))
        let failed = attempts.filter { $0.failure != nil }
        if !failed.isEmpty {
            lines.append("EGL platforms not used:")
            lines += failed.map { "  \($0.platform.rawValue): \($0.failure!)" }
        }
        return lines.joined(separator: "\n")
    }
}
