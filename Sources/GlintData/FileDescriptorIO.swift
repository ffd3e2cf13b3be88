#if canImport(Glibc)
import Glibc
#endif

/// Whole reads and writes on POSIX file descriptors that report failures as values: no Foundation
/// `FileHandle` (whose writes trap on a closed pipe or a full disk), no partial results taken for whole.
package enum FileDescriptorIO {
    /// Writes every byte to `fd`, retrying short writes and interrupted calls. Returns 0, or the `errno` of
    /// the write that failed (`EPIPE` for a reader that went away, `ENOSPC` for a full device, ...).
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Reads `fd` to its end. Returns the bytes, or the `errno` of the read that failed (`EISDIR` when
    /// standard input is a folder, `EBADF` when it is closed), or `EFBIG` past `limit` bytes (an endless
    /// device such as `/dev/zero` stops there).
    package static func readAll(from fd: Int32, limit: Int) -> Result<[UInt8], FileDescriptorError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard bytes.count <= limit else { return .failure(FileDescriptorError(code: EFBIG)) }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileDescriptorError(code: errno))
            }
            if n == 0 { return .success(bytes) }
            bytes += chunk[0..<n]
        }
    }

    /// The system's words for an `errno` value.
    package static func message(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// An `errno` value from a failed read.
package struct FileDescriptorError: Error {
    /// The `errno` value.
    package let code: Int32
}
