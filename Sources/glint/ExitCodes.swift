import Glint

extension GlintError {
    /// The CLI's exit code for this kind of failure (sysexits.h values), as `glint --help` lists them.
    var exitCode: Int32 {
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
}
