import FoundationEssentials
import Glibc
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
                + "\(Printf.double("%.1f", entry.milliseconds)) ms \(entry.backend)"
            if let reason { line += " reason=\"\(BoundedText.replacing("\"", with: "'", in: reason))\"" }
            write(line)
        case .json:
            var object: [String: JSONTree] = ["time": .string(ServerLog.timestamp()), "client": .string(entry.client), "id": .string(entry.id),
                                              "method": .string(method), "path": .string(path), "status": .int(entry.status),
                                              "bytes": .int(entry.bytes), "ms": .number((entry.milliseconds * 10).rounded() / 10),
                                              "backend": .string(entry.backend)]
            object["reason"] = reason.map(JSONTree.string)
            write(JSONTree.object(object).text)
        }
    }

    /// Writes an event of the server itself.
    func event(_ message: String) {
        switch format {
        case .text: write("\(ServerLog.timestamp()) glint serve: \(BoundedText.line(message))")
        case .json: write(JSONTree.object(["time": .string(ServerLog.timestamp()), "event": .string(BoundedText.line(message))]).text)
        }
    }

    /// One whole line on standard error (a single write: lines from several threads do not interleave).
    private func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + done, buffer.count - done)
                if written > 0 { done += written } else if errno != EINTR { return }
            }
        }
    }

    /// The time now in UTC, to the millisecond: `2026-12-01T10:00:00.000Z`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        return "\(digits(Int(parts.tm_year) + 1900, 4))-\(digits(Int(parts.tm_mon) + 1, 2))-\(digits(Int(parts.tm_mday), 2))T"
            + "\(digits(Int(parts.tm_hour), 2)):\(digits(Int(parts.tm_min), 2)):\(digits(Int(parts.tm_sec), 2)).\(digits(Int(now.tv_nsec / 1_000_000), 3))Z"
    }
}
