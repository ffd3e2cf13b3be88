import CFreeType
import Foundation
import GlintCore

/// Sets text with one font: measures runs for layout and rasterises their glyphs into a shared atlas.
/// Thread-safe: FreeType's face and the glyph cache are used under a lock.
public final class TextEngine: TextMeasuring, @unchecked Sendable {
    /// The font in use: its file, its family, and the family asked for.
    public let font: FontMatch
    /// Rasterised glyphs, for the painters to sample (a snapshot: later glyphs do not change it).
    public var atlas: GlyphAtlas {
        lock.lock()
        defer { lock.unlock() }
        return cache
    }

    private var cache = GlyphAtlas()
    private let lock = NSLock()
    /// Glyphs that did not fit the atlas since the last `beginRender`.
    private var missed = 0

    private struct GlyphKey: Hashable {
        let index: UInt32
        let size: Int
    }

    private struct Glyph {
        let advance: Int  // 26.6
        let left: Int, top: Int, width: Int, height: Int
        let atlasX: Int, atlasY: Int
    }

    private var library: FT_Library?
    private let face: FT_Face
    private var currentSize = -1
    private var glyphs: [GlyphKey: Glyph] = [:]

    /// An engine for the best font fontconfig finds for `family` (see `font.isSubstitute`).
    public convenience init(family: String) throws {
        try self.init(font: FontLookup.match(family))
    }

    /// An engine for a font already looked up.
    public init(font: FontMatch) throws {
        self.font = font
        let fontPath = font.path
        guard FT_Init_FreeType(&library) == 0 else { throw TextError.freeType("could not initialise the library") }
        var face: FT_Face?
        guard FT_New_Face(library, fontPath, 0, &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw TextError.freeType("could not open font file \(fontPath)")
        }
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The metrics of `text` at `fontSize` pixels, from the same glyph advances and kerning that `glyphs(for:)` uses.
    public func measure(_ text: String, fontSize: Double) -> TextMetrics {
        lock.lock()
        defer { lock.unlock() }
        let size = select(fontSize)
        var pen = 0
        walk(text, size: size) { glyph, penX in
            pen = penX + glyph.advance
        }
        let metrics = face.pointee.size.pointee.metrics
        return TextMetrics(width: Double(pen) / 64, ascent: Double(metrics.ascender) / 64,
                           descent: Double(-metrics.descender) / 64)
    }

    /// Call before each render: when the atlas is more than half full (or `emptying` is set), it is emptied, so
    /// a render starts with at least half of it free. Glyphs are re-rasterised as they are asked for again.
    /// Never call it during a render: the quads already handed out point into the atlas.
    public func beginRender(emptying: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        if emptying || cache.fill > 0.5 {
            cache = GlyphAtlas(width: cache.width, generation: cache.generation + 1)
            glyphs = [:]
        }
        missed = 0
    }

    /// How many glyphs could not be placed in the atlas since `beginRender` (they would be missing from the
    /// image): a render that misses any is redone with an empty atlas.
    public var missedGlyphs: Int {
        lock.lock()
        defer { lock.unlock() }
        return missed
    }

    /// The glyph quads of a text run, rasterising any glyph not yet in the atlas.
    public func glyphs(for run: TextShape) -> [GlyphQuad] {
        lock.lock()
        defer { lock.unlock() }
        let size = select(run.fontSize)
        var quads: [GlyphQuad] = []
        let origin = run.origin
        walk(run.text, size: size) { glyph, penX in
            guard glyph.width > 0, glyph.height > 0 else { return }
            // Glyph box in run space: u along the baseline, v downwards from it.
            let u0 = Double((penX + 32) >> 6 + glyph.left), v0 = Double(-glyph.top)
            let u1 = u0 + Double(glyph.width), v1 = v0 + Double(glyph.height)
            let local = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
            let corners = local.map { u, v -> Point in
                switch run.rotation {
                case .none: return Point(origin.x + u, origin.y + v)
                case .counterClockwise: return Point(origin.x + v, origin.y - u)
                }
            }
            quads.append(GlyphQuad(corners: corners,
                                   texels: (glyph.atlasX, glyph.atlasY, glyph.atlasX + glyph.width, glyph.atlasY + glyph.height),
                                   color: run.color))
        }
        return quads
    }

    /// Sets the face to `fontSize` pixels; returns the size in 26.6 fixed point.
    private func select(_ fontSize: Double) -> Int {
        let size = max(1, Int((fontSize * 64).rounded()))
        if size != currentSize {
            FT_Set_Char_Size(face, 0, FT_F26Dot6(size), 72, 72)
            currentSize = size
        }
        return size
    }

    /// Calls `body` with each glyph of `text` and its pen position (26.6), kerning applied.
    private func walk(_ text: String, size: Int, _ body: (Glyph, Int) -> Void) {
        var pen = 0
        var previous: UInt32 = 0
        let kerning = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        for scalar in text.unicodeScalars {
            let index = UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
            if kerning, previous != 0, index != 0 {
                var delta = FT_Vector()
                FT_Get_Kerning(face, previous, index, UInt32(FT_KERNING_DEFAULT.rawValue), &delta)
                pen += Int(delta.x)
            }
            let glyph = load(index, size: size)
            body(glyph, pen)
            pen += glyph.advance
            previous = index
        }
    }

    /// The cached glyph, rasterised into the atlas on first use.
    private func load(_ index: UInt32, size: Int) -> Glyph {
        let key = GlyphKey(index: index, size: size)
        if let glyph = glyphs[key] { return glyph }
        var glyph = Glyph(advance: 0, left: 0, top: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)
        if FT_Load_Glyph(face, index, Int32(FT_LOAD_RENDER)) == 0, let slot = face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            var spot = (x: 0, y: 0)
            if w > 0, h > 0 {
                if let place = cache.insert(width: w, height: h, pitch: Int(bitmap.pitch), bytes: UnsafePointer(bitmap.buffer)) {
                    spot = place
                } else {
                    // No room: counted, so the render is redone with an empty atlas; not cached, so it is tried again.
                    missed += 1
                    return Glyph(advance: Int(slot.pointee.advance.x), left: 0, top: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)
                }
            }
            glyph = Glyph(advance: Int(slot.pointee.advance.x), left: Int(slot.pointee.bitmap_left),
                          top: Int(slot.pointee.bitmap_top), width: w, height: h, atlasX: spot.x, atlasY: spot.y)
        }
        glyphs[key] = glyph
        return glyph
    }
}
