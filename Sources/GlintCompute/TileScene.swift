import CRaster
import GlintPaint
import GlintRaster
import GlintScene
import GlintText

/// A scene as the compute painter's passes take it: per command its items (`TileItems`), made a batch at a time, and
/// what every batch shares — the background and the glyph atlas, which every glyph of the scene is in before the first
/// batch is made.
struct TileScene {
    let width: Int, height: Int
    /// The background's RGBA8 bytes.
    let background: UInt32
    let commands: [any TileItems]
    let atlas: GlyphAtlas
    /// The text engine the atlas is of (atlases of several engines can be at the same generation).
    let engine: ObjectIdentifier

    /// `scene` (lowered for raster painters) with its glyphs from `text`, its path masks swept on up to `threads`
    /// threads, its lines' points in memory from `arena` (valid until the arena is reset), images and masks cut in
    /// strips that `budget`'s batches hold.
    init(_ scene: Scene, text: TextEngine, threads: Int, arena: ScratchArena, budget: TileBatch.Budget) {
        (width, height) = (scene.width, scene.height)
        background = raster_color(scene.background).packed
        let fills = PathFills(scene, threads: threads).byCommand
        commands = scene.commands.enumerated().map { index, command -> any TileItems in
            let limit = scene.limit(command.clip)
            switch command.shape {
            case let .rects(shapes): return RectItems(shapes: shapes, limit: limit)
            // Sampled: the others were lowered to rectangles.
            case let .image(image): return CellItems(image: ImageRaster(image, within: limit), stripCells: budget.stripWords)
            case let .line(line): return LineItems(LineRaster.Points(line, arena: arena), limit: limit)
            case let .dots(dots): return DotItems(dots, limit: limit, threads: threads)
            case let .text(runs): return GlyphItems(quads: runs.flatMap { text.glyphs(for: $0) }, limit: limit)
            case .paths: return MaskItems(fills[index] ?? [], stripBytes: 4 * budget.stripWords)
            }
        }
        // After every glyph is rasterised: the batches read the atlas, never change it.
        atlas = text.atlas
        engine = ObjectIdentifier(text)
    }

    /// Calls `body` with each batch in turn (at least one, so that an empty scene is still cleared): the commands'
    /// items in scene order, a batch ending when it is full (`TileBatch.isFull`) — inside a command too, whose
    /// header then begins the next batch again (a line's coverage carried across).
    func forEachBatch(tileSize: Int, budget: TileBatch.Budget, _ body: (TileBatch) throws -> Void) rethrows {
        var batch = TileBatch(tileSize: tileSize, budget: budget)
        var flushed = false
        for items in commands where items.units > 0 {
            var unit = 0, began = false
            while unit < items.units {
                if !began {
                    batch.begin(items.header)
                    if unit > 0 && items.header.kind == .line { batch.carriesIn = true }
                    began = true
                }
                unit = items.add(from: unit, to: &batch)
                guard batch.isFull else { continue }
                batch.carriesOut = unit < items.units && items.header.kind == .line
                try body(batch)
                (batch, began, flushed) = (TileBatch(tileSize: tileSize, budget: budget), false, true)
            }
        }
        guard batch.commandCount > 0 || !flushed else { return }
        if batch.commandCount == 0 { batch.begin(TileCommandHeader()) }
        try body(batch)
    }
}
