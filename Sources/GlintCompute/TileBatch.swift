import GlintRaster

/// What an item is, as tile_fine.comp names it (its `ITEM_` constants) and reads its records.
enum TileItemKind: UInt32 {
    case rect = 0, dot, segment, join, glyph, cells, mask
}

/// What a command is, as the fine pass reads its words (`COMMAND_`): a line keeps its items' coverage and blends
/// once; dots read their fill, outline and marker from the command.
enum TileCommandKind: UInt32 {
    case other = 0, line, dots
}

/// A command's four words as the fine pass reads them: (kind, first item, flags | marker << 8, width); a colour; a
/// second colour; a dash pattern. The first item is filled in when the command begins in a batch.
struct TileCommandHeader {
    /// `FLAG_` bits of tile_fine.comp.
    struct Flags: OptionSet {
        let rawValue: UInt32
        static let perDot = Flags(rawValue: 1), hard = Flags(rawValue: 2), dashed = Flags(rawValue: 4)
    }

    var kind = TileCommandKind.other
    var flags: Flags = []
    var marker: Int32 = 0
    /// A line's half-width, a dots command's outline width.
    var width: Float = 0
    var color = SIMD4<Float>.zero, second = SIMD4<Float>.zero, dash = SIMD4<Float>.zero
}

/// One batch of items for the tile passes: per item its first record, its kind and its pixel window (columns
/// x0 | x1 << 16, rows y0 | y1 << 16: an image side is at most 32768); the records; four records per command in the batch; side words (image cells and indices, path
/// masks); and the tile entries the items make, counted as they come, so that a batch stops before its lists
/// outgrow a buffer. Items are numbered in the order they come, which is scene order.
struct TileBatch {
    /// The most items, records, side words and tile entries a batch takes before it is full: each buffer at most half
    /// of what one storage block may hold (GL_MAX_SHADER_STORAGE_BLOCK_SIZE: 128 MiB on Mesa, 2 GiB on NVIDIA's
    /// drivers), and 512 MiB.
    struct Budget {
        var items: Int, records: Int, words: Int, entries: Int

        /// The budget for blocks of `maxBlockBytes` (the default, 128 MiB, is what Mesa allows).
        init(maxBlockBytes: Int = 1 << 27) {
            let bytes = min(maxBlockBytes, 1 << 30) / 2
            (items, records, words, entries) = (bytes / 16, bytes / 16, bytes / 4, bytes / 4)
        }

        /// Side words one item takes at most (a strip of an image's cells or of a path's mask): a quarter of a batch's.
        var stripWords: Int { max(1, words / 4) }
    }

    let tileSize: Int
    let budget: Budget
    let items = PlainBuffer<SIMD4<UInt32>>(), records = PlainBuffer<SIMD4<UInt32>>(), words = PlainBuffer<UInt32>()
    private(set) var commands: [SIMD4<UInt32>] = []
    /// Tile entries the items make: each item's tiles across × down.
    var entries = 0
    /// Whether the first command is a line whose items began in the batch before, and whether the last one's go on
    /// in the next: its coverage is carried between them.
    var carriesIn = false, carriesOut = false

    init(tileSize: Int, budget: Budget) {
        (self.tileSize, self.budget) = (tileSize, budget)
    }

    var commandCount: Int { commands.count / 4 }
    /// Whether another item would pass the budget (so each part stays within it but for one item's own size).
    var isFull: Bool {
        items.count >= budget.items || records.count >= budget.records || words.count >= budget.words || entries >= budget.entries
    }

    /// Starts a command whose items come next.
    mutating func begin(_ header: TileCommandHeader) {
        let bits = { (v: SIMD4<Float>) in SIMD4(v.x.bitPattern, v.y.bitPattern, v.z.bitPattern, v.w.bitPattern) }
        commands += [
            SIMD4(header.kind.rawValue, UInt32(items.count), header.flags.rawValue | UInt32(bitPattern: header.marker) << 8,
                  header.width.bitPattern),
            bits(header.color), bits(header.second), bits(header.dash),
        ]
    }

    /// Adds an item of `kind` over the pixels of `window` (never empty, inside the image) with its other records.
    mutating func add(_ kind: TileItemKind, _ window: PixelWindow, _ rest: SIMD4<UInt32>...) {
        items.append(TileBatch.item(kind, window, record: records.count))
        records.append(contentsOf: rest)
        entries += TileBatch.tiles(window, tileSize: tileSize)
    }

    /// How many tiles of `tileSize` pixels `window` reaches.
    static func tiles(_ window: PixelWindow, tileSize: Int) -> Int {
        ((window.x1 - 1) / tileSize - window.x0 / tileSize + 1) * ((window.y1 - 1) / tileSize - window.y0 / tileSize + 1)
    }

    /// An item as the passes read it: its first record, its kind, its window's columns and rows.
    static func item(_ kind: TileItemKind, _ window: PixelWindow, record: Int) -> SIMD4<UInt32> {
        SIMD4(UInt32(record), kind.rawValue, UInt32(window.x0) | UInt32(window.x1) << 16, UInt32(window.y0) | UInt32(window.y1) << 16)
    }

    /// An item that reaches no pixel (its window empty): in no tile's list.
    static func nothing(record: Int) -> SIMD4<UInt32> { SIMD4(UInt32(record), TileItemKind.dot.rawValue, 0, 0) }

    /// Appends `values` to the side words; returns where they start.
    func append(words values: some Collection<UInt32>) -> UInt32 {
        defer { words.append(contentsOf: values) }
        return UInt32(words.count)
    }

    /// Appends `bytes` to the side words four to a word; returns the byte offset of the first.
    func append(bytes: ArraySlice<UInt8>) -> UInt32 {
        defer { words.append(contentsOf: TileBatch.packed(bytes)) }
        return UInt32(words.count * 4)
    }

    /// `bytes` four to a word, the first in the low byte (as the shaders read bytes from words).
    static func packed(_ bytes: ArraySlice<UInt8>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: (bytes.count + 3) / 4) { words, initialized in
            words.initialize(repeating: 0)
            UnsafeMutableRawBufferPointer(words).copyBytes(from: bytes)
            initialized = words.count
        }
    }
}

extension SIMD4 where Scalar == UInt32 {
    /// Four floats' bits, as a record holds them.
    static func floats(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> SIMD4<UInt32> {
        SIMD4(x.bitPattern, y.bitPattern, z.bitPattern, w.bitPattern)
    }

    /// A premultiplied colour's bits.
    static func color(_ c: SIMD4<Float>) -> SIMD4<UInt32> { .floats(c.x, c.y, c.z, c.w) }
}
