/// Every failure the facade and the CLI report, each with its documented exit code.
public enum GlintError: Error, Equatable, CustomStringConvertible {
    /// The command line was wrong (exit 64).
    case usage(String)
    /// The spec, its data or the chart is invalid; the message says where (exit 65).
    case badData(String)
    /// An input file could not be read (exit 66).
    case noInput(String)
    /// The backend asked for cannot run here (exit 69).
    case backendUnavailable(String)
    /// Something failed that should not have: a driver or library error (exit 70).
    case internalFailure(String)
    /// The output file could not be written (exit 73).
    case cannotWrite(String)

    /// The process exit code for this error (sysexits.h values).
    public var exitCode: Int32 {
        switch self {
        case .usage: return 64
        case .badData: return 65
        case .noInput: return 66
        case .backendUnavailable: return 69
        case .internalFailure: return 70
        case .cannotWrite: return 73
        }
    }

    public var description: String {
        switch self {
        case let .usage(m), let .badData(m), let .noInput(m), let .backendUnavailable(m),
             let .internalFailure(m), let .cannotWrite(m):
            return m
        }
    }
}
