import Foundation
import Glint

/// The server's log on standard error: one line per request, and the server's own events (start, workers,
/// drain, libmicrohttpd's messages), as text or JSON lines. User text in a line is escaped onto that line
/// (`BoundedText`), so a request cannot forge another line.
struct ServerLog: Sendable {
    let format: ServerOptions.LogFormat

    /// One answered request.
    struct Entry {
        var client: String
        var id: String
        var method: String
        var path: String
        var status: Int
        var bytes: Int
        var milliseconds: Double
        var backend: String
        /// Why a 4xx or 5xx was answered; nil otherwise.
        var reason: String?
    }

    /// Writes the line of a request.
    func request(_ entry: Entry) {
        let method = BoundedText.line(entry.method, limit: 16), path = BoundedText.line(entry.path, limit: 200)
        let reason = entry.reason.map { BoundedText.line($0) }
        switch format {
        case .text:
            var line = "\(ServerLog.timestamp()) \(entry.client) \(entry.id) \(method) \(path) \(entry.status) \(entry.bytes) B "
                + "\(String(format: "%.1f", entry.milliseconds)) ms \(entry.backend)"
            if let reason { line += " reason=\"\(reason.replacingOccurrences(of: "\"", with: "'"))\"" }
            write(line)
        case .json:
            var object: [String: Any] = ["time": ServerLog.timestamp(), "client": entry.client, "id": entry.id, "method": method,
                                         "path": path, "status": entry.status, "bytes": entry.bytes,
                                         "ms": (entry.milliseconds * 10).rounded() / 10, "backend": entry.backend]
            object["reason"] = reason
            write(ServerLog.json(object))
        }
    }

    /// Writes an event of the server itself.
    func event(_ message: String) {
        switch format {
        case .text: write("\(ServerLog.timestamp()) glint serve: \(BoundedText.line(message))")
        case .json: write(ServerLog.json(["time": ServerLog.timestamp(), "event": BoundedText.line(message)]))
        }
    }

    private func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    private static func json(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The time now in UTC, to the millisecond: `2026-12-01T10:00:00.000Z`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(now.tv_nsec / 1_000_000))
    }
}
