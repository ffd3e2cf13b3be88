import CEGL

/// A headless EGL display and an OpenGL ES 3 context on it, with no window system and no default framebuffer.
/// Platforms are tried in `EGLPlatform.allCases` order (or only the one forced, `GLINT_EGL_PLATFORM` in the CLI);
/// every failure is kept for the diagnostic.
public final class HeadlessEGL {
    /// The platform in use.
    public let platform: EGLPlatform
    /// Every platform tried, in order; the last one is the winner.
    public let attempts: [EGLAttempt]
    /// EGL vendor string.
    public let vendor: String
    /// EGL version string.
    public let version: String
    /// The EGL device or render node used, when the platform has one.
    public let deviceName: String?

    let display: EGLDisplay
    let context: EGLContext
    private let gbm: GBMDevice?

    /// Opens a display and creates a context.
    /// - Parameters:
    ///   - platform: the only platform to try; nil tries them all in order.
    ///   - device: the EGL device to use on the device platform (even a software one); nil picks hardware.
    ///   - softwareAllowed: false skips the surfaceless platform (unless forced) on a machine with no render
    ///     node, where it could only give software OpenGL ES, saving the driver's start-up time and memory.
    public init(platform forced: EGLPlatform? = nil, device deviceIndex: Int? = nil, softwareAllowed: Bool = true) throws {
        let functions = EGLFunctions()
        let order = forced.map { [$0] } ?? EGLPlatform.allCases
        var attempts: [EGLAttempt] = []
        for platform in order {
            if platform == .surfaceless && !softwareAllowed && order.count > 1 && GPUPresence.renderNodes.isEmpty {
                attempts.append(EGLAttempt(platform: platform, failure: "not tried: with no GPU render node it could "
                                           + "only give software OpenGL ES"))
                continue
            }
            do {
                let opened = try HeadlessEGL.open(platform, functions: functions, deviceIndex: deviceIndex)
                attempts.append(EGLAttempt(platform: platform, failure: nil))
                (self.display, self.context, self.gbm, self.deviceName) = opened
                self.platform = platform
                self.attempts = attempts
                vendor = eglQueryString(opened.display, EGL_VENDOR).map { String(cString: $0) } ?? "unknown"
                version = eglQueryString(opened.display, EGL_VERSION).map { String(cString: $0) } ?? "unknown"
                releaseCurrent()
                return
            } catch let failure as PlatformFailure {
                attempts.append(EGLAttempt(platform: platform, failure: failure.reason))
            }
        }
        throw GLError.noDisplay(attempts: attempts)
    }

    deinit {
        eglMakeCurrent(display, nil, nil, nil)
        eglDestroyContext(display, context)
        // The display is shared by every context on this platform in the process: it is not terminated here.
    }

    /// The platform, vendor, version and device, for reports.
    public var summary: EGLSummary {
        EGLSummary(platform: platform, vendor: vendor, version: version, device: deviceName)
    }

    /// Releases the context from the calling thread, so that another thread can make it current.
    public func releaseCurrent() {
        eglMakeCurrent(display, nil, nil, nil)
    }

