import GlintServer
import Testing

/// Render servers for tests.
public enum TestServer {
    /// A server on a free port with `configure`d options (CPU painter unless told otherwise, no request log), its
    /// worker processes started from the `glint` binary the tests built.
    public static func start(_ configure: (inout ServerOptions) -> Void = { _ in }) throws -> RenderServer {
        var options = ServerOptions()
        options.port = 0
        options.workers = 2
        options.backend = .cpu
        options.logRequests = false
        options.drainSeconds = 0
        options.workerCommand = [try #require(GlintCommand.binary).path, "serve-worker"]
        configure(&options)
        return try RenderServer(options: options)
    }
}
