import Dispatch
import GlintScales
import GlintScene

/// The filled paths of a scene ready to draw: every path's mask (`PathMask`) made before painting, the paths swept
/// on several threads at once (they are independent), for both raster painters (the CPU blends the masks band by
/// band, GL uploads each as a texture).
public struct PathFills: Sendable {
    /// A path's mask and the colour it is filled with.
    public struct Fill: Sendable {
        public let mask: PathMask
        public let color: Color
    }

    /// By command index: the fills of that paths command, in order (a path that covers no pixel is left out).
    public let byCommand: [Int: [Fill]]

    /// The masks of every paths command of `scene`, each within its command's clip and the image, swept on up to
    /// `threads` threads.
    public init(_ scene: Scene, threads: Int) {
        var paths: [(command: Int, path: PathShape, limit: PixelRect)] = []
        for (index, command) in scene.commands.enumerated() {
            guard case let .paths(shapes) = command.shape else { continue }
            paths += shapes.map { (index, $0, scene.limit(command.clip)) }
        }
        var made = [Fill?](repeating: nil, count: paths.count)
        made.withUnsafeMutableBufferPointer { out in
            let workers = max(1, min(threads, paths.count))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for k in stride(from: worker, to: paths.count, by: workers) {
                    out[k] = PathMask(paths[k].path, within: paths[k].limit).map { Fill(mask: $0, color: paths[k].path.color) }
                }
            }
        }
        var byCommand: [Int: [Fill]] = [:]
        for (k, fill) in made.enumerated() {
            byCommand[paths[k].command, default: []] += fill.map { [$0] } ?? []
        }
        self.byCommand = byCommand
    }
}
