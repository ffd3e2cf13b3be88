#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import Glint
import GlintServer

extension Commands {
    /// `glint serve`: runs until SIGTERM or SIGINT, then drains (`/healthz` 503 for `--drain` seconds), stops
    /// accepting, finishes the admitted requests and exits 0. A port in use is exit 69.
    static func serve(_ args: Arguments) throws {
        guard args.positional.isEmpty else { throw GlintError.usage("serve takes no arguments, got '\(args.positional[0])'") }
        // The stop signals are blocked in every thread (threads inherit this mask) and waited for below; the
        // workers are started with an empty mask.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let options = try serveOptions(args)
        let server = try RenderServer(options: options)
        var received: Int32 = 0
        sigwait(&signals, &received)
        server.note("received \(received == SIGTERM ? "SIGTERM" : "SIGINT")")
        server.shutdown(drain: options.drainSeconds, grace: options.timeout + 5)
    }

    /// The server's options from the command line; every number range-checked (exit 64 with the flag's range).
    static func serveOptions(_ args: Arguments) throws -> ServerOptions {
        var options = ServerOptions()
        if let host = args.value("host") { options.host = host }
        if let port = try args.integer("port", in: 0...65535) { options.port = UInt16(port) }
        if let listen = args.value("listen") { (options.host, options.port) = try listenAddress(listen, port: options.port) }
        if let workers = try args.integer("workers", in: 1...256) { options.workers = workers }
        if let queue = try args.integer("queue", in: 0...100_000) { options.queue = queue }
        if let bytes = try args.integer("max-body", in: 1...(1 << 34)) { options.maxBody = bytes }
        if let bytes = try args.integer("max-buffered", in: 1...(1 << 40)) { options.maxBufferedBytes = bytes }
        if let seconds = try args.seconds("timeout", in: 0.001...86_400) { options.timeout = seconds }
        if let count = try args.integer("max-connections", in: 1...100_000) { options.maxConnections = count }
        if let count = try args.integer("max-per-client", in: 0...100_000) { options.maxConnectionsPerClient = count }
        if let seconds = try args.integer("idle-timeout", in: 1...3600) { options.idleTimeout = seconds }
        if let seconds = try args.seconds("read-timeout", in: 0.1...3600) { options.readTimeout = seconds }
        if let seconds = try args.seconds("drain", in: 0...3600) { options.drainSeconds = seconds }
        if let mebibytes = try args.integer("worker-memory", in: 0...(1 << 24)) { options.workerMemoryLimit = mebibytes << 20 }
        if let folder = args.value("data-dir") {
            guard System.isFolder(folder) else {
                throw GlintError.usage("--data-dir must name an existing folder, got '\(folder)'")
            }
            options.dataDirectory = folder
        }
        options.allowedDatabases = Set(args.values("allow-db"))
        options.backend = try args.backend() ?? .auto
        options.logRequests = !args.flag("quiet")
        if let format = args.value("log-format") {
            guard let chosen = ServerOptions.LogFormat(rawValue: format) else {
                throw GlintError.usage("--log-format must be text or json, got '\(format)'")
            }
            options.logFormat = chosen
        }
        return options
    }

    /// `--listen`: `unix:/path`, `HOST:PORT` or `[IPv6]:PORT` (a bare host keeps `port`).
    static func listenAddress(_ text: String, port: UInt16) throws -> (String, UInt16) {
        if text.hasPrefix("unix:") { return (text, 0) }
        var host = Substring(text), portText: Substring?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":") { portText = rest.dropFirst() }
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            (host, portText) = (text[..<colon], text[text.index(after: colon)...])
        }
        guard let portText else { return (String(host), port) }
        guard let number = UInt16(portText) else {
            throw GlintError.usage("--listen must be unix:/path, HOST:PORT or [IPv6]:PORT, got '\(text)'")
        }
        return (String(host), number)
    }
}
