import CRaster
import Dispatch
import GlintPaint
import GlintScene
import GlintText

/// Draws a `Scene` on the CPU with the same coverage maths and blending as the GL painter.
/// The image is split into bands of `bandHeight` rows (small enough to stay in cache), dealt out to the
/// threads in turn; line segments and dots are first binned by band so a band visits only its own.
/// Each pixel sees the same commands in the same order whatever the split, so the output is identical
/// for any thread count. Several threads may paint with one painter at once (each paint spreads over `threads`
/// threads of its own); what a painter keeps between paints is scratch memory for the lines' and dots' arrays
/// (`ScratchArena`: as much as the last paint used, per thread), which each paint takes for itself.
public final class CPUPainter: RasterPainter, @unchecked Sendable {
    /// Threads painting bands in parallel.
    public let threads: Int
    /// Rows per band.
    static let bandHeight = 32
    /// The binning threads' scratch, kept between paints.
    private let arenas: ScratchArena.Pool

    /// A painter using `threads` threads (at least one).
    public init(threads: Int) {
        self.threads = max(1, threads)
        arenas = ScratchArena.Pool(keep: self.threads)
    }

    public var backend: Backend { .cpu }
    public var displayName: String { "the CPU" }
    /// `ImageLimits.maxSide`.
    public var maxImageSide: Int { ImageLimits.maxSide }

    /// Paints `scene` into `pixels` (premultiplied RGBA8, top row first); the time goes to `phases.draw`. Never
    /// throws.
    public func paint(_ scene: Scene, text: TextEngine, into pixels: inout [UInt8], phases: inout PaintPhases) {
        pixels = paint(lowered(scene), text: text, phases: &phases)
    }

    /// The pixels of `scene`.
    private func paint(_ scene: Scene, text: TextEngine, phases: inout PaintPhases) -> [UInt8] {
        let start = PaintPhases.now()
        defer { phases.draw += PaintPhases.since(start) }
        let width = scene.width, height = scene.height
        // Glyph quads are made once, before the bands: rasterising new glyphs changes the atlas, which the bands
        // then only read (one snapshot for the whole paint).
        var glyphs: [Int: [GlyphQuad]] = [:]
        for (index, command) in scene.commands.enumerated() {
            if case let .text(runs) = command.shape { glyphs[index] = runs.flatMap { text.glyphs(for: $0) } }
        }
        // Path masks too: each is swept once (the paths on the threads at once), and the bands blend their rows of it.
        let fills = PathFills(scene, threads: threads).byCommand
        // Sampled images too: their cells per pixel column and row are found once.
        var images: [Int: ImageRaster] = [:]
        for (index, command) in scene.commands.enumerated() {
            guard case let .image(image) = command.shape, image.sampled else { continue }
            images[index] = ImageRaster(image, within: scene.limit(command.clip))
        }
        let atlas = text.atlas
        let bg = scene.background
        let clearPixel = raster_color(bg).packed
        let bandHeight = CPUPainter.bandHeight
        let bands = max(1, (height + bandHeight - 1) / bandHeight)
        let lineScratch = arenas.take(min(threads, scene.commands.count))
        defer { arenas.giveBack(lineScratch) }
        let bins = bin(scene, bandHeight: bandHeight, bands: bands, arenas: lineScratch)
        let workers = min(threads, bands)
        // Not zeroed first: every band starts by clearing its rows to the background.
        return [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            let base = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                // Line coverage scratch: zero between lines (each line clears what it touched).
                let scratch = width * bandHeight * 2 + Int(RASTER_COVERAGE_SLACK)  // and its slack (raster_coverage)
                let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: scratch)
                coverage.initialize(repeating: 0, count: scratch)
                defer { coverage.deallocate() }
                for index in stride(from: worker, to: bands, by: workers) {
                    let top = index * bandHeight, bottom = min(height, top + bandHeight)
                    let band = Band(pixels: base, width: width, top: top, bottom: bottom)
                    let row = UnsafeMutableRawPointer(base + top * width * 4)
                    for i in 0..<((bottom - top) * width) { row.storeBytes(of: clearPixel, toByteOffset: i * 4, as: UInt32.self) }
                    for (commandIndex, command) in scene.commands.enumerated() {
                        let clip = scene.limit(command.clip)
                        switch command.shape {
                        case let .rects(shapes):
                            RectRaster.draw(shapes, clip: clip, band: band)
                        case .image:
                            // Sampled: the others were lowered to rectangles.
                            images[commandIndex]?.draw(band: band)
                        case .line:
                            guard case let .line(points, segments, joins) = bins[commandIndex] else { continue }
                            LineRaster.draw(points, segments: segments.band(index), joins: joins.band(index), area: clip,
                                            band: band, coverage: coverage)
                        case let .dots(dots):
                            guard case let .dots(binned) = bins[commandIndex] else { continue }
                            binned.forEachRun(inBand: index) { DotRaster.draw(dots, $0, clip: clip, band: band) }
                        case .text:
                            GlyphRaster.draw(glyphs[commandIndex] ?? [], atlas: atlas, clip: clip, band: band)
                        case .paths:
                            PathRaster.draw(fills[commandIndex] ?? [], band: band)
                        }
                    }
                }
            }
            initialized = buffer.count
        }
    }

    /// Per line command: its points in pixels, its segments and its joins binned by band; per dots command: its dots
    /// binned by band; nil for other commands. Lines are binned a command to a thread, on the painter's threads at
    /// once (up to one per arena, whose memory the lines' arrays take); then each dots series spreads over all of
    /// them (`DotBins`, in the first arena: spread from inside a thread of a spread, it would run on that thread
    /// alone, as libdispatch runs a nested concurrentPerform).
    func bin(_ scene: Scene, bandHeight: Int, bands: Int, arenas: [ScratchArena]) -> [BinnedCommand?] {
        let commands = scene.commands
        var bins = [BinnedCommand?](repeating: nil, count: commands.count)
        let lines = commands.indices.compactMap { index -> (index: Int, line: LineShape)? in
            if case let .line(line) = commands[index].shape { (index, line) } else { nil }
        }
        let workers = min(arenas.count, lines.count)
        bins.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var spans: [raster_band_span] = []
                for (index, line) in stride(from: worker, to: lines.count, by: workers).map({ lines[$0] }) {
                    out[index] = CPUPainter.bin(line, bandHeight: bandHeight, bands: bands, arena: arenas[worker],
                                                spans: &spans)
                }
            }
        }
        for (index, command) in commands.enumerated() {
            guard case let .dots(dots) = command.shape else { continue }
            bins[index] = .dots(DotBins(dots, bandHeight: bandHeight, bands: bands, threads: threads, arena: arenas[0]))
        }
        return bins
    }

    /// A line's points in pixels, and its segments and joins by band, in `arena`'s memory (`spans`: `LineBins`'
    /// scratch).
    private static func bin(_ line: LineShape, bandHeight: Int, bands: Int, arena: ScratchArena,
                            spans: inout [raster_band_span]) -> BinnedCommand {
        let points = LineRaster.Points(line, arena: arena)
        let needsJoins = line.join != .round && line.dash == nil
        return .line(
            points,
            segments: LineBins(points, joins: false, reach: Float(line.width / 2) + 2, bandHeight: bandHeight, bands: bands,
                               arena: arena, spans: &spans),
            joins: needsJoins ? LineBins(points, joins: true, reach: Float(line.miterReach) + 2, bandHeight: bandHeight,
                                         bands: bands, arena: arena, spans: &spans)
                : LineBins(none: bands, arena: arena))
    }
}
