import Foundation
import Glint

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    print(Commands.usage)
    exit(arguments.isEmpty ? 64 : 0)
}
if arguments == ["--version"] {
    print(Commands.version)
    exit(0)
}
do {
    let parsed = try Arguments(arguments)
    switch parsed.command {
    case "info": try Commands.info(parsed)
    default: try Commands.render(parsed)
    }
} catch let error as GlintError {
    FileHandle.standardError.write(Data("glint: \(error)\n".utf8))
    if case .usage = error { FileHandle.standardError.write(Data("run 'glint --help' for usage\n".utf8)) }
    exit(error.exitCode)
} catch {
    FileHandle.standardError.write(Data("glint: internal error: \(error)\n".utf8))
    exit(70)
}
