import FoundationEssentials
import Glibc
import Glint
import GlintVector

// The C API declared in include/glint.h: @_cdecl functions over `Renderer`, with opaque handles, status codes and
// a per-thread last error. No Swift type crosses the boundary.

/// The calling thread's last failure, kept as C text until its next call.
private let lastError = ThreadLocal<ErrorText>()

/// The JSON path the calling thread's last failure names, kept as C text.
private let lastErrorPath = ThreadLocal<ErrorText>()

func setLastError(_ message: String, path: String = "") {
    lastError.value = strdup(message).map { ErrorText(pointer: $0) }
    lastErrorPath.value = strdup(path).map { ErrorText(pointer: $0) }
}

/// Owns one C string.
private final class ErrorText {
    let pointer: UnsafeMutablePointer<CChar>
    init(pointer: UnsafeMutablePointer<CChar>) { self.pointer = pointer }
    deinit { free(pointer) }
}

private let emptyText: UnsafeMutablePointer<CChar> = strdup("")!

/// Runs `body`, turning a thrown error into its status code and last-error message. The thread's last result is
/// cleared first: a call that fails leaves none.
func status(_ body: () throws -> Int32) -> Int32 {
    setLastError("")
    LastResult.current = nil
    do {
        return try body()
    } catch let error as CArgumentError {
        setLastError(error.description)
        return 1
    } catch let error as GlintError {
        setLastError(error.description, path: error.path ?? "")
        return error.exitCode
    } catch {
        setLastError("\(error)")
        return 70
    }
}

/// The chart of a spec given as C bytes, its CSV files parsed on `threads` threads (the renderer's budget), its
/// `data` objects that name no file reading `columns`.
func chart(_ spec: UnsafePointer<CChar>, _ length: Int, threads: Int, columns: SuppliedColumns = SuppliedColumns(),
           sources: DatabaseAccess = DatabaseAccess()) throws -> Chart {
    guard length >= 0 else { throw CArgumentError("the spec's length \(UInt(bitPattern: length)) is not a length") }
    let bytes = spec.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    return try ChartSpec.decode(bytes, relativeTo: ".", columns: columns, databases: sources, threads: threads)
}

