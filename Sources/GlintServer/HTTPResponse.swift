import FoundationEssentials
import Glibc
import Glint

/// A response to send: status, headers and body, and for an error the reason the log gives.
struct HTTPResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    /// Why a 4xx or 5xx was answered (for the log line; the body says it too).
    var reason: String?

    init(status: Int, headers: [(String, String)], body: [UInt8], reason: String? = nil) {
        (self.status, self.headers, self.body, self.reason) = (status, headers, body, reason)
    }

    /// Plain text.
    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(text.utf8),
                     reason: status >= 400 ? BoundedText.trimming(text) { $0.isNewline } : nil)
    }

    /// A JSON object.
    static func json(_ status: Int, _ object: [String: JSONTree], headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(JSONTree.object(object).text.utf8) + [0x0A])
    }

    /// An error as `{"error": message, "path": JSON path}` (the path when the error names one), plus any `extra`
    /// fields.
    static func error(_ status: Int, _ message: String, path: String? = nil, headers: [(String, String)] = [],
                      extra: [String: JSONTree] = [:]) -> HTTPResponse {
        var object = extra.merging(["error": .string(message)]) { _, new in new }
        if let path { object["path"] = .string(BoundedText.line(path)) }
        var response = json(status, object, headers: headers)
        response.reason = message
        return response
    }

    /// The response to a library error, with its `GlintError.httpStatus` (a `ChartError` as the bad value it
    /// names; 500 for any other error); the message on one bounded line.
    static func error(for error: Error) -> HTTPResponse {
        let glint = error as? GlintError ?? (error as? ChartError)?.glintError
        return .error(glint?.httpStatus ?? 500, BoundedText.line("\(error)"), path: glint?.path)
    }
}
