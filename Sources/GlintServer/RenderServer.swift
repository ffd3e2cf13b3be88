import CHTTPServer
import Dispatch
import FoundationEssentials
import Glint
#if canImport(Glibc)
import Glibc
#endif

/// `glint serve`: a render server. A front end on GNU libmicrohttpd reads requests and hands each `POST /render`
/// to one of `workers` warm worker processes (the nginx / php-fpm / gunicorn model), so whatever a request does
/// to the process that renders it costs that request only: a worker that dies is answered `500` with the request
/// id and replaced, and one that runs past `--timeout` is killed. `GET /healthz`, `/info` and `/metrics` are
/// answered by the front end itself, while renders queue and idle connections are held. Every request is
/// bounded: body size, bytes held, queue length, time, connections, and the files a spec may read.
public final class RenderServer: @unchecked Sendable {
    /// The options it was started with.
    public let options: ServerOptions
    /// The TCP port it listens on (the kernel's pick when asked for port 0; 0 on a unix socket).
    public private(set) var port: UInt16 = 0

    let workers: WorkerPool
    let admission: Admission
    /// Requests begun and not yet answered to the end (their response sent), counted without a limit: shutdown
    /// waits for these, not just for the renders.
    let open = Admission(workers: 0, queue: .max)
    /// Request-body bytes held now, against `maxBufferedBytes`.
    let buffered: ByteBudget
    let metrics = ServerMetrics()
    let log: ServerLog
    private var http: OpaquePointer?
    private let stateLock = Lock()
    private var isDraining = false

    /// Starts the workers and then listens. Throws `GlintError.backendUnavailable` when no worker can render,
    /// `GlintError.usage` for an address that is not one, `GlintError.addressInUse` when another server holds it.
    /// Process-wide, it ignores SIGPIPE (a worker that dies while a job is written to it must not end the front
    /// end) and raises the soft limit on open descriptors to fit `maxConnections`.
    public init(options: ServerOptions) throws {
        self.options = options
        let log = ServerLog(format: options.logFormat)
        self.log = log
        // A worker that dies mid-write must not end the front end with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        RenderServer.allowDescriptors(options.maxConnections + 2 * options.workers + 64)
        let settings = WorkerSettings(backend: options.backend, cpuThreads: max(1, System.coreCount / max(1, options.workers)),
                                      dataDirectory: options.dataDirectory, allowedDatabases: options.allowedDatabases.sorted(),
                                      memoryLimit: options.workerMemoryLimit)
        workers = try WorkerPool(size: options.workers, command: options.workerCommand, settings: settings) { log.event($0) }
        admission = Admission(workers: options.workers, queue: options.queue)
        buffered = ByteBudget(limit: options.maxBufferedBytes)
        var config = glint_http_config()
        config.port = options.port
        config.max_connections = UInt32(clamping: options.maxConnections)
        config.max_per_client = UInt32(clamping: options.maxConnectionsPerClient)
        config.idle_timeout = UInt32(clamping: options.idleTimeout)
        config.read_timeout = options.readTimeout
        var error = [CChar](repeating: 0, count: 512)
        var kind: Int32 = 0
        let context = Unmanaged.passUnretained(self).toOpaque()
        http = options.host.withCString { host in
            config.listen = host
            return glint_http_start(&config, RenderServer.handle, RenderServer.completed, RenderServer.logger, context,
                                    &error, error.count, &kind)
        }
        guard let http else {
            workers.stop()
            let reason = "cannot listen on \(address): \(String(cString: error))"
            throw kind == GLINT_HTTP_ADDRESS_IN_USE ? GlintError.addressInUse(reason) : GlintError.usage(reason)
        }
        port = glint_http_port(http)
        log.event("glint \(GlintVersion.string) listening on \(address) (\(workers.ready.backend), \(options.workers) worker "
                  + "processes, queue \(options.queue), \(options.maxConnections) connections)")
    }

    /// Where it listens, as a URL or a unix socket path.
    public var address: String {
        if options.host.hasPrefix("unix:") { return options.host }
        return options.host.contains(":") ? "http://[\(options.host)]:\(port)" : "http://\(options.host):\(port)"
    }

    /// The pids of the idle worker processes (for operators and tests).
    public var workerProcesses: [Int32] { workers.pids }

