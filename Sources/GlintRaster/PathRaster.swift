import CRaster
import Dispatch
import GlintCore
import GlintPaint

/// Filled paths: each path's coverage mask (`PathMask`, made once per paint) blended in its colour, exactly as
/// the GL painter's glyph program blends the same mask sampled from a texture (the pixels: `raster_composite`).
enum PathRaster {
    /// A path ready to draw: its mask and its colour.
    struct Fill {
        let mask: PathMask
        let color: raster_color

        /// `path` within `limit`; nil when it covers no pixel there.
        init?(_ path: PathShape, within limit: PixelRect) {
            guard let mask = PathMask(path, within: limit) else { return nil }
            self.mask = mask
            color = raster_color(path.color)
        }
    }

    /// The fills of every path command of `scene` (by command index, in order), each path's mask swept on one of
    /// `threads` threads.
    static func fills(_ scene: Scene, within whole: PixelRect, threads: Int) -> [Int: [Fill]] {
        var paths: [(command: Int, path: PathShape, limit: PixelRect)] = []
        for (index, command) in scene.commands.enumerated() {
            guard case let .paths(shapes) = command.shape else { continue }
            let limit = command.clip.map { PixelRect.intersection($0, whole) } ?? whole
            paths += shapes.map { (index, $0, limit) }
        }
        var made = [Fill?](repeating: nil, count: paths.count)
        made.withUnsafeMutableBufferPointer { out in
            let workers = max(1, min(threads, paths.count))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for k in stride(from: worker, to: paths.count, by: workers) { out[k] = Fill(paths[k].path, within: paths[k].limit) }
            }
        }
        var fills: [Int: [Fill]] = [:]
        for (k, made) in made.enumerated() {
            if fills[paths[k].command] == nil { fills[paths[k].command] = [] }
            if let made { fills[paths[k].command]?.append(made) }
        }
        return fills
    }

    /// Blends the rows of `fills` that fall in the band.
    static func draw(_ fills: [Fill], band: Band) {
        for fill in fills {
            let r = fill.mask.rect
            let top = max(r.y, band.top), bottom = min(r.y + r.height, band.bottom)
            guard top < bottom, r.width > 0 else { continue }
            let window = raster_window(x0: r.x, x1: r.x + r.width, y0: top, y1: bottom)
            fill.mask.coverage.withUnsafeBufferPointer { bytes in
                // Read only: the kernel writes the mask only when asked to clear it.
                let rows = UnsafeMutablePointer(mutating: bytes.baseAddress! + (top - r.y) * r.width)
                raster_composite(band.kernel, window, rows, r.width, fill.color, false)
            }
        }
    }
}
