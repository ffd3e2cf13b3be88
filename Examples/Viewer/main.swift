// The Glint viewer: a chart spec in an SDL2 window, live. Drag pans, the wheel zooms around the cursor, hovering shows
// the nearest point's values in a tooltip drawn by Glint, clicking a legend entry shows or hides its series, and the
// window re-lays the chart out when resized.
//   swift run viewer Examples/training.json
//   viewer SPEC.json --script EVENTS.txt   replays input (see ViewerScript) and exits: how the tests drive it
//   viewer SPEC.json --gl                  draws with the window's own OpenGL 3.3 core context (HostGLRenderer)
//                                          instead of uploading CPU-painted frames
//   producer | viewer SPEC.json --stream [--follow W]
//                                          appends `x,y1,y2,…` rows from standard input to the spec's line and dots
//                                          series as they come (StreamReader); --follow keeps the last W of x in view
import CSDL2
import Foundation
import Glint

let arguments = Array(CommandLine.arguments.dropFirst())
guard let specPath = arguments.first(where: { !$0.hasPrefix("--") }) else {
    FileHandle.standardError.write(Data("usage: viewer SPEC.json [--script EVENTS.txt] [--gl] [--stream [--follow W]]\n".utf8))
    exit(64)
}
/// The value after option `name`, if given.
func value(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let script = value("--script")

do {
    let follow = try value("--follow").map { text -> Double in
        guard let width = Double(text), width.isFinite, width > 0 else { throw ViewerError.script("--follow: expected a positive width of x, found \(text)") }
        return width
    }
    let viewer = try Viewer(spec: specPath, hostGL: arguments.contains("--gl"), stream: arguments.contains("--stream"), follow: follow)
    try viewer.run(script: try script.map(ViewerScript.init(file:)))
} catch {
    FileHandle.standardError.write(Data("viewer: \(error)\n".utf8))
    exit(1)
}
