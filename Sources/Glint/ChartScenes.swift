import FoundationEssentials
import Glibc
import GlintCore
import GlintDatabase
import GlintText

/// Charts into scenes, the part of rendering before any painter: database sources read, text measured with the
/// chart's font, layout, reduction and scene commands, every parallel stage on `threads` threads. `Renderer` and
/// `HostGLRenderer` each own one; its calls are serialised on one lock.
final class ChartScenes: @unchecked Sendable {
    /// The thread budget of every parallel stage (at least 1).
    let threads: Int
    /// Where density series are counted when not on the CPU: the GL painter's GPU, set once by the renderer that
    /// paints with it, bound as `DensityCounter.current` around every piece of work.
    var densityCounter: (any DensityCounting)?
    private let engines = TextEngines()
    private let lock = Lock()

    /// Scenes made on `threads` threads.
    init(threads: Int) {
        self.threads = max(1, threads)
    }

    /// Runs `body` under the lock with the text engine of `chart`'s font family (and the font found for it); a
    /// `ChartError` (an invalid chart) becomes its `GlintError` (`badValue` at its path, or `badData`).
    func measuring<T>(_ chart: Chart, _ body: (FontMatch, TextEngine) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        let (font, engine) = try textEngine(chart.theme.fontFamily)
        do {
            return try DensityCounter.$current.withValue(densityCounter) { try body(font, engine) }
        } catch let error as ChartError {
            throw error.glintError
        }
    }

    /// `chart` with its database series read (see `Renderer.readingSources`).
    func readingSources(_ chart: Chart) throws -> (chart: Chart, reads: [SourceRead]) {
        let (resolved, reads) = try DatabaseReading.resolve(chart, layout: measuredLayout)
        return (resolved, reads)
    }

    /// The layout of `chart`, its sources read.
    func layout(_ chart: Chart) throws -> ChartLayout {
        try measuredLayout(readingSources(chart).chart, extents: [:])
    }

    /// The layout of `chart` as it stands (sources not read: `extents` gives what is known of them), measured
    /// with its font.
    private func measuredLayout(_ chart: Chart, extents: [Int: DataExtent]) throws -> ChartLayout {
        try measuring(chart) { _, engine in try SceneBuilder.layout(chart, measurer: engine, threads: threads, extents: extents) }
    }

    /// The scene of `chart` (its sources already read) measured with `engine`, its glyph atlas begun afresh.
    func scene(_ chart: Chart, engine: TextEngine) throws -> Scene {
        engine.beginRender()
        return try SceneBuilder.build(chart, measurer: engine, threads: threads)
    }

    /// Runs `paint` (a paint of a scene measured with `engine`); when the glyph atlas filled up during it, empties
    /// the atlas and runs it again, so that no glyph is lost. Throws `GlintError.badData` when one scene's text
    /// needs more glyph space than a whole atlas.
    func paintingEveryGlyph<T>(_ engine: TextEngine, _ paint: () throws -> T) throws -> T {
        var result = try paint()
        if engine.missedGlyphs > 0 {
            engine.beginRender(emptying: true)
            result = try paint()
            guard engine.missedGlyphs == 0 else {
                throw GlintError.badData("the chart's text needs more glyph space than one atlas holds (\(engine.atlas.width)"
                                         + "x\(engine.atlas.maxHeight) texels): use fewer distinct characters or smaller fonts")
            }
        }
        return result
    }

    /// What a font family resolves to, and the engine for that font file, each made on first use.
    func textEngine(_ family: String) throws -> (FontMatch, TextEngine) {
        do {
            return try engines.engine(for: family)
        } catch let error as TextError {
            throw GlintError.internalFailure(error.description)
        }
    }

    /// How many font families and text engines it holds (both bounded).
    var cachedFonts: (families: Int, engines: Int) {
        lock.lock()
        defer { lock.unlock() }
        return engines.counts
    }
}
