import Glint

/// A render job and its reply as frames: the job carries the request id, the query arguments and the spec; the
/// reply the HTTP response and what the front end logs and counts.
enum WorkerReply {
    /// The frame of a job.
    static func job(id: String, query: [String: String], body: [UInt8]) -> WorkerFrame {
        WorkerFrame(meta: ["id": id, "query": query], body: body)
    }

    /// The frame of a response; `seconds` and `backend` for a render that ran, `notices` to log.
    static func frame(_ response: HTTPResponse, seconds: Double? = nil, backend: String? = nil, notices: [String] = []) -> WorkerFrame {
        var meta: [String: Any] = ["status": response.status, "headers": response.headers.map { [$0.0, $0.1] }, "notices": notices]
        if let seconds { meta["seconds"] = seconds }
        if let backend { meta["backend"] = backend }
        if let reason = response.reason { meta["reason"] = reason }
        return WorkerFrame(meta: meta, body: response.body)
    }

    /// The response a reply frame carries, with its render time and backend; nil for a frame that is not a reply.
    static func response(_ frame: WorkerFrame) -> (response: HTTPResponse, seconds: Double?, backend: String?, notices: [String])? {
        guard let status = frame.meta["status"] as? Int, let pairs = frame.meta["headers"] as? [[String]] else { return nil }
        let headers = pairs.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
        return (HTTPResponse(status: status, headers: headers, body: frame.body, reason: frame.meta["reason"] as? String),
                frame.meta["seconds"] as? Double,
                frame.meta["backend"] as? String, frame.meta["notices"] as? [String] ?? [])
    }

    /// The meta of a worker that could not start, and the error it stands for on the front end's side.
    static func startFailure(_ error: Error) -> [String: Any] {
        let kind: String
        switch error {
        case GlintError.usage: kind = "usage"
        case GlintError.backendUnavailable: kind = "backendUnavailable"
        default: kind = "internalFailure"
        }
        return ["error": "\(error)", "kind": kind]
    }

    static func glintError(kind: String?, message: String) -> GlintError {
        switch kind {
        case "usage": return .usage(message)
        case "backendUnavailable": return .backendUnavailable(message)
        default: return .internalFailure(message)
        }
    }
}
