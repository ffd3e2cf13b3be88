import Foundation
import Glint

/// What each path answers.
extension RenderServer {
    /// The methods each path allows.
    static let routes: [String: String] = ["/render": "POST", "/healthz": "GET", "/info": "GET", "/metrics": "GET"]

    /// A response that needs no body: unknown path `404`, wrong method `405`, and for `/render` a wrong content
    /// type `415` or a declared length over the limit `413`; nil when the request goes on.
    func earlyResponse(_ method: String, _ path: String, _ exchange: Exchange) -> HTTPResponse? {
        guard let allowed = RenderServer.routes[path] else { return .error(404, "no such path: \(path); paths: /render (POST), /healthz, /info, /metrics") }
        guard method == allowed || (allowed == "GET" && method == "HEAD") else {
            return .error(405, "\(path) answers \(allowed) only", headers: [("Allow", allowed)])
        }
        guard path == "/render" else { return response(method, path, [], exchange) }
        let type = exchange.header("Content-Type")?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            return .error(415, "POST /render takes Content-Type: application/json, found \(type.map { "'\($0)'" } ?? "none")")
        }
        if let length = exchange.header("Content-Length").flatMap(Int.init), length > options.maxBody {
            return .error(413, "the body is larger than --max-body (\(options.maxBody) bytes)")
        }
        return nil
    }

    /// The response to a complete request.
    func response(_ method: String, _ path: String, _ body: [UInt8], _ exchange: Exchange) -> HTTPResponse {
        switch path {
        case "/render": return render(body, exchange)
        case "/healthz":
            let problems = renderers.problems
            return problems.isEmpty ? .text(200, "ok\n") : .text(503, problems.joined(separator: "\n") + "\n")
        case "/info":
            return .json(200, renderers.info)
        default:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
                                body: Array(metrics.text(queueDepth: admission.queued, backend: renderers.defaultBackend).utf8))
        }
    }

    /// `POST /render`: the spec in the body, overridden by the query's `width`, `height`, `scale`, `backend` and
    /// `png-level`, rendered on a warm renderer within the timeout.
    func render(_ body: [UInt8], _ exchange: Exchange) -> HTTPResponse {
        guard admission.enter() else {
            return .error(503, "the render queue is full (\(options.queue) waiting); retry shortly", headers: [("Retry-After", "1")])
        }
        let files: DataFiles = options.dataDirectory.map { .confined(to: $0) } ?? .none
        let request: RenderRequest
        do {
            request = try RenderRequest(body, files: files, databases: options.databases, argument: exchange.argument)
        } catch {
            admission.leave()
            return .error(for: error)
        }
        // The render runs on its own; the request waits at most the timeout for it.
        let done = DispatchSemaphore(value: 0)
        let outcome = RenderOutcome()
        DispatchQueue.global().async { [self] in
            defer { admission.leave() }
            let start = DispatchTime.now()
            do {
                let pool = try renderers.pool(request.backend)
                let image = try pool.render(request.chart)
                let png = try image.pngData(compressionLevel: request.pngLevel)
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
                let backend = image.backend?.rawValue ?? "-"
                metrics.rendered(seconds: seconds, backend: backend)
                // A GL worker whose render failed drew on the CPU instead: said in the log, counted by backend.
                for notice in image.notices where notice.hasPrefix("rendered on the CPU") { log("fallback: \(notice)") }
                outcome.set(HTTPResponse(status: 200, headers: [("Content-Type", "image/png"), ("X-Glint-Backend", backend),
                                                                 ("X-Glint-Render-Ms", String(format: "%.1f", seconds * 1000))],
                                         body: png))
            } catch {
                outcome.set(.error(for: error))
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + options.timeout) == .success, let response = outcome.value else {
            metrics.timedOut()
            return .error(504, "the render took longer than --timeout (\(options.timeout) s); its renderer is freed when it ends")
        }
        return response
    }
}

/// A render's response, handed from the rendering thread to the waiting request.
final class RenderOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var response: HTTPResponse?

    func set(_ value: HTTPResponse) {
        lock.lock()
        response = value
        lock.unlock()
    }

    var value: HTTPResponse? {
        lock.lock()
        defer { lock.unlock() }
        return response
    }
}
