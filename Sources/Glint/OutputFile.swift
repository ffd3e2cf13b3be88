import GlintData
#if canImport(Glibc)
import Glibc
#endif

/// Writes a finished file to the path a user named, never destroying what the path is.
///
/// - A regular file (or a path that does not exist yet) is written to a temporary file in the folder of the
///   *resolved* path and renamed over it, so a failure never leaves a half-written file and a symbolic link
///   keeps pointing at its (updated) target.
/// - Anything else — a character device such as `/dev/null`, a FIFO, a socket, `/dev/stdout` — is opened and
///   written through: it is never replaced by a regular file.
/// - Paths under `/dev/` and `/proc/` are always written through: they name streams, not places for files.
/// - `-` is standard output.
public enum OutputFile {
    /// Writes `bytes` to `path` as described above; throws `GlintError.cannotWrite` saying why not.
    public static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            try check(bytes.withUnsafeBytes { FileDescriptorIO.writeAll($0, to: STDOUT_FILENO) }, "standard output")
            return
        }
        if let fd = openDescriptor(named: path) {
            // Written to the descriptor itself: reopening it through /proc may be refused (a pipe owned by the
            // parent's user), and a descriptor opened for appending must stay appended to.
            try check(bytes.withUnsafeBytes { FileDescriptorIO.writeAll($0, to: fd) }, path)
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw GlintError.cannotWrite("cannot write \(path): it is a folder; name a .png file in it")
            case S_IFREG where !isStreamPath(path):
                try replace(resolved(path), with: bytes, shownAs: path, mode: info.st_mode & 0o7777)
            default:
                try writeThrough(bytes, to: path)
            }
            return
        }
        guard errno == ENOENT else { throw failure(path, errno) }
        let target = try danglingLinkTarget(path) ?? path
        let folder = parentFolder(target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw GlintError.cannotWrite("cannot write \(path): the folder \(folder) does not exist")
        }
        try replace(target, with: bytes, shownAs: path, mode: nil)
    }

    /// The open descriptor a path names — `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`, or a
    /// symbolic link leading to one — when that descriptor is open; nil for any other path.
    private static func openDescriptor(named path: String) -> Int32? {
        var current = path
        for _ in 0..<40 {
            let named: [String: Int32] = ["/dev/stdout": STDOUT_FILENO, "/dev/stderr": STDERR_FILENO]
            var fd = named[current]
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where current.hasPrefix(prefix) {
                fd = Int32(current.dropFirst(prefix.count))
            }
            if let fd { return fcntl(fd, F_GETFD) == -1 ? nil : fd }
            guard let next = linkTarget(current) else { return nil }
            current = next
        }
        return nil
    }

    /// Paths that name streams of this process or devices.
    private static func isStreamPath(_ path: String) -> Bool {
        path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }

    /// Opens an existing non-regular file (device, FIFO, stream) and writes the bytes through it.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, errno) }
        let status = bytes.withUnsafeBytes { FileDescriptorIO.writeAll($0, to: fd) }
        let closed = close(fd) == 0 ? 0 : errno
        try check(status != 0 ? status : closed, path)
    }

    /// Writes a temporary file beside `target`, then renames it over `target`. `mode` keeps an existing
    /// file's permissions; a new file gets 0666 less the umask, as any program's new file does.
    private static func replace(_ target: String, with bytes: [UInt8], shownAs path: String, mode: mode_t?) throws {
        let folder = parentFolder(target)
        let name = target.split(separator: "/").last.map(String.init) ?? "output"
        var temporary = "", fd: Int32 = -1
        for _ in 0..<100 {
            temporary = folder + "/." + name + ".glint-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            throw GlintError.cannotWrite("cannot write \(path): \(FileDescriptorIO.message(errno)) (is the folder \(folder) writable?)")
        }
        var status = bytes.withUnsafeBytes { FileDescriptorIO.writeAll($0, to: fd) }
        if status == 0, let mode, fchmod(fd, mode) != 0 { status = errno }
        if close(fd) != 0, status == 0 { status = errno }
        if status == 0, rename(temporary, target) != 0 { status = errno }
        if status != 0 {
            unlink(temporary)
            throw failure(path, status)
        }
    }

    /// The file a path finally names, symbolic links followed.
    private static func resolved(_ path: String) throws -> String {
        guard let full = realpath(path, nil) else { throw failure(path, errno) }
        defer { free(full) }
        return String(cString: full)
    }

    /// Where a symbolic link whose target does not exist yet points (links followed up to 40 deep); nil when
    /// `path` is no link.
    private static func danglingLinkTarget(_ path: String) throws -> String? {
        var current = path
        for _ in 0..<40 {
            guard let next = linkTarget(current) else { return current == path ? nil : current }
            current = next
        }
        throw failure(path, ELOOP)
    }

    /// Where the symbolic link `path` points, as a path (relative targets made relative to the link's folder);
    /// nil when `path` is no link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : parentFolder(path) + "/" + target
    }

    /// The folder holding `path` (`.` for a bare name).
    private static func parentFolder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func check(_ status: Int32, _ what: String) throws {
        if status != 0 { throw failure(what, status) }
    }

    private static func failure(_ what: String, _ code: Int32) -> GlintError {
        .cannotWrite("cannot write \(what): \(FileDescriptorIO.message(code))")
    }
}
