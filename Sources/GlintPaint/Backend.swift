import GlintScales

/// Which painter renders.
public enum Backend: String, CaseIterable, Sendable {
    /// GL when an EGL platform initialises and the GL painter works; otherwise the CPU, with the reason.
    case auto
    /// OpenGL ES 3 through headless EGL; fails with exit 69 when unavailable.
    case gl
    /// The CPU painter.
    case cpu
    /// The compute painter: OpenGL ES 3.1 compute shaders through headless EGL, drawing tiles as the CPU painter
    /// draws bands; fails with exit 69 when unavailable.
    case compute

    /// The names, as messages list them: `auto, gl, cpu, compute`.
    public static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// The backend `text` names, read by the CLI's `--backend`, the server's `?backend=` and the C API; otherwise
    /// throws `problem("<source> must be one of auto, gl, cpu, compute, got '<text>'")` (`GlintError.usage` unless told).
    public static func named(_ text: String, source: String, problem: (String) -> GlintError = GlintError.usage) throws -> Backend {
        guard let backend = Backend(rawValue: text) else {
            throw problem("\(source) must be one of \(names), got '\(BoundedText.line(text, limit: 40))'")
        }
        return backend
    }
}
