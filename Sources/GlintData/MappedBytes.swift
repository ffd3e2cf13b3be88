#if canImport(Glibc)
import Glibc
#endif

/// The bytes of a file mapped read-only into memory (pages are read by the kernel as they are touched, and
/// never copied into the process's own memory), or bytes already in memory (standard input).
final class MappedBytes: @unchecked Sendable {
    /// The bytes; valid while this object lives.
    let bytes: UnsafeBufferPointer<UInt8>
    private let mapping: (address: UnsafeMutableRawPointer, length: Int)?
    private let owned: UnsafeMutableBufferPointer<UInt8>?

    /// Maps the file at `path`; throws `CSVError.unreadable` with the system's reason.
    init(path: String, displayPath: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CSVError.unreadable(file: displayPath, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw CSVError.unreadable(file: displayPath, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            // A FIFO, device or the like cannot be mapped: read it once instead.
            let read = try MappedBytes.readAll(fd, displayPath: displayPath)
            (bytes, mapping, owned) = (UnsafeBufferPointer(read), nil, read)
            return
        }
        let length = Int(info.st_size)
        guard length > 0 else {
            (bytes, mapping, owned) = (UnsafeBufferPointer(start: nil, count: 0), nil, nil)
            return
        }
        // MAP_POPULATE maps every page now, in one go, instead of one page fault per 4 KiB as they are read.
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0), address != MAP_FAILED else {
            throw CSVError.unreadable(file: displayPath, reason: String(cString: strerror(errno)))
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
        mapping = (address, length)
        owned = nil
    }

    /// Bytes read from a descriptor to its end (standard input), read once.
    init(descriptor fd: Int32, displayPath: String) throws {
        let read = try MappedBytes.readAll(fd, displayPath: displayPath)
        (bytes, mapping, owned) = (UnsafeBufferPointer(read), nil, read)
    }

    deinit {
        if let mapping { munmap(mapping.address, mapping.length) }
        owned?.deallocate()
    }

    /// The most bytes read from a file that is not mapped (standard input, a pipe, a device): an endless one such
    /// as `/dev/zero` stops here with an error instead of growing memory.
    static let maxStreamBytes = 2 << 30

    /// Reads `fd` to its end into one growing allocation, at most `maxStreamBytes`.
    private static func readAll(_ fd: Int32, displayPath: String) throws -> UnsafeMutableBufferPointer<UInt8> {
        var capacity = 1 << 20, count = 0
        var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        while true {
            if count == capacity {
                guard capacity < maxStreamBytes else {
                    buffer.deallocate()
                    throw CSVError.unreadable(file: displayPath, reason: "it is longer than the limit of \(maxStreamBytes >> 30) GiB "
                                              + "for data read from a stream (an endless device such as /dev/zero?)")
                }
                let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 64)
                bigger.copyMemory(from: buffer, byteCount: count)
                buffer.deallocate()
                (buffer, capacity) = (bigger, capacity * 2)
            }
            let n = read(fd, buffer + count, capacity - count)
            if n < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                buffer.deallocate()
                throw CSVError.unreadable(file: displayPath, reason: reason)
            }
            if n == 0 { break }
            count += n
        }
        return UnsafeMutableBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count)
    }
}
