#if canImport(Glibc)
import Glibc
#endif
import Glint

StandardStreams.prepare()
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("-h") || arguments.contains("--help") {
    StandardStreams.print(Commands.usage)
    exit(arguments.isEmpty ? 64 : 0)
}
if arguments == ["--version"] {
    StandardStreams.print(Commands.version)
    exit(0)
}
do {
    let parsed = try Arguments(arguments)
    switch parsed.command {
    case "info": try Commands.info(parsed)
    case "serve": try Commands.serve(parsed)
    case "hit": try Commands.hit(parsed)
    default: try Commands.render(parsed)
    }
} catch let error as GlintError {
    StandardStreams.error("glint: \(error)")
    if case .usage = error { StandardStreams.error("run 'glint --help' for usage") }
    exit(error.exitCode)
} catch {
    StandardStreams.error("glint: internal error: \(error)")
    exit(70)
}
