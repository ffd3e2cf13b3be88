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