func renderer(_ handle: OpaquePointer) -> Renderer {
    Unmanaged<Renderer>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// The host GL painter behind a `glint_gl_painter` handle.
func hostRenderer(_ handle: OpaquePointer) -> HostGLRenderer {
    Unmanaged<HostGLRenderer>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

/// The bytes of `chart` in `format`, recorded as the thread's last result.
private func recordedOutput(_ glint: Renderer, _ chart: Chart, format: OutputFormat) throws -> [UInt8] {
    let written = try glint.output(chart, format: format)
    LastResult.record(written)
    return written.bytes
}

func argumentError(_ message: String) -> Int32 {
    setLastError(message)
    LastResult.current = nil
    return 1
}

@_cdecl("glint_renderer_create")
public func glint_renderer_create(_ backend: UnsafePointer<CChar>?) -> OpaquePointer? {
    glint_renderer_create_threads(backend, 0)
}

@_cdecl("glint_renderer_create_threads")
public func glint_renderer_create_threads(_ backend: UnsafePointer<CChar>?, _ threads: Int32) -> OpaquePointer? {
    handle {
        let name = backend.map { String(cString: $0) } ?? "auto"
        guard (0...1024).contains(threads) else {
            throw CArgumentError("glint_renderer_create_threads: \(threads) threads; give 0 (GLINT_THREADS, else every core) to 1024")
        }
        return try Renderer(options: .fromEnvironment(backend: try Backend.named(name, source: "backend"), cpuThreads: threads == 0 ? nil : Int(threads)))
    }
}

@_cdecl("glint_renderer_destroy")
public func glint_renderer_destroy(_ handle: OpaquePointer?) {
    release(handle, as: Renderer.self)
}

/// A retained handle to a new object, or nil (with the last error set) when making it throws.
func handle<T: AnyObject>(_ make: () throws -> T) -> OpaquePointer? {
    var made: T?
    guard status({ made = try make(); return 0 }) == 0, let made else { return nil }
    return OpaquePointer(Unmanaged.passRetained(made).toOpaque())
}

/// Releases a handle made by `handle(_:)`; nil does nothing.
func release<T: AnyObject>(_ handle: OpaquePointer?, as type: T.Type) {
    guard let handle else { return }
    Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
}

@_cdecl("glint_render_png")
public func glint_render_png(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int,
                             _ png: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ pngLength: UnsafeMutablePointer<Int>?) -> Int32 {
    output(handle, spec, length, png, pngLength, function: "glint_render_png", of: "PNG bytes") { glint, chart in
        try recordedOutput(glint, chart, format: .png)
    }
}

@_cdecl("glint_render_format")
public func glint_render_format(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ format: UnsafePointer<CChar>?,
                                _ bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                _ bytesLength: UnsafeMutablePointer<Int>?) -> Int32 {
    guard let format else { return argumentError("glint_render_format: a null pointer") }
    let name = String(cString: format)
    guard let chosen = OutputFormat(rawValue: name.lowercased()) else {
        return argumentError("glint_render_format: '\(BoundedText.line(name, limit: 32))' is not a format Glint writes; formats: \(OutputFormat.listed)")
    }
    return output(handle, spec, length, bytes, bytesLength, function: "glint_render_format", of: "\(name) bytes") { glint, chart in
        try recordedOutput(glint, chart, format: chosen)
    }
}

@_cdecl("glint_render")
public func glint_render(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ columns: UnsafeRawPointer?, _ columnCount: Int,
                         _ format: UnsafePointer<CChar>?, _ bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                         _ bytesLength: UnsafeMutablePointer<Int>?) -> Int32 {
    glint_render_sources(handle, spec, length, columns, columnCount, nil, 0, format, bytes, bytesLength)
}

@_cdecl("glint_render_sources")
public func glint_render_sources(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ columns: UnsafeRawPointer?,
                                 _ columnCount: Int, _ sources: UnsafeRawPointer?, _ sourceCount: Int, _ format: UnsafePointer<CChar>?,
                                 _ bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ bytesLength: UnsafeMutablePointer<Int>?) -> Int32 {
    let name = format.map { String(cString: $0).lowercased() } ?? "png"
    let chosen = OutputFormat(rawValue: name)
    guard chosen != nil || name == "rgba" else {
        return argumentError("glint_render: '\(BoundedText.line(name, limit: 32))' is not a format Glint writes; formats: \(OutputFormat.listed), rgba")
    }
    return output(handle, spec, length, bytes, bytesLength, function: "glint_render", of: "\(name) bytes",
                  columns: { try CColumns.read(columns, count: columnCount) },
                  sources: { try CSources.access(sources, count: sourceCount) }) { glint, chart in
        guard let chosen else {
            let image = try glint.render(chart)
            LastResult.record(image)
            return image.pixels
        }
        return try recordedOutput(glint, chart, format: chosen)
    }
}

@_cdecl("glint_layout")
public func glint_layout(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int,
                         _ json: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ jsonLength: UnsafeMutablePointer<Int>?) -> Int32 {
    glint_layout_columns(handle, spec, length, nil, 0, json, jsonLength)
}

@_cdecl("glint_layout_columns")
public func glint_layout_columns(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ columns: UnsafeRawPointer?,
                                 _ columnCount: Int, _ json: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
                                 _ jsonLength: UnsafeMutablePointer<Int>?) -> Int32 {
    // NUL-terminated as well, so that C can use it as a string.
    output(handle, spec, length, json, jsonLength, function: "glint_layout", of: "layout JSON bytes", terminated: true,
           columns: { try CColumns.read(columns, count: columnCount) }) { glint, chart in
        [UInt8](try glint.layoutReport(chart).json())
    }
}

/// What `function` makes of the chart `spec` with the renderer `handle` (`make`), handed to C in `out` as a malloc'd
/// copy of its bytes with their count in `outLength` (after the bytes a NUL, not counted, when `terminated`); the
/// status, as every entry point returns it.
private func output(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int,
                    _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?,
                    function: String, of what: String, terminated: Bool = false,
                    columns: () throws -> SuppliedColumns = { SuppliedColumns() },
                    sources: () throws -> DatabaseAccess = { DatabaseAccess() },
                    _ make: (Renderer, Chart) throws -> [UInt8]) -> Int32 {
    guard let handle, let spec, let out, let outLength else { return argumentError("\(function): a null pointer") }
    return status {
        let glint = renderer(handle)
        let bytes = try make(glint, chart(spec, length, threads: glint.threads, columns: try columns(), sources: try sources()))
        (out.pointee, outLength.pointee) = (try mallocCopy(terminated ? bytes + [0] : bytes, of: what), bytes.count)
        return 0
    }
}

private func mallocCopy(_ bytes: [UInt8], of what: String) throws -> UnsafeMutablePointer<UInt8> {
    guard let memory = malloc(max(bytes.count, 1))?.assumingMemoryBound(to: UInt8.self) else {
        throw GlintError.internalFailure("out of memory for \(bytes.count) \(what)")
    }
    memory.update(from: bytes, count: bytes.count)
    return memory
}

@_cdecl("glint_render_rgba")
public func glint_render_rgba(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int,
                              _ pixels: UnsafeMutablePointer<UInt8>?, _ capacity: Int,
                              _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?) -> Int32 {
    guard let handle, let spec, let width, let height else { return argumentError("glint_render_rgba: a null pointer") }
    return status {
        let glint = renderer(handle)
        return try rgba(try chart(spec, length, threads: glint.threads), into: pixels, capacity, width, height) { try glint.render($0) }
    }
}

/// Renders `chart` with `render` into the caller's `pixels`, recorded as the thread's last result; when `capacity`
/// is too small, status 2 with the size needed, without rendering (the size is known from the chart).
func rgba(_ chart: Chart, into pixels: UnsafeMutablePointer<UInt8>?, _ capacity: Int, _ width: UnsafeMutablePointer<Int32>,
          _ height: UnsafeMutablePointer<Int32>, render: (Chart) throws -> Image) throws -> Int32 {
    try chart.validate()
    let (w, h) = chart.pixelSize
    (width.pointee, height.pointee) = (Int32(clamping: w), Int32(clamping: h))
    let needed = w * h * 4
    guard let pixels, capacity >= needed else {
        setLastError("the buffer holds \(capacity) bytes; this image needs \(needed) (\(w) × \(h) × 4)")
        return 2
    }
    let image = try render(chart)
    pixels.update(from: image.pixels, count: min(image.pixels.count, needed))
    LastResult.record(image)
    return 0
}

@_cdecl("glint_hit_test")
public func glint_hit_test(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ x: Double, _ y: Double,
                           _ tolerance: Double, _ out: UnsafeMutableRawPointer?) -> Int32 {
    glint_hit_test_columns(handle, spec, length, nil, 0, x, y, tolerance, out)
}

@_cdecl("glint_hit_test_columns")
public func glint_hit_test_columns(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ columns: UnsafeRawPointer?,
                                   _ columnCount: Int, _ x: Double, _ y: Double, _ tolerance: Double,
                                   _ out: UnsafeMutableRawPointer?) -> Int32 {
    guard let handle, let spec, let out else { return argumentError("glint_hit_test: a null pointer") }
    return status {
        storeHit(nil, into: out)
        let glint = renderer(handle)
        let chart = try chart(spec, length, threads: glint.threads, columns: try CColumns.read(columns, count: columnCount))
        storeHit(try glint.hitTest(chart, at: Point(x, y), tolerance: tolerance), into: out)
        return 0
    }
}

/// Writes `found` into the `glint_hit` at `out`, its fields at their C offsets: int kind, int series, long index,
/// double x, y, distance, char label[128], int panel.
func storeHit(_ found: ChartHit?, into out: UnsafeMutableRawPointer) {
    out.initializeMemory(as: UInt8.self, repeating: 0, count: HitLayout.size)
    func store(_ kind: Int32, _ series: Int32) {
        out.storeBytes(of: kind, toByteOffset: 0, as: Int32.self)
        out.storeBytes(of: series, toByteOffset: 4, as: Int32.self)
    }
    var found = found
    var panel: Int32 = -1
    if case let .inPanel(index, inner)? = found { (panel, found) = (Int32(clamping: index), inner) }
    out.storeBytes(of: panel, toByteOffset: HitLayout.panelOffset, as: Int32.self)
    switch found {
    case nil, .inPanel?:
        break
    case let .point(series, index, px, py, distance)?:
        store(1, Int32(clamping: series))
        out.storeBytes(of: index, toByteOffset: 8, as: Int.self)
        for (offset, value) in [(16, px), (24, py), (32, distance)] { out.storeBytes(of: value, toByteOffset: offset, as: Double.self) }
    case let .cell(series, px, py, count, value)?:
        // A density cell: its count in index, its centre in x and y, its value in distance.
        store(3, Int32(clamping: series))
        out.storeBytes(of: count, toByteOffset: 8, as: Int.self)
        for (offset, value) in [(16, px), (24, py), (32, value)] { out.storeBytes(of: value, toByteOffset: offset, as: Double.self) }
    case let .legendEntry(_, label, series)?:
        store(2, Int32(clamping: series ?? -1))
        let bytes = Array(label.utf8.prefix(HitLayout.labelCapacity - 1))
        (out + HitLayout.labelOffset).copyMemory(from: bytes, byteCount: bytes.count)
    }
}

/// Where `glint_hit`'s label and panel lie, and the struct's size, on LP64 Linux.
private enum HitLayout {
    static let labelOffset = 40, labelCapacity = 128, panelOffset = 168, size = 176
}

@_cdecl("glint_gl_painter_create")
public func glint_gl_painter_create() -> OpaquePointer? {
    handle { try HostGLRenderer() }
}

@_cdecl("glint_gl_painter_destroy")
public func glint_gl_painter_destroy(_ handle: OpaquePointer?) {
    release(handle, as: HostGLRenderer.self)
}

@_cdecl("glint_gl_draw")
public func glint_gl_draw(_ handle: OpaquePointer?, _ spec: UnsafePointer<CChar>?, _ length: Int, _ framebuffer: UInt32,
                          _ x: Int32, _ y: Int32) -> Int32 {
    guard let handle, let spec else { return argumentError("glint_gl_draw: a null pointer") }
    return status {
        let painter = hostRenderer(handle)
        try painter.draw(chart(spec, length, threads: painter.threads), framebuffer: framebuffer, x: Int(x), y: Int(y))
        return 0
    }
}

@_cdecl("glint_free")
public func glint_free(_ memory: UnsafeMutableRawPointer?) {
    free(memory)
}

@_cdecl("glint_last_error_path")
public func glint_last_error_path() -> UnsafePointer<CChar> {
    UnsafePointer(lastErrorPath.value?.pointer ?? emptyText)
}

@_cdecl("glint_last_error")
public func glint_last_error() -> UnsafePointer<CChar> {
    UnsafePointer(lastError.value?.pointer ?? emptyText)
}
