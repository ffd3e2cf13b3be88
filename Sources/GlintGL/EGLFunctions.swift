import CEGL

/// EGL extension entry points, looked up at run time through `eglGetProcAddress`.
struct EGLFunctions {
    typealias QueryDevices = @convention(c) (EGLint, UnsafeMutablePointer<EGLDeviceEXT?>?, UnsafeMutablePointer<EGLint>?) -> EGLBoolean
    typealias QueryDeviceString = @convention(c) (EGLDeviceEXT?, EGLint) -> UnsafePointer<CChar>?
    typealias GetPlatformDisplay = @convention(c) (EGLenum, UnsafeMutableRawPointer?, UnsafePointer<EGLint>?) -> EGLDisplay?

    let queryDevices: QueryDevices?
    let queryDeviceString: QueryDeviceString?
    let getPlatformDisplay: GetPlatformDisplay?
    /// Client extensions (those not tied to a display).
    let clientExtensions: Set<String>

    init() {
        func load<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = eglGetProcAddress(name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        queryDevices = load("eglQueryDevicesEXT", as: QueryDevices.self)
        queryDeviceString = load("eglQueryDeviceStringEXT", as: QueryDeviceString.self)
        getPlatformDisplay = load("eglGetPlatformDisplayEXT", as: GetPlatformDisplay.self)
        clientExtensions = EGLFunctions.split(eglQueryString(nil, EGL_EXTENSIONS))
    }

    /// The space-separated extension names of an EGL string.
    static func split(_ text: UnsafePointer<CChar>?) -> Set<String> {
        guard let text else { return [] }
        return Set(String(cString: text).split(separator: " ").map(String.init))
    }

    /// The hex code of the last EGL error, for messages.
    static var lastError: String { "EGL error 0x" + String(eglGetError(), radix: 16) }
}
