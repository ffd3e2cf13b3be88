/// Every failure the library reports, by kind; the `glint` CLI maps each kind to its documented exit code.
public enum GlintError: Error, Equatable, CustomStringConvertible {
    /// A setting was wrong: a `GLINT_` variable's value (the CLI also uses it for its own arguments).
    case usage(String)
    /// The spec, its data or the chart is invalid; the message says where.
    case badData(String)
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
        case .badData: return 65
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
        case .badData, .noInput: return 400
        case .forbidden: return 403
        case .sourceUnavailable: return 502
        case .usage, .backendUnavailable, .internalFailure, .cannotWrite, .addressInUse: return 500
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
        }
    }
}