    /// Makes the context current on the calling thread.
    public func makeCurrent() throws {
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            throw GLError.makeCurrentFailed(EGLFunctions.lastError)
        }
    }

    private typealias Opened = (display: EGLDisplay, context: EGLContext, gbm: GBMDevice?, deviceName: String?)

    private static func open(_ platform: EGLPlatform, functions: EGLFunctions, deviceIndex: Int?) throws -> Opened {
        guard let getDisplay = functions.getPlatformDisplay,
              functions.clientExtensions.contains("EGL_EXT_platform_base") else {
            throw PlatformFailure("libEGL offers no EGL_EXT_platform_base: no EGL vendor library was found "
                                  + "(install libegl-mesa0 or the GPU driver's EGL; check __EGL_VENDOR_LIBRARY_FILENAMES)")
        }
        switch platform {
        case .device:
            let (device, name) = try pickDevice(functions, index: deviceIndex)
            guard let display = getDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil) else {
                throw PlatformFailure("eglGetPlatformDisplayEXT failed for device \(name): \(EGLFunctions.lastError)")
            }
            let context = try createContext(display)
            return (display, context, nil, name)
        case .gbm:
            let gbm = try GBMDevice()
            guard functions.clientExtensions.contains("EGL_KHR_platform_gbm") || functions.clientExtensions.contains("EGL_MESA_platform_gbm"),
                  let display = getDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), gbm.handle, nil) else {
                throw PlatformFailure("EGL cannot open a GBM display on \(gbm.path)")
            }
            let context = try createContext(display)
            return (display, context, gbm, gbm.path)
        case .surfaceless:
            guard functions.clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
                throw PlatformFailure("EGL has no EGL_MESA_platform_surfaceless (install Mesa: libegl-mesa0)")
            }
            guard let display = getDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
                throw PlatformFailure("eglGetPlatformDisplayEXT(surfaceless) failed: \(EGLFunctions.lastError)")
            }
            let context = try createContext(display)
            return (display, context, nil, nil)
        }
    }

    /// A hardware EGL device (or the one at `index`); software-only devices are refused with the reason.
    private static func pickDevice(_ functions: EGLFunctions, index: Int?) throws -> (EGLDeviceEXT, String) {
        guard functions.clientExtensions.contains("EGL_EXT_device_enumeration") || functions.clientExtensions.contains("EGL_EXT_device_base"),
              let query = functions.queryDevices, let describe = functions.queryDeviceString else {
            throw PlatformFailure("EGL cannot enumerate devices (no EGL_EXT_device_enumeration)")
        }
        var count: EGLint = 0
        guard query(0, nil, &count) == EGL_TRUE, count > 0 else { throw PlatformFailure("no EGL devices") }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard query(count, &devices, &count) == EGL_TRUE else { throw PlatformFailure("eglQueryDevicesEXT failed") }
        let found = devices.prefix(Int(count)).compactMap { $0 }
        func name(_ d: EGLDeviceEXT, _ i: Int) -> String {
            describe(d, EGLint(EGL_DRM_DEVICE_FILE_EXT)).map { String(cString: $0) } ?? "EGL device \(i)"
        }
        if let index {
            guard found.indices.contains(index) else {
                throw PlatformFailure("GLINT_EGL_DEVICE=\(index) but there are \(found.count) EGL devices")
            }
            return (found[index], name(found[index], index))
        }
        for (i, device) in found.enumerated() {
            let extensions = EGLFunctions.split(describe(device, EGLint(EGL_EXTENSIONS)))
            if !extensions.contains("EGL_MESA_device_software") { return (device, name(device, i)) }
        }
        throw PlatformFailure("only software EGL devices (\(found.count) found, EGL_MESA_device_software): no GPU; "
                         + "set GLINT_EGL_DEVICE=0 to use one anyway")
    }

    /// Initialises the display and creates a GLES 3 context without a surface.
    private static func createContext(_ display: EGLDisplay) throws -> EGLContext {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
            throw PlatformFailure("eglInitialize failed: \(EGLFunctions.lastError)")
        }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
            throw PlatformFailure("the display has no OpenGL ES API")
        }
        let extensions = EGLFunctions.split(eglQueryString(display, EGL_EXTENSIONS))
        guard extensions.contains("EGL_KHR_surfaceless_context") else {
            throw PlatformFailure("the display lacks EGL_KHR_surfaceless_context")
        }
        var config: EGLConfig? = nil
        if !extensions.contains("EGL_KHR_no_config_context") {
            let wanted: [EGLint] = [EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE]
            var found: EGLint = 0
            guard eglChooseConfig(display, wanted, &config, 1, &found) == EGL_TRUE, found > 0 else {
                throw PlatformFailure("no EGL config supports OpenGL ES 3")
            }
        }
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE]
        guard let context = eglCreateContext(display, config, nil, attributes) else {
            throw PlatformFailure("could not create an OpenGL ES 3.0 context: \(EGLFunctions.lastError)")
        }
        guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE else {
            eglDestroyContext(display, context)
            throw PlatformFailure("could not make a surfaceless context current: \(EGLFunctions.lastError)")
        }
        return context
    }
}
