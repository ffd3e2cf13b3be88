import GlintData
import GlintDatabase
import GlintCore
#if canImport(Glibc)
import Glibc
#endif

extension ChartSpec {
    /// Reads and decodes the spec file at `path`; `-` reads standard input. Relative CSV paths start from the
    /// spec file's folder (the working folder for standard input). Throws `GlintError.noInput` when the file
    /// cannot be read (missing, a folder, closed standard input) and `GlintError.badData` for a bad spec. CSV
    /// files are parsed on `threads` threads.
    public static func decode(file path: String, databases: DatabaseAccess = DatabaseAccess(), threads: Int = System.coreCount)
        throws -> Chart {
        if path == "-" {
            let bytes = try read(STDIN_FILENO, named: "the spec from standard input")
            return try decode(bytes, relativeTo: ".", databases: databases, threads: threads)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw GlintError.noInput("cannot read spec file \(path): \(FileDescriptorIO.message(errno))")
        }
        defer { close(fd) }
        let bytes = try read(fd, named: "spec file \(path)")
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return try decode(bytes, relativeTo: folder, databases: databases, threads: threads)
    }

    /// The largest spec file read, in bytes.
    public static let maxSpecBytes = 256 << 20

    private static func read(_ fd: Int32, named what: String) throws -> [UInt8] {
        switch FileDescriptorIO.readAll(from: fd, limit: maxSpecBytes) {
        case let .success(bytes): return bytes
        case let .failure(error) where error.code == EFBIG:
            throw GlintError.badData("\(what) is longer than the limit of \(maxSpecBytes >> 20) MiB")
        case let .failure(error):
            throw GlintError.noInput("cannot read \(what): \(FileDescriptorIO.message(error.code))")
        }
    }
}
