/// What the GL painter runs on, for `glint info` and benchmarks.
public struct GLInfo: Sendable {
    /// `GL_VENDOR`.
    public let vendor: String
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    /// `GL_VERSION`.
    public let version: String
    /// `GL_MAX_SAMPLES`: the most MSAA samples the driver offers.
    public let maxSamples: Int
    /// MSAA samples the painter's colour target uses (0: single-sampled).
    public let samples: Int
    /// `GL_MAX_RENDERBUFFER_SIZE`: the largest image side in pixels.
    public let maxRenderbufferSize: Int
}
