import CGLES3

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

    /// Renderer names of drivers that rasterise on the CPU (Mesa's llvmpipe, softpipe and swrast).
    static let softwareRenderers = ["llvmpipe", "softpipe", "swrast", "software rasterizer"]

    /// Whether the driver draws on the CPU rather than a GPU: then the CPU painter, which computes the same
    /// pixels with less overhead, is the faster choice.
    public var isSoftware: Bool {
        let name = renderer.lowercased()
        return GLInfo.softwareRenderers.contains { name.contains($0) }
    }

    /// The driver of the current context; `samples` is the MSAA count asked for, capped by the driver.
    public static func current(requestedSamples: Int = 0) -> GLInfo {
        func string(_ name: Int32) -> String {
            glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
        }
        func integer(_ name: Int32) -> Int {
            var value: GLint = 0
            glGetIntegerv(GLenum(name), &value)
            return Int(value)
        }
        let maxSamples = integer(GL_MAX_SAMPLES)
        return GLInfo(vendor: string(GL_VENDOR), renderer: string(GL_RENDERER), version: string(GL_VERSION),
                      maxSamples: maxSamples, samples: min(max(requestedSamples, 0), maxSamples),
                      maxRenderbufferSize: integer(GL_MAX_RENDERBUFFER_SIZE))
    }
}
