import GlintGL

/// What a renderer runs on and why: the report `glint info` prints.
public struct BackendDiagnostics: Sendable {
    /// `gl` or `cpu`.
    public let backend: String
    /// The EGL platform in use.
    public let platform: String
    /// Every EGL platform tried, with the reason each earlier one failed.
    public let attempts: [EGLAttempt]
    /// EGL vendor string.
    public let eglVendor: String
    /// EGL version string.
    public let eglVersion: String
    /// The EGL device or DRM node in use, when the platform has one.
    public let device: String?
    /// GL vendor, renderer, version and limits.
    public let gl: GLInfo

    /// A multi-line human-readable report.
    public var report: String {
        var lines = [
            "backend:          \(backend)",
            "EGL platform:     \(platform)" + (device.map { " (\($0))" } ?? ""),
            "EGL vendor:       \(eglVendor)",
            "EGL version:      \(eglVersion)",
            "GL vendor:        \(gl.vendor)",
            "GL renderer:      \(gl.renderer)",
            "GL version:       \(gl.version)",
            "MSAA samples:     \(gl.samples) (driver maximum \(gl.maxSamples))",
            "max image side:   \(gl.maxRenderbufferSize) px (GL_MAX_RENDERBUFFER_SIZE)",
        ]
        let failed = attempts.filter { $0.failure != nil }
        if !failed.isEmpty {
            lines.append("platforms not used:")
            lines += failed.map { "  \($0.platform.rawValue): \($0.failure!)" }
        }
        return lines.joined(separator: "\n")
    }
}
