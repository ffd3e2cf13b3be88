import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// One message between the front end and a worker: named text fields (`fields`) and a byte body (a spec, a PNG).
/// On the wire: `GLW2`, the fields' length (UInt32) and the body's length (UInt64), little-endian, then the fields
/// as length-prefixed name and value pairs, then the body. No JSON on the way: a small chart's round trip is a
/// fraction of a millisecond, and JSON coding of four small objects per request was a measurable share of it.
struct WorkerFrame {
    var fields: [String: String]
    var body: [UInt8] = []

    /// The largest fields block accepted, in bytes.
    static let maxFields = 1 << 20
    /// The largest body accepted, in bytes (an image of 2^28 pixels, uncompressed, with room to spare).
    static let maxBody = 1 << 31
    static let magic: [UInt8] = Array("GLW2".utf8)

    init(fields: [String: String], body: [UInt8] = []) {
        self.fields = fields
        self.body = body
    }

    /// A field of several values: `name.0`, `name.1`, ... in order.
    func list(_ name: String) -> [String] {
        var values: [String] = []
        while let value = fields["\(name).\(values.count)"] { values.append(value) }
        return values
    }

    /// Sets the fields of a list (see `list(_:)`).
    mutating func setList(_ name: String, _ values: [String]) {
        for (i, value) in values.enumerated() { fields["\(name).\(i)"] = value }
    }

    /// The bytes of the frame.
    func encoded() -> [UInt8] {
        var block: [UInt8] = []
        func append(_ text: String) {
            withUnsafeBytes(of: UInt32(text.utf8.count).littleEndian) { block += $0 }
            block += text.utf8
        }
        for (name, value) in fields {
            append(name)
            append(value)
        }
        var bytes = WorkerFrame.magic
        bytes.reserveCapacity(16 + block.count + body.count)
        withUnsafeBytes(of: UInt32(block.count).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt64(body.count).littleEndian) { bytes += $0 }
        bytes += block
        bytes += body
        return bytes
    }

    /// The lengths in a frame's 16-byte header, or nil when it is not one.
    static func lengths(_ header: [UInt8]) -> (fields: Int, body: Int)? {
        guard header.count == 16, Array(header[0..<4]) == magic else { return nil }
        let fields = header[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        let body = header[8..<16].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard fields <= maxFields, body <= UInt64(maxBody) else { return nil }
        return (fields, Int(body))
    }

    /// A frame from its fields block and body, or nil when the block is malformed.
    init?(block: [UInt8], body: [UInt8]) {
        var fields: [String: String] = [:]
        var at = 0
        func text() -> String? {
            guard at + 4 <= block.count else { return nil }
            let length = block[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            at += 4
            guard length <= block.count - at else { return nil }
            defer { at += length }
            return String(decoding: block[at..<at + length], as: UTF8.self)
        }
        while at < block.count {
            guard let name = text(), let value = text() else { return nil }
            fields[name] = value
        }
        self.fields = fields
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
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else { throw ChannelFailure.closed }
                try wait(for: Int16(POLLOUT), until: deadline)
                continue
            }
            offset += n
        }
    }

    /// Reads one whole frame, by `deadline` when one is given.
    func receive(by deadline: DispatchTime? = nil) throws -> WorkerFrame {
        let header = try read(16, by: deadline)
        guard let (fieldsLength, bodyLength) = WorkerFrame.lengths(header) else { throw ChannelFailure.closed }
        let block = try read(fieldsLength, by: deadline)
        let body = try read(bodyLength, by: deadline)
        guard let frame = WorkerFrame(block: block, body: body) else { throw ChannelFailure.closed }
        return frame
    }

    private func read(_ count: Int, by deadline: DispatchTime?) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                guard errno == EAGAIN else { throw ChannelFailure.closed }
                try wait(for: Int16(POLLIN), until: deadline)
                continue
            }
            if n == 0 { throw ChannelFailure.closed }
            offset += n
        }
        return bytes
    }

    /// Waits until the descriptor (non-blocking, on the front end's side) is ready for `events`, at most until
    /// `deadline`. A blocking descriptor (the worker's side) never gets here: its calls wait themselves.
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
