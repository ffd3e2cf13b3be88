import GlintGL
import GlintPaint
import GlintRaster
import GlintScene
import GlintText

/// The compute painter: the CPU painter's design carried to the GPU's compute units, in a headless EGL context of its
/// own. The image is cut into tiles of `tileSize` pixels a side; each command's items (dots, segments, joins, glyph
/// quads, rectangles, image cells, path mask strips) are set up on the CPU as the CPU painter's kernels set them up
/// (their pixel windows, ends and joins), binned to the tiles they reach by compute passes (count, prefix sum,
/// place, and a sort of each tile's list into scene order), and drawn by a fine pass in which each invocation owns a
/// pixel, walks its tile's list, computes coverage with the formulas of `Shaders/coverage.h` and blends in registers,
/// writing the pixel once. A scene larger than one batch's buffers is drawn a batch at a time over the same image.
/// Made for GPUs whose raster pipeline is a small part of the chip (datacenter parts run pixel shaders on few of
/// their units and compute on all); on llvmpipe it runs, slowly, to check its pixels against the CPU painter's. One
/// paint at a time (its context is current on one thread at once): a `Renderer` serialises its paints.
public final class ComputePainter: RasterPainter, @unchecked Sendable {
    private let egl: HeadlessEGL
    private let passes: TilePasses
    /// The driver and its limits.
    public let info: GLInfo
    /// Pixels a tile side (a work group of the fine pass draws one tile).
    public var tileSize: Int { passes.tileSize }
    /// The most a batch holds before the next begins (smaller budgets make more batches of the same pixels).
    let budget: TileBatch.Budget
    private let threads: Int
    /// The lines' points in pixels, kept between paints (as the CPU painter keeps its scratch).
    private let arenas = ScratchArena.Pool(keep: 1)

    public var backend: Backend { .compute }
    public var displayName: String { "the compute painter" }
    /// `GL_MAX_TEXTURE_SIZE`, at most `ImageLimits.maxSide`.
    public var maxImageSide: Int { min(passes.maxTextureSide, ImageLimits.maxSide) }

    /// The tile sides the painter takes.
    public static let tileSizes = [8, 16, 32]

    /// Compiles the passes in `egl`'s context for tiles of `tileSize` pixels (one of `tileSizes`) with the shaders of
    /// `shaderDirectory` (nil: the embedded ones); path masks are swept on up to `threads` threads. Throws `GLError`
    /// where the context has no compute shaders (OpenGL ES before 3.1).
    public convenience init(egl: HeadlessEGL, shaderDirectory: String?, threads: Int, tileSize: Int = 16) throws {
        try self.init(egl: egl, shaderDirectory: shaderDirectory, threads: threads, tileSize: tileSize, budget: nil)
    }

    /// The painter with batches of at most `budget` (nil: as the driver's storage blocks allow).
    init(egl: HeadlessEGL, shaderDirectory: String?, threads: Int, tileSize: Int, budget: TileBatch.Budget?) throws {
        precondition(ComputePainter.tileSizes.contains(tileSize), "tile side \(tileSize)")
        try egl.makeCurrent()
        defer { egl.releaseCurrent() }
        passes = try TilePasses(tileSize: tileSize, shaderDirectory: shaderDirectory)
        info = GLInfo.current()
        (self.egl, self.threads) = (egl, max(1, threads))
        self.budget = budget ?? TileBatch.Budget(maxBlockBytes: passes.maxBlockBytes)
    }

    deinit {
        // The passes' GL objects are deleted after this body runs: give them the context.
        try? egl.makeCurrent()
    }

    /// Paints `scene` into `pixels`; a GL failure is a `PaintFailure`.
    public func paint(_ scene: Scene, text: TextEngine, into pixels: inout [UInt8], phases: inout PaintPhases) throws {
        do {
            try egl.makeCurrent()
            defer { egl.releaseCurrent() }
            let start = PaintPhases.now()
            // The lines' points live in the arena until the paint ends.
            let arena = arenas.take(1)
            defer { arenas.giveBack(arena) }
            let tiles = TileScene(lowered(scene), text: text, threads: threads, arena: arena[0], budget: budget)
            phases.upload += PaintPhases.since(start)
            pixels = try passes.paint(tiles, budget: budget, phases: &phases)
        } catch let error as GLError {
            throw PaintFailure(summary: error.summary, detail: "\(error)")
        }
    }
}
