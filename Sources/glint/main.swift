#if canImport(Glibc)
import Glibc
#endif
import Glint
import GlintServer
import GlintVector

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
    case "serve-worker": exit(RenderWorker.run(drivers: Commands.drivers, documents: CairoDocuments()))
    case "hit": try Commands.hit(parsed)
    case "layout": try Commands.layout(parsed)
    default: try Commands.render(parsed)
    }
} catch let error as GlintError {
    // One line, as docs/cli.md promises; a usage error says where the usage is.
    if case .usage = error {
        StandardStreams.error("glint: \(error) (run 'glint --help' for usage)")
    } else {
        StandardStreams.error("glint: \(error)")
    }
    exit(error.exitCode)
} catch {
    StandardStreams.error("glint: internal error: \(error)")
    exit(70)
}