    /// Whether the server is draining: `/healthz` answers 503 while it still serves the requests it gets.
    public var draining: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return isDraining
    }

    /// The graceful stop of SIGTERM: `/healthz` answers 503 for `drain` seconds while requests are still served
    /// (a balancer takes the instance out), then the listener closes, admitted requests finish (at most `grace`
    /// seconds), and the workers stop.
    public func shutdown(drain: Double = 0, grace: Double = 60) {
        stateLock.lock()
        let first = !isDraining
        isDraining = true
        let http = self.http
        stateLock.unlock()
        guard first, let http else { return }
        if drain > 0 {
            log.event("draining: /healthz answers 503 for \(drain) s, requests are still served")
            System.sleep(seconds: drain)
        }
        log.event("shutting down: no new connections, finishing \(admission.queued) queued and the running renders")
        glint_http_quiesce(http)
        let drained = open.drain(until: Date().addingTimeInterval(grace))
        // No callback uses the server's C state after this (they read it under the lock), so it can be freed.
        stateLock.lock()
        self.http = nil
        stateLock.unlock()
        glint_http_stop(http)
        workers.stop()
        log.event(drained ? "stopped" : "stopped with requests still running after \(grace) s")
    }

    deinit { shutdown(grace: 0) }

    /// Raises the soft limit on open descriptors to `needed` (each connection holds one; the default soft limit
    /// of 1024 would refuse connections below `maxConnections`), at most to the hard limit.
    static func allowDescriptors(_ needed: Int) {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(needed) else { return }
        limit.rlim_cur = min(rlim_t(needed), limit.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// An event line in the server's log (`glint serve` logs the signal that stops it).
    public func note(_ message: String) { log.event(message) }

    /// The gauges `/metrics` reads at scrape time.
    var gauges: ServerMetrics.Gauges {
        stateLock.lock()
        let connections = http.map { Int(glint_http_open_connections($0)) } ?? 0
        let readTimeouts = http.map { Int(glint_http_read_timeouts($0)) } ?? 0
        stateLock.unlock()
        return ServerMetrics.Gauges(inFlight: open.active, openConnections: connections, queueDepth: admission.queued,
                                    readTimeouts: readTimeouts, restarts: workers.restartCounts, backend: workers.ready.backend)
    }

    // MARK: libmicrohttpd callbacks

    /// One request, from its headers to its last byte sent.
    final class Request {
        let started = DispatchTime.now()
        let exchange: Exchange
        let id: String
        let client: String
        /// The query arguments, read once.
        let arguments: [String: String]
        var body: [UInt8] = []
        var held = 0
        var refused: HTTPResponse?
        var answered = false
        /// Whether a megabyte or more passed through the front end for it (body or response): its end hands the
        /// heap's free memory back (`glint_http_release_memory`).
        var large = false

        init(_ exchange: Exchange) {
            self.exchange = exchange
            id = RequestID.of(exchange.header("X-Request-Id"))
            client = exchange.client
            arguments = exchange.arguments
        }

        /// When the request's time runs out.
        func deadline(_ timeout: Double) -> DispatchTime { started + timeout }
    }

    private static let handle: glint_http_handler = { context, connection, url, method, upload, uploadSize, state in
        guard let context, let connection, let url, let method, let uploadSize, let state else { return 0 }
        let server = Unmanaged<RenderServer>.fromOpaque(context).takeUnretainedValue()
        let path = String(cString: url), verb = String(cString: method)
        if state.pointee == nil {
            _ = server.open.enter()
            let request = Request(Exchange(connection))
            state.pointee = Unmanaged.passRetained(request).toOpaque()
            // Whatever can be answered from the headers alone is decided before any body is read, and sent once the
            // request has ended (its body read and dropped): a response queued earlier makes libmicrohttpd close the
            // connection, and keep-alive clients and proxies would lose it. A body announced over --max-body is not
            // read at all: that 413 goes out at once, and the connection is closed.
            if let early = server.earlyResponse(verb, path, request) {
                if early.status == 413 { server.send(early, verb, path, request) } else { request.refused = early }
            }
            return 1
        }
        let request = Unmanaged<Request>.fromOpaque(state.pointee!).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // Past a limit the rest is read and dropped; the refusal goes out when the body has ended.
            if !request.answered, request.refused == nil, let upload {
                request.refused = server.take(upload, count: uploadSize.pointee, into: request)
            }
            uploadSize.pointee = 0
            return 1
        }
        server.stateLock.lock()
        if let http = server.http { glint_http_request_read(http, connection) }
        server.stateLock.unlock()
        if !request.answered {
            let response = request.refused ?? server.response(verb, path, request)
            server.send(response, verb, path, request)
        }
        return 1
    }

    private static let completed: glint_http_completed = { context, state in
        guard let context, let state else { return }
        let request = Unmanaged<Request>.fromOpaque(state).takeRetainedValue()
        let server = Unmanaged<RenderServer>.fromOpaque(context).takeUnretainedValue()
        server.buffered.release(request.held)
        if request.large {
            request.body = []
            glint_http_release_memory()
        }
        server.open.leave()
    }

    private static let logger: glint_http_logger = { context, line in
        guard let context, let line else { return }
        Unmanaged<RenderServer>.fromOpaque(context).takeUnretainedValue().log.event("libmicrohttpd: " + String(cString: line))
    }

    /// Appends a piece of the body, or says why the request is refused: over `--max-body` (413), or over the
    /// bytes the server holds for all requests (503).
    private func take(_ upload: UnsafePointer<CChar>, count: Int, into request: Request) -> HTTPResponse? {
        guard request.body.count + count <= options.maxBody else {
            buffered.release(request.held)
            (request.body, request.held) = ([], 0)
            return .error(413, "the body is larger than --max-body (\(options.maxBody) bytes)")
        }
        guard buffered.take(count) else {
            buffered.release(request.held)
            (request.body, request.held) = ([], 0)
            return .error(503, "the server holds --max-buffered (\(options.maxBufferedBytes) bytes) of request bodies; retry shortly",
                          headers: [("Retry-After", "1")])
        }
        request.held += count
        // Room for the announced body at once (up to 8 MiB: a slow client's promise reserves no more), not grown by
        // doubling, which leaves the heap fragmented.
        if request.body.isEmpty, let announced = request.exchange.header("Content-Length").flatMap(Int.init), announced <= options.maxBody {
            request.body.reserveCapacity(min(announced, 8 << 20))
        }
        request.large = request.large || request.held >= 1 << 20
        upload.withMemoryRebound(to: UInt8.self, capacity: count) {
            request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
        return nil
    }

    /// Queues `response` with the request id, counts it and logs it.
    private func send(_ response: HTTPResponse, _ method: String, _ path: String, _ request: Request) {
        request.answered = true
        request.large = request.large || response.body.count >= 1 << 20
        var response = response
        response.headers.append(("X-Request-Id", request.id))
        request.exchange.respond(response)
        metrics.answered(response.status, path: path)
        guard options.logRequests else { return }
        let ms = WorkerPool.seconds(from: request.started, to: .now()) * 1000
        let backend = response.headers.first { $0.0 == "X-Glint-Backend" }?.1 ?? "-"
        let reason = response.status >= 400 ? response.reason : nil
        log.request(ServerLog.Entry(client: request.client, id: request.id, method: method, path: path, status: response.status,
                                    bytes: response.body.count, milliseconds: ms, backend: backend, reason: reason))
    }
}

/// One request's connection: its headers, query arguments and client, and where its response goes.
struct Exchange {
    let connection: OpaquePointer

    init(_ connection: OpaquePointer) {
        self.connection = connection
    }

    /// A request header (any case).
    func header(_ name: String) -> String? { glint_http_header(connection, name).map { String(cString: $0) } }

    /// Every query argument, by name (the last of repeated names).
    var arguments: [String: String] {
        final class Box { var pairs: [String: String] = [:] }
        let box = Box()
        glint_http_arguments(connection, { context, name, value in
            guard let context, let name else { return }
            Unmanaged<Box>.fromOpaque(context).takeUnretainedValue().pairs[String(cString: name)] = value.map { String(cString: $0) } ?? ""
        }, Unmanaged.passUnretained(box).toOpaque())
        return box.pairs
    }

    /// The client's address.
    var client: String {
        var buffer = [CChar](repeating: 0, count: 64)
        glint_http_client(connection, &buffer, buffer.count)
        return String(cString: buffer)
    }

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
