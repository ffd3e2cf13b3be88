/// A command's items, made a part at a time: `units` of them in scene order (a line's segments then its joins, a
/// series' dots, a text's glyphs), each giving one item or none (a gap, or nothing in the clip), or a few.
protocol TileItems {
    /// The command's words.
    var header: TileCommandHeader { get }
    /// How many units the command has.
    var units: Int { get }
    /// Adds the items of the units from `start` on to `batch` until it is full or the units end; returns the unit
    /// to go on from (`units` when none is left).
    func add(from start: Int, to batch: inout TileBatch) -> Int
}

extension TileItems {
    /// Words for a command that needs none beyond its items' (all but lines and dots).
    var header: TileCommandHeader { TileCommandHeader() }
}

/// Items made a unit at a time.
protocol TileItemsByUnit: TileItems {
    /// Adds unit `unit`'s items (none, one or a few) to `batch`.
    func add(unit: Int, to batch: inout TileBatch)
}

extension TileItemsByUnit {
    func add(from start: Int, to batch: inout TileBatch) -> Int {
        var unit = start
        while unit < units && !batch.isFull {
            add(unit: unit, to: &batch)
            unit += 1
        }
        return unit
    }
}
