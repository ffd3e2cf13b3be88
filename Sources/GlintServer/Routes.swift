import FoundationEssentials
import Glibc
import Glint

/// What each path answers.
extension RenderServer {
    /// The methods each path allows.
    static let routes: [String: String] = ["/render": "POST", "/layout": "POST", "/healthz": "GET", "/info": "GET", "/metrics": "GET"]
    /// The query arguments each path takes; any other is refused, so a typo never vanishes.
    static let arguments: [String: Set<String>] = ["/render": ["width", "height", "scale", "backend", "png-level", "format", "rasterize-above"],
                                                   "/layout": ["width", "height", "scale"]]

    /// A response that needs no body: unknown path `404`, wrong method `405`, an unknown query argument `400`,
    /// and for `/render` a wrong content type `415` or a declared length over the limit `413`; nil when the
    /// request goes on.
    func earlyResponse(_ method: String, _ path: String, _ request: Request) -> HTTPResponse? {
        guard let allowed = RenderServer.routes[path] else {
            return .error(404, "no such path: \(BoundedText.line(path, limit: 200)); paths: /render (POST), /layout (POST), /healthz, /info, /metrics")
        }
        guard method == allowed || (allowed == "GET" && method == "HEAD") else {
            return .error(405, "\(path) answers \(allowed) only", headers: [("Allow", allowed)])
        }
        let known = RenderServer.arguments[path] ?? []
        if let unknown = request.arguments.keys.sorted().first(where: { !known.contains($0) }) {
            let takes = known.isEmpty ? "takes no query arguments" : "takes \(known.sorted().joined(separator: ", "))"
            return .error(400, "unknown query argument '\(BoundedText.line(unknown, limit: 64))' for \(path), which \(takes)")
        }
        guard allowed == "POST" else { return response(method, path, request) }
        if path == "/render", case let .refused(status, message) = format(of: request) { return .error(status, message) }
        let contentType = request.exchange.header("Content-Type")
        let type = contentType?.split(separator: ";").first.map { BoundedText.trimmingSpaces(String($0)).lowercased() }
        guard type == "application/json" || type == "multipart/form-data" else {
            return .error(415, "POST \(path) takes Content-Type: application/json (the spec), or multipart/form-data (the spec and its columns), "
                          + "found \(type.map { "'\(BoundedText.line($0, limit: 64))'" } ?? "none")")
        }
        if type == "multipart/form-data", contentType.flatMap(MultipartBody.boundary(ofContentType:)) == nil {
            return .error(400, "a multipart/form-data body needs a boundary of 1 to 70 characters in its Content-Type")
        }
        if let length = request.exchange.header("Content-Length").flatMap(Int.init), length > options.maxBody {
            return .error(413, "the body is larger than --max-body (\(options.maxBody) bytes)")
        }
        return nil
    }

    /// The format `POST /render` answers in: `?format=`, else the `Accept` header's choice (`FormatNegotiation`).
    func format(of request: Request) -> FormatNegotiation.Outcome {
        FormatNegotiation.choose(argument: request.arguments["format"], accept: request.exchange.header("Accept"))
    }

    /// The response to a complete request.
    func response(_ method: String, _ path: String, _ request: Request) -> HTTPResponse {
        switch path {
        case "/render":
            return render(request)
        case "/layout":
            return render(request, layout: true)
        case "/healthz":
            if draining { return .text(503, "draining: this server is stopping\n") }
            let problems = workers.ready.problems
            return problems.isEmpty ? .text(200, "ok\n") : .text(503, problems.joined(separator: "\n") + "\n")
        case "/info":
            let ready = workers.ready
            return .json(200, ["version": .string(GlintVersion.string), "backend": .string(ready.backend), "reason": .string(ready.reason),
                               "workers": .int(options.workers), "problems": .array(ready.problems.map(JSONTree.string)),
                               "report": .array(ready.report.map(JSONTree.string))])
        default:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: Array(metrics.text(gauges).utf8))
        }
    }

    /// `POST /render`: the spec in the body (or a multipart body of the spec and its columns, `ColumnParts`) with the query's `width`, `height`, `scale`, `backend`, `png-level`,
    /// `format` and `rasterize-above`, rendered by a worker process in the negotiated format (PNG, SVG or PDF), all
    /// within `--timeout` of the request's headers. With `layout`
    /// (`POST /layout`), the worker answers the layout's JSON (`LayoutReport`) instead of the PNG.
    func render(_ request: Request, layout: Bool = false) -> HTTPResponse {
        guard admission.enter() else {
            return .error(503, "the render queue is full (\(options.queue) waiting); retry shortly", headers: [("Retry-After", "1")])
        }
        defer { admission.leave() }
        let deadline = request.deadline(options.timeout)
        var query = request.arguments
        if !layout, case let .format(format) = self.format(of: request) { query["format"] = format.rawValue }
        let job = WorkerReply.job(id: request.id, query: query, body: request.body, contentType: request.exchange.header("Content-Type"), layout: layout)
        var waited = 0.0
        let outcome = workers.run(job, by: deadline, waited: &waited)
        metrics.waited(waited)
        switch outcome {
        case let .reply(frame):
            guard let (response, seconds, backend, notices) = WorkerReply.response(frame) else {
                return .error(500, "the worker sent a reply that is not one (request id \(request.id))", extra: ["requestId": .string(request.id)])
            }
            if let seconds, let backend { metrics.rendered(seconds: seconds, backend: backend) }
            for notice in notices { log.event("request \(request.id): fallback: \(notice)") }
            return response
        case .noWorker, .timedOut:
            metrics.timedOut()
            let stopped = outcome.isTimedOut ? "; its render was stopped with its worker" : ""
            return .error(504, "the request took longer than --timeout (\(options.timeout) s): "
                          + Printf.double("%.2f", waited) + " s waiting for a worker" + stopped, extra: ["requestId": .string(request.id)])
        case let .died(cause):
            return .error(500, "the worker rendering this request ended (\(cause)); it has been replaced (request id \(request.id))",
                          extra: ["requestId": .string(request.id)])
        }
    }
}

extension WorkerPool.Outcome {
    var isTimedOut: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
