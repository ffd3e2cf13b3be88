import Foundation
import Glint

/// A response to send: status, headers and body.
struct HTTPResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    /// Plain text.
    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, body: Array(text.utf8))
    }

    /// A JSON object.
    static func json(_ status: Int, _ object: [String: Any], headers: [(String, String)] = []) -> HTTPResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Array(data) + [0x0A])
    }

    /// An error as `{"error": message, "path": JSON path}` (the path when the message starts with one).
    static func error(_ status: Int, _ message: String, headers: [(String, String)] = []) -> HTTPResponse {
        var object: [String: Any] = ["error": message]
        if let colon = message.range(of: ": "), !message[..<colon.lowerBound].contains(" ") {
            object["path"] = String(message[..<colon.lowerBound])
        }
        return json(status, object, headers: headers)
    }

    /// The status for a library error: bad data 400, a refused file 403, an unreachable database 502, anything else 500.
    static func error(for error: Error) -> HTTPResponse {
        switch error {
        case let GlintError.badData(message): return .error(400, message)
        case let GlintError.forbidden(message): return .error(403, message)
        case let GlintError.noInput(message): return .error(400, message)
        case let GlintError.sourceUnavailable(message): return .error(502, message)
        default: return .error(500, "\(error)")
        }
    }
}
