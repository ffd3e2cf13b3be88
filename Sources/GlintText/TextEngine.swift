import CFreeType
import FoundationEssentials
import Glibc
import GlintScales
import GlintScene

/// Sets text: shapes it (`TextShaper`: bidi, per-character font fallback, HarfBuzz), measures the shaped line for
/// layout and rasterises its glyphs into a shared atlas, so measuring and drawing use the same glyph positions.
/// Thread-safe: FreeType, HarfBuzz and the caches are used under a lock.
public final class TextEngine: TextMeasuring, @unchecked Sendable {
    /// The primary font: its file, its family, and the family asked for.
    public let font: FontMatch
    /// Rasterised glyphs, for the painters to sample (a snapshot: later glyphs do not change it).
    public var atlas: GlyphAtlas {
        lock.lock()
        defer { lock.unlock() }
        return cache
    }

    /// Fallback fonts an engine opens at most (beyond, characters the primary font lacks draw its missing-glyph box).
    static let maxFaces = 16

    private var cache = GlyphAtlas()
    private let lock = Lock()
    /// Glyphs that did not fit the atlas since the last `beginRender`.
    private var missed = 0

    private struct GlyphKey: Hashable {
        let face: Int
        let index: UInt32
        let size: Int
        let rotation: TextRotation
        /// A turned glyph's pen offset within its pixel, in quarters of a pixel along x and y (x × 4 + y).
        let offset: Int
    }

    private struct Glyph {
        let left: Int, top: Int, width: Int, height: Int
        let atlasX: Int, atlasY: Int
    }

    private struct ShapeKey: Hashable {
        let text: String
        let size: Int
    }

    private var library: FT_Library?
    /// Face 0 is the primary font; the others are fallbacks opened as characters need them.
    private var faces: [FontFace] = []
    private var faceByPath: [String: Int] = [:]
    private var faceByScalar: [UInt32: Int] = [:]
    private var glyphs: [GlyphKey: Glyph] = [:]
    /// Shaped lines by text and size: at most 1,024 of them and `shapeCacheBytes` of glyphs and text, so that
    /// long distinct titles (one 240 KB title shapes to ~10 MB) cannot grow a server's memory.
    private var shaped = BoundedCache<ShapeKey, ShapedText>(capacity: 1024, maxCost: TextEngine.shapeCacheBytes)
    /// The most memory the shaped-line cache holds, in bytes.
    public static let shapeCacheBytes = 16 << 20

    /// An engine for the best font fontconfig finds for `family` (see `font.isSubstitute`).
    public convenience init(family: String) throws {
        try self.init(font: FontLookup.match(family))
    }

