import FoundationEssentials
import Glibc
import Glint

/// How `glint serve` runs: where it listens, how many worker processes render, and every limit on what a client
/// may hold or ask for. `docs/serve.md` lists each with its flag.
public struct ServerOptions: Sendable {
    /// The address to bind: an IPv4 address (loopback unless another is asked for explicitly), an IPv6 one
    /// (`::1`, `::`), or `unix:/path` for a unix socket.
    public var host = "127.0.0.1"
    /// The TCP port; 0 lets the kernel pick a free one (see `RenderServer.port`).
    public var port: UInt16 = 8080
    /// Worker processes, each rendering one chart at a time with its own warm renderer.
    public var workers = System.coreCount
    /// Requests that may wait for a free worker; more get `503` with `Retry-After`.
    public var queue = 64
    /// The largest request body accepted, in bytes; larger ones get `413`.
    public var maxBody = 64 << 20
    /// The most request-body bytes held at once over all requests (read, queued or rendering); a request that
    /// would pass it gets `503`, so a full queue of large bodies cannot exhaust memory.
    public var maxBufferedBytes = 256 << 20
    /// Seconds a request may take from its headers to its response: body read, parse, queue wait and render.
    /// Past it the client gets `504`, and a render still running is stopped with its worker.
    public var timeout = 30.0
    /// Connections open at once; more are refused.
    public var maxConnections = 1024
    /// Connections open at once from one client address (0: no limit beyond `maxConnections`). Behind a proxy
    /// every connection comes from the proxy: raise it, or set 0.
    public var maxConnectionsPerClient = 512
    /// Seconds a connection may stay idle (a keep-alive connection between requests, or a stalled one) before it
    /// is closed.
    public var idleTimeout = 5
    /// Seconds a connection has to deliver a whole request (headers and body); slower ones are closed.
    public var readTimeout = 30.0
    /// Seconds `/healthz` answers 503 after SIGTERM before the listener closes, so a balancer stops sending new
    /// requests while those in flight finish.
    public var drainSeconds = 5.0
    /// The largest address space of one worker, in bytes (0: unlimited): a render that needs more ends that
    /// worker only (its request gets `500`).
    public var workerMemoryLimit = 8 << 30
    /// The command that starts a worker process; it must end in `serve-worker` of a `glint` binary, or in an
    /// executable that calls `RenderWorker.run`. By default this very executable with `serve-worker`.
    public var workerCommand = [ServerOptions.ownExecutable, "serve-worker"]
    /// The folder CSV `data` paths are read from (nothing outside it); nil refuses every data file (`403`).
    public var dataDirectory: String?
    /// The databases specs may read; by default none (`403`). The workers open them with their own drivers.
    public var allowedDatabases: Set<String> = []
    /// The painter of the workers' renderers (a request's `backend` argument may ask for another).
    public var backend: Backend = .auto
    /// Whether each request is logged on standard error.
    public var logRequests = true
    /// How log lines are written.
    public var logFormat: LogFormat = .text

    /// The form of log lines.
    public enum LogFormat: String, Sendable, CaseIterable {
        /// `2026-12-01T10:00:00.000Z 127.0.0.1 id POST /render 200 1234 B 5.1 ms cpu`, the reason after a 4xx/5xx.
        case text
        /// One JSON object a line: time, client, id, method, path, status, bytes, ms, backend, reason.
        case json
    }

    /// The defaults: loopback:8080, one worker per core, a queue of 64, 64 MiB bodies, 30 s per request,
    /// 1024 connections, no data files.
    public init() {}

    /// The path of the running executable.
    public static var ownExecutable: String {
        System.executablePath(or: CommandLine.arguments[0])
    }
}
