import GlintGL
import GlintRaster
import GlintText

/// What a renderer runs on and why: the report `glint info` prints.
public struct BackendDiagnostics: Sendable {
    /// Why no font could be found: every render will fail.
    public struct FontProblem: Error, Sendable {
        /// fontconfig's or FreeType's failure, with what to install.
        public let message: String
    }

    /// The painter renders go to: `.gl`, `.cpu` or `.compute`.
    public let backend: Backend
    /// Why the CPU painter is used, when it is; nil on GL.
    public let reason: String?
    /// The EGL display found (in use on GL; under `auto` with software GL, found but not used).
    public let egl: EGLSummary?
    /// GL vendor, renderer, version and limits (in use on GL; found but not used as `egl`).
    public let gl: GLInfo?
    /// Every EGL platform tried, with the reason each failed one failed.
    public let attempts: [EGLAttempt]
    /// Threads of the CPU painter (used under `cpu`, and as `auto`'s fallback).
    public let cpuThreads: Int
    /// The font the default family (`sans-serif`) resolves to, or why there is none.
    public let font: Result<FontMatch, FontProblem>
    /// Where density series' points are counted: the GL driver and "(OpenGL ES compute shader)" on GL with compute
    /// shaders, else "the CPU", with why on GL.
    public let densityCounting: String
    /// The compute painter: asked for, or whether `auto` chose it on this GPU and the probe's times
    /// (`ComputeChoice`), or why it is not used; nil where no GL display was opened.
    public var compute: String? = nil

    /// What stops every render on this machine (no usable font); empty when a render would succeed.
    public var problems: [String] {
        guard case let .failure(problem) = font else { return [] }
        return ["no usable font: \(problem.message); every render fails (exit 70)"]
    }

    /// The EGL display and GL driver lines of the report; empty when none was opened.
    public var glReport: [String] {
        guard let egl, let gl else { return [] }
        let unused = backend == .cpu ? " (found, not used)" : ""
        return [
            "EGL platform:     \(egl.platform.rawValue)" + (egl.device.map { " (\($0))" } ?? ""),
            "EGL vendor:       \(egl.vendor)",
            "EGL version:      \(egl.version)",
            "GL vendor:        \(gl.vendor)",
            "GL renderer:      \(gl.renderer)\(unused)" + (gl.isSoftware ? " (software: draws on the CPU)" : ""),
            "GL version:       \(gl.version)",
            "MSAA samples:     \(gl.samples) (driver maximum \(gl.maxSamples))",
            "max image side:   \(gl.maxRenderbufferSize) px (GL_MAX_RENDERBUFFER_SIZE)",
        ] + (compute.map { ["compute painter:  \($0)"] } ?? []) + (backend == .cpu ? [] : [densityLine])
    }

    /// Where density counts are made, as the report says it.
    private var densityLine: String { "density counts:   \(densityCounting)" }

    /// A multi-line human-readable report.
    public var report: String {
        var lines = ["backend:          \(backend.rawValue)" + (reason.map { " (\($0))" } ?? "")]
        lines += glReport
        lines.append("CPU painter:      \(cpuThreads) threads, \(CPUKernels.variant) kernels"
                     + (backend == .cpu ? "" : " (fallback under --backend auto)"))
        if backend == .cpu { lines.append(densityLine) }
        switch font {
        case let .success(match):
            lines.append("font:             \(match.family) (\(match.path)) for '\(match.requested)'")
            if let notice = match.notice { lines.append("font notice:      \(notice)") }
        case .failure:
            lines.append("font:             none")
        }
        let failed = attempts.filter { $0.failure != nil }
        if !failed.isEmpty {
            lines.append("EGL platforms not used:")
            lines += failed.map { "  \($0.platform.rawValue): \($0.failure!)" }
        }
        lines += problems.map { "problem:          \($0)" }
        return lines.joined(separator: "\n")
    }
}
