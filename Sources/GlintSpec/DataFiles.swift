import GlintCore
import FoundationEssentials
import Glibc

/// Which files a spec's `data.csv` may name: the CLI reads any, a render server only those inside its data folder
/// (or none), so that a spec sent over the network cannot read the server's files.
public enum DataFiles: Sendable {
    /// Any path: relative ones from this folder (the spec file's), and `-` for standard input.
    case relative(to: String)
    /// Only files inside this folder, named by relative paths: no absolute path, no `..` or symbolic link that
    /// leads out, no standard input.
    case confined(to: String)
    /// None: a spec naming a CSV file is refused.
    case none

    /// The folder relative paths start from (the working folder when there is none).
    var directory: String {
        switch self {
        case let .relative(directory), let .confined(directory): return directory
        case .none: return "."
        }
    }

    /// The path to open for `file` as the spec names it; `GlintError.forbidden` naming `specPath` when the
    /// policy refuses it.
    func resolve(_ file: String, specPath: String) throws -> String {
        switch self {
        case let .relative(directory):
            if file == "-" || file.hasPrefix("/") || directory.isEmpty { return file }
            return directory.hasSuffix("/") ? directory + file : directory + "/" + file
        case .none:
            throw GlintError.forbidden("\(specPath): this server reads no data files (start it with --data-dir to allow some)")
        case let .confined(directory):
            guard file != "-", !file.hasPrefix("/") else {
                throw GlintError.forbidden("\(specPath): only paths relative to the server's data folder are allowed, found \"\(file)\"")
            }
            // Both sides with every symbolic link resolved, dangling ones too: what is opened must lie inside the
            // folder, and a link that leads out is refused alike whether its target exists or not.
            let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
            guard let target = DataFiles.resolved(file, from: root),
                  target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                throw GlintError.forbidden("\(specPath): \"\(file)\" leads outside the server's data folder")
            }
            return target
        }
    }

    /// `path` (relative to the folder `base`) with every symbolic link followed, one component at a time:
    /// a link whose target is missing is still followed as written, and what does not exist is kept as
    /// named. Nil after 40 links (a loop).
    static func resolved(_ path: String, from base: String) -> String? {
        var parts = path.split(separator: "/").map(String.init)
        var current = base.split(separator: "/").map(String.init)
        var links = 0
        while !parts.isEmpty {
            let part = parts.removeFirst()
            if part == "." { continue }
            if part == ".." {
                _ = current.popLast()
                continue
            }
            let candidate = "/" + (current + [part]).joined(separator: "/")
            var info = stat()
            guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                current.append(part)
                continue
            }
            links += 1
            guard links <= 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) else { return nil }
            if target.hasPrefix("/") { current = [] }
            parts = target.split(separator: "/").map(String.init) + parts
        }
        return "/" + current.joined(separator: "/")
    }
}
