import CHTTPServer
import Foundation
import Glint

/// `glint serve`: a render server on GNU libmicrohttpd. `POST /render` turns a JSON spec into a PNG on warm
/// renderers (EGL contexts, compiled shaders and glyph atlases made once at start-up); `GET /healthz`, `/info` and
/// `/metrics` are for operators. Every request is bounded: body size, queue length, render time, and the files a
/// spec may read.
public final class RenderServer: @unchecked Sendable {
    /// The options it was started with.
    public let options: ServerOptions
    /// The port it listens on (the kernel's pick when asked for port 0).
    public private(set) var port: UInt16 = 0

    let renderers: RendererPools
    let admission: Admission
    /// Requests begun and not yet answered to the end (their response sent), counted without a limit: shutdown
    /// waits for these, not just for the renders.
    let open = Admission(workers: 0, queue: .max)
    let metrics = ServerMetrics()
    private var daemon: UnsafeMutableRawPointer?

    /// Creates the warm renderers and starts listening. Throws `GlintError.backendUnavailable` when no renderer can
    /// be made, `GlintError.usage` when the address cannot be bound.
    public init(options: ServerOptions) throws {
        self.options = options
        renderers = try RendererPools(workers: options.workers, backend: options.backend)
        admission = Admission(workers: options.workers, queue: options.queue)
        var error: UnsafePointer<CChar>?
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = glint_http_start(options.host, options.port, UInt32(options.workers + options.queue + 32), 60,
                                  RenderServer.handle, RenderServer.completed, context, &error)
        guard let daemon else {
            throw GlintError.usage("cannot listen on \(options.host):\(options.port): \(error.map { String(cString: $0) } ?? "unknown error")")
        }
        port = glint_http_port(daemon)
        log("listening on http://\(options.host):\(port) (\(renderers.defaultBackend), \(options.workers) workers, queue \(options.queue))")
    }

    /// Stops accepting connections, lets admitted renders finish (at most `grace` seconds), then closes.
    public func shutdown(grace: Double = 60) {
        guard let daemon else { return }
        log("shutting down: no new connections, finishing \(admission.queued) queued and the running renders")
        glint_http_quiesce(daemon)
        let drained = open.drain(until: Date().addingTimeInterval(grace))
        glint_http_stop(daemon)
        self.daemon = nil
        log(drained ? "stopped" : "stopped with renders still running after \(grace) s")
    }

    deinit { shutdown(grace: 0) }

    /// A line on standard error, prefixed `glint serve: `.
    public func log(_ line: String) {
        FileHandle.standardError.write(Data(("glint serve: " + line + "\n").utf8))
    }

    // MARK: libmicrohttpd callbacks

    /// The body of one request, collected across the handler's calls.
    final class Request {
        let started = DispatchTime.now()
        var body: [UInt8] = []
        var tooLarge = false
        var answered = false
    }

    private static let handle: glint_http_handler = { context, connection, url, method, upload, uploadSize, state in
        guard let context, let connection, let url, let method, let uploadSize, let state else { return 0 }
        let server = Unmanaged<RenderServer>.fromOpaque(context).takeUnretainedValue()
        let exchange = Exchange(connection)
        let path = String(cString: url), verb = String(cString: method)
        if state.pointee == nil {
            _ = server.open.enter()
            let request = Request()
            state.pointee = Unmanaged.passRetained(request).toOpaque()
            // Whatever can be answered from the headers alone is answered before any body is read.
            if let early = server.earlyResponse(verb, path, exchange) { server.send(early, verb, path, request, exchange) }
            return 1
        }
        let request = Unmanaged<Request>.fromOpaque(state.pointee!).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // Past the limit the rest is read and dropped; the 413 goes out when the body has ended.
            if !request.answered, !request.tooLarge, let upload {
                if request.body.count + uploadSize.pointee > server.options.maxBody {
                    (request.body, request.tooLarge) = ([], true)
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return 1
        }
        if !request.answered {
            let response = request.tooLarge ? .error(413, "the body is larger than --max-body (\(server.options.maxBody) bytes)")
                                             : server.response(verb, path, request.body, exchange)
            server.send(response, verb, path, request, exchange)
        }
        return 1
    }

    private static let completed: glint_http_completed = { context, state in
        guard let context, let state else { return }
        Unmanaged<Request>.fromOpaque(state).release()
        Unmanaged<RenderServer>.fromOpaque(context).takeUnretainedValue().open.leave()
    }

    /// Queues `response` and logs the request.
    private func send(_ response: HTTPResponse, _ method: String, _ path: String, _ request: Request, _ exchange: Exchange) {
        request.answered = true
        exchange.respond(response)
        metrics.answered(response.status)
        guard options.logRequests else { return }
        let ms = Double(DispatchTime.now().uptimeNanoseconds - request.started.uptimeNanoseconds) / 1e6
        let backend = response.headers.first { $0.0 == "X-Glint-Backend" }?.1 ?? "-"
        log("\(method) \(path) \(response.status) \(response.body.count) B \(String(format: "%.1f", ms)) ms \(backend)")
    }
}

/// One request's connection: its headers and query arguments, and where its response goes.
struct Exchange {
    let connection: OpaquePointer

    init(_ connection: OpaquePointer) {
        self.connection = connection
    }

    /// A request header (any case) or query argument.
    func header(_ name: String) -> String? { glint_http_header(connection, name).map { String(cString: $0) } }
    func argument(_ name: String) -> String? { glint_http_argument(connection, name).map { String(cString: $0) } }

    /// Queues the response.
    func respond(_ response: HTTPResponse) {
        let names = response.headers.map { strdup($0.0) }, values = response.headers.map { strdup($0.1) }
        defer { (names + values).forEach { free($0) } }
        let cNames = names.map { UnsafePointer<CChar>($0) }, cValues = values.map { UnsafePointer<CChar>($0) }
        _ = response.body.withUnsafeBytes { body in
            glint_http_respond(connection, UInt32(response.status), body.baseAddress, body.count, cNames, cValues, cNames.count)
        }
    }
}
