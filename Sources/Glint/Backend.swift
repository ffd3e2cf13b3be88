/// Which painter renders.
public enum Backend: String, CaseIterable, Sendable {
    /// GL when an EGL platform initialises and the GL painter works; otherwise the CPU, with the reason.
    case auto
    /// OpenGL ES 3 through headless EGL; fails with exit 69 when unavailable.
    case gl
    /// The CPU painter.
    case cpu
}
