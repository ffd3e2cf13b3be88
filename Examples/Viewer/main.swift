// The Glint viewer: a chart spec in an SDL2 window, live. Drag pans, the wheel zooms around the cursor, hovering shows
// the nearest point's values in a tooltip drawn by Glint, clicking a legend entry shows or hides its series, and the
// window re-lays the chart out when resized.
//   swift run viewer Examples/training.json
//   viewer SPEC.json --script EVENTS.txt   replays input (see ViewerScript) and exits: how the tests drive it
//   viewer SPEC.json --gl                  draws with the window's own OpenGL 3.3 core context (HostGLRenderer)
//                                          instead of uploading CPU-painted frames
import CSDL2
import Foundation
import Glint

let arguments = Array(CommandLine.arguments.dropFirst())
guard let specPath = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: viewer SPEC.json [--script EVENTS.txt] [--gl]\n".utf8))
    exit(64)
}
let script = arguments.firstIndex(of: "--script").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }

do {
    let viewer = try Viewer(spec: specPath, hostGL: arguments.contains("--gl"))
    try viewer.run(script: try script.map(ViewerScript.init(file:)))
} catch {
    FileHandle.standardError.write(Data("viewer: \(error)\n".utf8))
    exit(1)
}
