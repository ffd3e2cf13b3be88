/// Every failure the library reports, by kind; the `glint` CLI maps each kind to its documented exit code.
public enum GlintError: Error, Equatable, CustomStringConvertible {
    /// A setting was wrong: a `GLINT_` variable's value (the CLI also uses it for its own arguments).
    case usage(String)
    /// The spec, its data or the chart is invalid; the message says where.
    case badData(String)
    /// The spec, its data or the chart is invalid at `path`, a JSON path (`series[2].width`) that the render
    /// server answers as the error's `path` field. The same kind as `badData` (exit 65, HTTP 400); shown as
    /// `path: message`, and equal to the `badData` with that text.
    case badValue(path: String, message: String)
    /// An input file could not be read.
    case noInput(String)
    /// The backend asked for cannot run here.
    case backendUnavailable(String)
    /// A database a series reads could not be reached: its connection string (password masked) and the driver's
    /// message.
    case sourceUnavailable(String)
    /// Something failed that should not have: a driver or library error.
    case internalFailure(String)
    /// The output file could not be written.
    case cannotWrite(String)
    /// The spec asked for a file it may not read (a render server's `DataFiles` policy).
    case forbidden(String)
    /// The address a server was to listen on is taken by another.
    case addressInUse(String)

    /// The exit code of this kind of failure (sysexits.h values): the CLI exits with it, and the C API returns it
    /// as its status (`include/glint.h` lists the same numbers). The one table of codes; `httpStatus` is its
    /// companion for the render server.
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .badData, .badValue: return 65
        case .noInput: return 66
        case .backendUnavailable, .sourceUnavailable, .addressInUse: return 69
        case .internalFailure: return 70
        case .cannotWrite: return 73
        case .forbidden: return 77
        }
    }

    /// The HTTP status the render server answers for this kind of failure: bad data or an unreadable input 400, a
    /// refused file or database 403, an unreachable database 502, anything else (the server's own setup, such as
    /// a backend or `GLINT_` variable its workers cannot use) 500.
    public var httpStatus: Int {
        switch self {
        case .badData, .badValue, .noInput: return 400
        case .forbidden: return 403
        case .sourceUnavailable: return 502
        case .usage, .backendUnavailable, .internalFailure, .cannotWrite, .addressInUse: return 500
        }
    }

    /// The same failure said of `subject` (a spec file among several): its message begins "subject: ".
    public func about(_ subject: String) -> GlintError {
        switch self {
        case let .usage(m): return .usage("\(subject): \(m)")
        case let .badData(m): return .badData("\(subject): \(m)")
        case let .badValue(path, message): return .badValue(path: "\(subject): \(path)", message: message)
        case let .noInput(m): return .noInput("\(subject): \(m)")
        case let .backendUnavailable(m): return .backendUnavailable("\(subject): \(m)")
        case let .sourceUnavailable(m): return .sourceUnavailable("\(subject): \(m)")
        case let .internalFailure(m): return .internalFailure("\(subject): \(m)")
        case let .cannotWrite(m): return .cannotWrite("\(subject): \(m)")
        case let .forbidden(m): return .forbidden("\(subject): \(m)")
        case let .addressInUse(m): return .addressInUse("\(subject): \(m)")
        }
    }

    /// The JSON path of the value that was wrong, when the error names one.
    public var path: String? {
        if case let .badValue(path, _) = self { return path }
        return nil
    }

    /// Errors are equal when they are of one kind (a `badValue` is a `badData`) with one message.
    public static func == (a: GlintError, b: GlintError) -> Bool {
        a.kind == b.kind && a.rawMessage == b.rawMessage
    }

    /// The kind, `badValue` counted as `badData`.
    private var kind: Int {
        switch self {
        case .usage: return 0
        case .badData, .badValue: return 1
        case .noInput: return 2
        case .backendUnavailable: return 3
        case .sourceUnavailable: return 4
        case .internalFailure: return 5
        case .cannotWrite: return 6
        case .forbidden: return 7
        case .addressInUse: return 8
        }
    }

    /// The message on one line, as the CLI, the server and the C API show it: control characters escaped and
    /// at most a few hundred characters (`BoundedText`), whatever user text it quotes.
    public var description: String { BoundedText.line(rawMessage) }

    /// The message as it was made, unbounded.
    public var rawMessage: String {
        switch self {
        case let .usage(m), let .badData(m), let .noInput(m), let .backendUnavailable(m), let .sourceUnavailable(m),
             let .internalFailure(m), let .cannotWrite(m), let .forbidden(m), let .addressInUse(m):
            return m
        case let .badValue(path, message):
            return "\(path): \(message)"
        }
    }
}
