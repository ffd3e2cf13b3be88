import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A minimal HTTP/1.1 client over a POSIX socket, for talking to `glint serve` in tests: it can also send what no
/// polite client would (truncated bodies, wrong lengths, bytes in dribbles).
public struct HTTPReply {
    public let status: Int
    public let headers: [String: String]
    public let body: [UInt8]

    /// A header by lower-case name.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

public enum HTTPClient {
    /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
    public static func connect(_ port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sends all of `bytes`.
    public static func send(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Reads until the server closes the connection and parses the reply; nil when nothing parseable came.
    public static func receive(_ fd: Int32) -> HTTPReply? {
        var data: [UInt8] = []
        while let more = read(fd) { data += more }
        return parse(data[...])?.reply
    }

    /// Reads `count` replies from a connection kept open (each as long as its Content-Length says), fewer when the
    /// server closes it or stops sending for the socket's timeout.
    public static func receive(_ fd: Int32, replies count: Int) -> [HTTPReply] {
        var data: [UInt8] = [], replies: [HTTPReply] = [], start = 0
        while replies.count < count {
            if let (reply, used) = parse(data[start...]) {
                replies.append(reply)
                start += used
                continue
            }
            guard let more = read(fd) else { break }
            data += more
        }
        return replies
    }

    /// The next bytes from `fd`; nil at its end (or a timeout).
    private static func read(_ fd: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return n > 0 ? Array(buffer[0..<n]) : nil
    }

    /// The reply at the start of `data` and the bytes it takes: its body runs for its Content-Length, or to the end
    /// of `data` without one; nil until its head (and body) are complete.
    private static func parse(_ data: ArraySlice<UInt8>) -> (reply: HTTPReply, used: Int)? {
        guard let end = data.indices.dropLast(3).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 })
        else { return nil }
        let head = String(decoding: data[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let bodyStart = end + 4
        let bodyEnd = headers["content-length"].flatMap(Int.init).map { bodyStart + $0 } ?? data.endIndex
        guard bodyEnd <= data.endIndex else { return nil }
        return (HTTPReply(status: status, headers: headers, body: Array(data[bodyStart..<bodyEnd])), bodyEnd - data.startIndex)
    }

    /// One request on its own connection (`Connection: close`).
    public static func request(_ port: UInt16, _ method: String, _ path: String, body: [UInt8] = [],
                               contentType: String? = "application/json", extraHeaders: [String] = []) -> HTTPReply? {
        guard let fd = connect(port) else { return nil }
        defer { close(fd) }
        var head = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        if let contentType { head.append("Content-Type: \(contentType)") }
        if method == "POST" { head.append("Content-Length: \(body.count)") }
        head += extraHeaders
        send(fd, Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body)
        return receive(fd)
    }

    /// `POST /render` with a spec.
    public static func render(_ port: UInt16, _ spec: String, query: String = "") -> HTTPReply? {
        request(port, "POST", "/render" + query, body: Array(spec.utf8))
    }
}
