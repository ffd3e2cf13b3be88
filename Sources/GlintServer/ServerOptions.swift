import Glint

/// How `glint serve` runs: where it listens, how much it renders at once and what it accepts.
public struct ServerOptions: Sendable {
    /// The IPv4 address to bind: loopback unless another is asked for explicitly.
    public var host = "127.0.0.1"
    /// The TCP port; 0 lets the kernel pick a free one (see `RenderServer.port`).
    public var port: UInt16 = 8080
    /// Charts rendered at once, each on its own warm renderer.
    public var workers = System.coreCount
    /// Requests that may wait for a free renderer; more get `503` with `Retry-After`.
    public var queue = 64
    /// The largest request body accepted, in bytes; larger ones get `413`.
    public var maxBody = 64 << 20
    /// Seconds a render may take before the request gets `504`.
    public var timeout = 30.0
    /// The folder CSV `data` paths are read from (nothing outside it); nil refuses every data file (`403`).
    public var dataDirectory: String?
    /// The databases specs may read and the drivers that open them; by default none (`403`).
    public var databases = DatabaseAccess(allowed: [])
    /// The painter of the warm renderers (a request's `backend` argument may ask for another).
    public var backend: Backend = .auto
    /// Whether each request is logged on standard error.
    public var logRequests = true

    /// The defaults: loopback:8080, one worker per core, a queue of 64, 64 MiB bodies, 30 s renders, no data files.
    public init() {}
}
