import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One message between the front end and a worker: a small JSON object (`meta`) and a byte body (a spec, a PNG).
/// On the wire: `GLW1`, the meta's length (UInt32) and the body's length (UInt64), little-endian, then both.
struct WorkerFrame {
    var meta: [String: Any]
    var body: [UInt8] = []

    /// The largest meta object accepted, in bytes.
    static let maxMeta = 1 << 20
    /// The largest body accepted, in bytes (an image of 2^28 pixels, uncompressed, with room to spare).
    static let maxBody = 1 << 31
    static let magic: [UInt8] = Array("GLW1".utf8)

    /// The bytes of the frame.
    func encoded() -> [UInt8] {
        let json = (try? JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys])) ?? Data("{}".utf8)
        var bytes = WorkerFrame.magic
        bytes.reserveCapacity(16 + json.count + body.count)
        withUnsafeBytes(of: UInt32(json.count).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt64(body.count).littleEndian) { bytes += $0 }
        bytes += json
        bytes += body
        return bytes
    }

    /// The lengths in a frame's 16-byte header, or nil when it is not one.
    static func lengths(_ header: [UInt8]) -> (meta: Int, body: Int)? {
        guard header.count == 16, Array(header[0..<4]) == magic else { return nil }
        let meta = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        let body = header[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard meta <= maxMeta, body <= UInt64(maxBody) else { return nil }
        return (meta, Int(body))
    }

    /// A frame from its meta bytes and body, or nil when the meta is not a JSON object.
    init?(meta: [UInt8], body: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(meta)) as? [String: Any] else { return nil }
        self.meta = object
        self.body = body
    }

    init(meta: [String: Any], body: [UInt8] = []) {
        self.meta = meta
        self.body = body
    }
}

/// Why a channel read or write did not complete.
enum ChannelFailure: Error {
    /// The other side closed or broke the channel (a worker that died), or sent something that is not a frame.
    case closed
    /// The deadline passed first.
    case timedOut
}

/// Frames read and written on a descriptor: blocking (the worker's side) or against a deadline (the front end's,
/// which never waits on a worker past a request's timeout).
struct WorkerChannel {
    let fd: Int32

    /// Writes `frame` whole, by `deadline` when one is given.
    func send(_ frame: WorkerFrame, by deadline: DispatchTime? = nil) throws {
        let bytes = frame.encoded()
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT), until: deadline)
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ChannelFailure.closed
            }
            offset += n
        }
    }

    /// Reads one whole frame, by `deadline` when one is given.
    func receive(by deadline: DispatchTime? = nil) throws -> WorkerFrame {
        let header = try read(16, by: deadline)
        guard let (metaLength, bodyLength) = WorkerFrame.lengths(header) else { throw ChannelFailure.closed }
        let meta = try read(metaLength, by: deadline)
        let body = try read(bodyLength, by: deadline)
        guard let frame = WorkerFrame(meta: meta, body: body) else { throw ChannelFailure.closed }
        return frame
    }

    private func read(_ count: Int, by deadline: DispatchTime?) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            try wait(for: Int16(POLLIN), until: deadline)
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, count - offset) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw ChannelFailure.closed
            }
            if n == 0 { throw ChannelFailure.closed }
            offset += n
        }
        return bytes
    }

    /// Waits until the descriptor is ready for `events` (at once without a deadline: the call itself blocks).
    private func wait(for events: Int16, until deadline: DispatchTime?) throws {
        guard let deadline else { return }
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard deadline.uptimeNanoseconds > now else { throw ChannelFailure.timedOut }
            let milliseconds = Int32(clamping: (deadline.uptimeNanoseconds - now + 999_999) / 1_000_000)
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw ChannelFailure.closed }
        }
    }
}
