import Foundation

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
            return file == "-" || file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
        case .none:
            throw GlintError.forbidden("\(specPath): this server reads no data files (start it with --data-dir to allow some)")
        case let .confined(directory):
            guard file != "-", !file.hasPrefix("/") else {
                throw GlintError.forbidden("\(specPath): only paths relative to the server's data folder are allowed, found \"\(file)\"")
            }
            // Both sides with every symbolic link resolved: what is opened must lie inside the folder.
            let root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
            let target = URL(fileURLWithPath: (root as NSString).appendingPathComponent(file)).standardized.resolvingSymlinksInPath().path
            guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                throw GlintError.forbidden("\(specPath): \"\(file)\" leads outside the server's data folder")
            }
            return target
        }
    }
}
