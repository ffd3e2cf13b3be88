import Dispatch
import GlintCore
import GlintText

/// Draws a `Scene` on the CPU with the same coverage maths and blending as the GL painter.
/// The image is split into horizontal bands painted in parallel; each pixel sees the same commands
/// in the same order whatever the band split, so the output is identical for any thread count.
public final class CPUPainter {
    /// Number of bands painted in parallel.
    public let threads: Int

    /// A painter using `threads` threads (default: every core).
    public init(threads: Int? = nil) {
        self.threads = max(1, threads ?? System.coreCount)
    }

    /// Paints `scene` and returns its premultiplied RGBA8 pixels, top row first; the time goes to `phases.draw`.
    public func paint(_ scene: Scene, text: TextEngine, phases: inout PaintPhases) -> [UInt8] {
        let start = PaintPhases.now()
        defer { phases.draw += PaintPhases.since(start) }
        let width = scene.width, height = scene.height
        // Glyphs are rasterised into the atlas first: the engine is not thread-safe, the bands only read.
        var glyphs: [Int: [GlyphQuad]] = [:]
        for (index, command) in scene.commands.enumerated() {
            if case let .text(runs) = command.shape { glyphs[index] = runs.flatMap { text.glyphs(for: $0) } }
        }
        let atlas = text.atlas
        let bg = scene.background
        let clear = ShaderColor(premultiplying: bg.red, bg.green, bg.blue, bg.alpha)
        let clearBytes = [Coverage.byte(clear.r), Coverage.byte(clear.g), Coverage.byte(clear.b), Coverage.byte(clear.a)]
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let bandCount = min(threads, max(height, 1))
        let bandHeight = (height + bandCount - 1) / max(bandCount, 1)
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: bandCount) { index in
                let top = index * bandHeight, bottom = min(height, top + bandHeight)
                guard top < bottom else { return }
                let band = Band(pixels: base, width: width, top: top, bottom: bottom)
                for i in (top * width * 4)..<(bottom * width * 4) { base[i] = clearBytes[i & 3] }
                let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: width * (bottom - top))
                defer { coverage.deallocate() }
                for (commandIndex, command) in scene.commands.enumerated() {
                    let clip = command.clip.map { CPUPainter.intersect($0, whole) } ?? whole
                    switch command.shape {
                    case let .rects(shapes): RectRaster.draw(shapes, clip: clip, band: band)
                    case let .line(line): LineRaster.draw(line, area: clip, band: band, coverage: coverage)
                    case let .dots(dots): DotRaster.draw(dots, clip: clip, band: band)
                    case .text: GlyphRaster.draw(glyphs[commandIndex] ?? [], atlas: atlas, clip: clip, band: band)
                    }
                }
            }
        }
        return pixels
    }

    static func intersect(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