    /// An engine for a font already looked up.
    public init(font: FontMatch) throws {
        self.font = font
        guard FT_Init_FreeType(&library) == 0 else { throw TextError.freeType("could not initialise the library") }
        do {
            faces = [try FontFace(path: font.path, library: library)]
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
        faceByPath[font.path] = 0
    }

    deinit {
        faces.removeAll()  // their FreeType faces go before the library
        FT_Done_FreeType(library)
    }

    /// The metrics of `text` at `fontSize` pixels: the advance of the shaped line that `glyphs(for:)` draws, and
    /// the primary font's ascent and descent.
    public func measure(_ text: String, fontSize: Double) -> TextMetrics {
        lock.lock()
        defer { lock.unlock() }
        let size = TextEngine.size(fontSize)
        let line = shape(text, size: size)
        faces[0].select(size)
        let vertical = faces[0].verticalMetrics
        return TextMetrics(width: Double(line.width) / 64, ascent: vertical.ascent, descent: vertical.descent)
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

    /// The glyphs of `text` at `fontSize` pixels with their fonts' files, as `measure` measured them and
    /// `glyphs(for:)` draws them.
    public func shape(_ text: String, fontSize: Double) -> GlyphRun? {
        lock.lock()
        defer { lock.unlock() }
        let line = shape(text, size: TextEngine.size(fontSize))
        var fonts: [FontReference] = [], fontOfFace: [Int: Int] = [:]
        let glyphs = line.glyphs.map { placed -> GlyphRun.Glyph in
            let font = fontOfFace[placed.face] ?? {
                fonts.append(FontReference(path: faces[placed.face].path))
                fontOfFace[placed.face] = fonts.count - 1
                return fonts.count - 1
            }()
            return GlyphRun.Glyph(font: font, id: placed.index, x: Double(placed.x) / 64, y: Double(placed.y) / 64, cluster: placed.cluster)
        }
        return GlyphRun(fonts: fonts, glyphs: glyphs, advance: Double(line.width) / 64)
    }

    /// The glyph quads of a text run — its shaped `glyphs`, or `text` shaped now when it has none — rasterising any
    /// glyph not yet in the atlas. A glyph whose font file cannot be opened is left out.
    public func glyphs(for run: TextShape) -> [GlyphQuad] {
        lock.lock()
        defer { lock.unlock() }
        let size = TextEngine.size(run.fontSize)
        var quads: [GlyphQuad] = []
        let origin = run.origin
        for placed in placedGlyphs(run, size: size) {
            // A turned glyph's pen runs along the slanted baseline, between pixels: FreeType renders the glyph turned
            // and shifted by the pen's offset within its pixel (to a quarter pixel), so spacing stays even.
            let pen = run.rotation.point(origin, u: Double(placed.x) / 64, v: -Double(placed.y) / 64)
            let quarter = { (v: Double) in min(3, max(0, Int(saturating: ((v - v.rounded(.down)) * 4).rounded(.down)))) }
            let offset = run.rotation == .rising ? quarter(pen.x) * 4 + quarter(pen.y) : 0
            let glyph = load(placed.index, face: placed.face, size: size, rotation: run.rotation, offset: offset)
            guard glyph.width > 0, glyph.height > 0 else { continue }
            if run.rotation == .rising {
                let x0 = pen.x.rounded(.down) + Double(glyph.left), y0 = pen.y.rounded(.down) - Double(glyph.top)
                let x1 = x0 + Double(glyph.width), y1 = y0 + Double(glyph.height)
                quads.append(GlyphQuad(corners: [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)],
                                       texels: (glyph.atlasX, glyph.atlasY, glyph.atlasX + glyph.width, glyph.atlasY + glyph.height),
                                       color: run.color))
                continue
            }
            // Glyph box in run space: u along the baseline, v downwards from it (HarfBuzz's y grows upwards).
            let u0 = Double((placed.x + 32) >> 6 + glyph.left), v0 = Double(-glyph.top - (placed.y + 32) >> 6)
            let u1 = u0 + Double(glyph.width), v1 = v0 + Double(glyph.height)
            let local = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
            let corners = local.map { u, v in run.rotation.point(origin, u: u, v: v) }
            quads.append(GlyphQuad(corners: corners,
                                   texels: (glyph.atlasX, glyph.atlasY, glyph.atlasX + glyph.width, glyph.atlasY + glyph.height),
                                   color: run.color))
        }
        return quads
    }

    /// The characters of `text` that no installed font has a glyph for (they draw as the font's missing-glyph
    /// box), in order, each once.
    public func uncoveredCharacters(_ text: String) -> [Unicode.Scalar] {
        lock.lock()
        defer { lock.unlock() }
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { scalar in
            guard !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control,
                  !faces[face(for: scalar)].covers(scalar) else { return false }
            return seen.insert(scalar).inserted
        }
    }

    /// The glyphs of `run` as face, glyph index and 26.6 pen position: its shaped glyphs with each font found
    /// among (or opened into) the engine's faces, or its text shaped now.
    private func placedGlyphs(_ run: TextShape, size: Int) -> [(face: Int, index: UInt32, x: Int, y: Int)] {
        guard let shaped = run.glyphs else {
            return shape(run.text, size: size).glyphs.map { ($0.face, $0.index, $0.x, $0.y) }
        }
        let faceOfFont = shaped.fonts.map { face(file: $0.path) }
        return shaped.glyphs.compactMap { glyph in
            guard faceOfFont.indices.contains(glyph.font), let face = faceOfFont[glyph.font] else { return nil }
            return (face, glyph.id, Int(saturating: (glyph.x * 64).rounded()), Int(saturating: (glyph.y * 64).rounded()))
        }
    }

    /// The engine's face for the font file at `path`, opened on first use; nil when it cannot be opened (or the
    /// engine has `maxFaces` open already).
    private func face(file path: String) -> Int? {
        if let index = faceByPath[path] { return index }
        guard faces.count < TextEngine.maxFaces, let opened = try? FontFace(path: path, library: library) else { return nil }
        faces.append(opened)
        faceByPath[path] = faces.count - 1
        return faces.count - 1
    }

    /// The font files this engine draws with: the primary one first, then the fallbacks it has opened.
    public var fontFiles: [String] {
        lock.lock()
        defer { lock.unlock() }
        return faces.map(\.path)
    }

    /// The shaped line of `text` at `fontSize` pixels, as `glyphs(for:)` draws it.
    func shapedLine(_ text: String, fontSize: Double) -> ShapedText {
        lock.lock()
        defer { lock.unlock() }
        return shape(text, size: TextEngine.size(fontSize))
    }

    /// A font size in pixels as FreeType's 26.6 fixed point.
    private static func size(_ fontSize: Double) -> Int { min(max(1, Int(saturating: (fontSize * 64).rounded())), 1 << 20) }

    /// The shaped line of `text` at `size`, shaped on first use.
    private func shape(_ text: String, size: Int) -> ShapedText {
        let cost = { (line: ShapedText) in line.glyphs.count * MemoryLayout<ShapedText.Glyph>.stride + text.utf8.count + 64 }
        return shaped.value(for: ShapeKey(text: text, size: size), cost: cost) {
            let used = Set(text.unicodeScalars.map(face(for:)))
            for index in used { faces[index].select(size) }
            return TextShaper.shape(text, faces: faces) { face(for: $0) }
        }
    }

    /// The face that draws `scalar`: the primary font when it has the glyph, else a fallback font that does,
    /// found through fontconfig once per character; the primary font when none does.
    private func face(for scalar: Unicode.Scalar) -> Int {
        if faces[0].covers(scalar) || scalar.properties.generalCategory == .control { return 0 }
        if let known = faceByScalar[scalar.value] { return known }
        var chosen = 0
        if let path = FontLookup.file(covering: scalar, near: font.family), let index = face(file: path) {
            chosen = index
        }
        if faceByScalar.count > 65_536 { faceByScalar = [:] }
        faceByScalar[scalar.value] = chosen
        return chosen
    }

    /// The cached glyph, rasterised into the atlas on first use.
    private func load(_ index: UInt32, face: Int, size: Int, rotation: TextRotation, offset: Int) -> Glyph {
        let key = GlyphKey(face: face, index: index, size: size, rotation: rotation == .rising ? .rising : .none, offset: offset)
        if let glyph = glyphs[key] { return glyph }
        let ft = faces[face]
        ft.select(size)
        var glyph = Glyph(left: 0, top: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)
        // A rising run's glyphs are turned by FreeType as it renders them (16.16 fixed point; y grows upwards).
        if key.rotation == .rising {
            let h = FT_Fixed((TextRotation.risingSine * 65536).rounded())
            var turn = FT_Matrix(xx: h, xy: -h, yx: h, yy: h)
            // The shift in 26.6 pixels: right by the x quarters, down (FreeType's y is up) by the y quarters.
            var shift = FT_Vector(x: FT_Pos(offset / 4 * 16), y: FT_Pos(-(offset % 4) * 16))
            FT_Set_Transform(ft.face, &turn, &shift)
        }
        defer { if key.rotation == .rising { FT_Set_Transform(ft.face, nil, nil) } }
        if FT_Load_Glyph(ft.face, index, Int32(FT_LOAD_RENDER)) == 0, let slot = ft.face.pointee.glyph {
            let bitmap = slot.pointee.bitmap
            let w = Int(bitmap.width), h = Int(bitmap.rows)
            var spot = (x: 0, y: 0)
            if w > 0, h > 0 {
                guard let place = cache.insert(width: w, height: h, pitch: Int(bitmap.pitch), bytes: UnsafePointer(bitmap.buffer)) else {
                    // No room: counted, so the render is redone with an empty atlas; not cached, so it is tried again.
                    missed += 1
                    return glyph
                }
                spot = place
            }
            glyph = Glyph(left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: w, height: h,
                          atlasX: spot.x, atlasY: spot.y)
        }
        glyphs[key] = glyph
        return glyph
    }
}
