import Glint

/// A render job and its reply as frames: the job carries the request id, the query arguments (`query.NAME`) and
/// the spec; the reply the HTTP response (`status`, `header.NAME`) and what the front end logs and counts.
enum WorkerReply {
    /// The frame of a job: a render, or with `layout` the layout's JSON.
    static func job(id: String, query: [String: String], body: [UInt8], contentType: String? = nil, layout: Bool = false) -> WorkerFrame {
        var fields = ["id": id]
        if layout { fields["layout"] = "1" }
        fields["contentType"] = contentType
        for (name, value) in query { fields["query." + name] = value }
        return WorkerFrame(fields: fields, body: body)
    }

    /// The boundary of a job whose body is `multipart/form-data`; nil for a JSON body.
    static func multipartBoundary(of job: WorkerFrame) -> String? {
        job.fields["contentType"].flatMap(MultipartBody.boundary(ofContentType:))
    }

    /// Whether a job asks for the layout's JSON rather than a render.
    static func asksForLayout(_ job: WorkerFrame) -> Bool { job.fields["layout"] != nil }

    /// The query arguments of a job.
    static func query(of job: WorkerFrame) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in job.fields where name.hasPrefix("query.") { query[String(name.dropFirst(6))] = value }
        return query
    }

    /// The frame of a response; `seconds` and `backend` for a render that ran, `notices` to log.
    static func frame(_ response: HTTPResponse, seconds: Double? = nil, backend: String? = nil, notices: [String] = []) -> WorkerFrame {
        var frame = WorkerFrame(fields: ["status": "\(response.status)"], body: response.body)
        frame.setList("header", response.headers.map { $0.0 + ": " + $0.1 })
        frame.setList("notice", notices)
        frame.fields["seconds"] = seconds.map { "\($0)" }
        frame.fields["backend"] = backend
        frame.fields["reason"] = response.reason
        return frame
    }

    /// The response a reply frame carries, with its render time and backend; nil for a frame that is not a reply.
    static func response(_ frame: WorkerFrame) -> (response: HTTPResponse, seconds: Double?, backend: String?, notices: [String])? {
        guard let status = frame.fields["status"].flatMap({ Int($0) }) else { return nil }
        let headers = frame.list("header").compactMap { line -> (String, String)? in
            guard let colon = line.firstRange(of: ": ") else { return nil }
            return (String(line[..<colon.lowerBound]), String(line[colon.upperBound...]))
        }
        return (HTTPResponse(status: status, headers: headers, body: frame.body, reason: frame.fields["reason"]),
                frame.fields["seconds"].flatMap { Double($0) }, frame.fields["backend"], frame.list("notice"))
    }

    /// The frame of a worker that could not start.
    static func startFailure(_ error: Error) -> WorkerFrame {
        let kind: String
        switch error {
        case GlintError.usage: kind = "usage"
        case GlintError.backendUnavailable: kind = "backendUnavailable"
        default: kind = "internalFailure"
        }
        return WorkerFrame(fields: ["error": "\(error)", "kind": kind])
    }

    /// The error a start failure stands for on the front end's side.
    static func glintError(kind: String?, message: String) -> GlintError {
        switch kind {
        case "usage": return .usage(message)
        case "backendUnavailable": return .backendUnavailable(message)
        default: return .internalFailure(message)
        }
    }
}
