/// The headless EGL platforms, in the order they are tried.
public enum EGLPlatform: String, CaseIterable, Sendable {
    /// `EGL_EXT_platform_device`: an EGL device, preferring hardware (NVIDIA servers have no GBM node).
    case device
    /// GBM on a `/dev/dri/renderD*` node, with `libgbm.so.1` loaded at run time.
    case gbm
    /// `EGL_MESA_platform_surfaceless`: Mesa's software or hardware drivers without any display.
    case surfaceless
}

/// One platform tried while opening a display, and why it was not used (nil when it was).
public struct EGLAttempt: Sendable {
    /// The platform tried.
    public let platform: EGLPlatform
    /// Why it failed, in words a user can act on; nil for the platform that won.
    public let failure: String?
}

/// The EGL display a renderer uses.
public struct EGLSummary: Sendable {
    /// The platform that initialised.
    public let platform: EGLPlatform
    /// EGL vendor string.
    public let vendor: String
    /// EGL version string.
    public let version: String
    /// The EGL device or DRM node, when the platform has one.
    public let device: String?
}

/// Why one EGL platform could not be used, in words a user can act on.
struct PlatformFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
