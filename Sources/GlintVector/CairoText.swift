import CCairo
import Glint
import GlintText

/// Text runs as glyphs of embedded fonts, each at the pen position HarfBuzz gave it when the scene was built, so the
/// text sets exactly as the layout measured it. The characters go with the glyphs (`cairo_show_text_glyphs`), so a
/// PDF's text can be selected, searched and extracted: each stretch of a run whose clusters run one way (left to
/// right, or right to left) carries the characters it stands for; glyphs whose clusters repeat out of order are
/// drawn as glyphs alone.
struct CairoText {
    let cr: OpaquePointer
    let engine: TextEngine

    /// Draws `runs`; a font file FreeType cannot open leaves its glyphs out.
    func show(_ runs: [TextShape]) {
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        for run in runs where run.color.alpha > 0 {
            guard let shaped = run.glyphs ?? engine.shape(run.text, fontSize: run.fontSize), !shaped.glyphs.isEmpty else { continue }
            cairo_save(cr)
            cairo_translate(cr, run.origin.x, run.origin.y)
            cairo_rotate(cr, CairoText.angle(run.rotation))
            setSource(cr, run.color)
            let scalars = run.text.unicodeScalars.map(CairoText.acceptable)
            // The run's clusters in order, found once for all of its font segments (a run whose marks alternate
            // between fonts has a segment per glyph).
            let order = RunClusters(shaped.glyphs)
            var start = 0
            while start < shaped.glyphs.count {
                let font = shaped.glyphs[start].font
                var end = start + 1
                while end < shaped.glyphs.count && shaped.glyphs[end].font == font { end += 1 }
                if shaped.fonts.indices.contains(font), let face = CairoFonts.shared.face(shaped.fonts[font].path) {
                    cairo_set_font_face(cr, face)
                    cairo_set_font_size(cr, run.fontSize)
                    show(shaped.glyphs[start..<end], in: order, text: scalars)
                    cairo_font_face_destroy(face)
                }
                start = end
            }
            cairo_restore(cr)
        }
    }

    /// One font's glyphs of a run, with their characters: stretch by stretch of consecutive characters in one
    /// direction (a right-to-left stretch in a left-to-right run is one), each with the characters it stands for.
    private func show(_ segment: ArraySlice<GlyphRun.Glyph>, in order: RunClusters, text: [Unicode.Scalar]) {
        for part in CairoText.monotoneParts(segment, in: order) {
            var glyphs = part.map { cairo_glyph_t(index: UInt($0.id), x: $0.x, y: -$0.y) }
            guard let mapping = CairoText.clusters(part, in: order, text: text) else {
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
                continue
            }
            // A right-to-left stretch goes in the order of its characters: each glyph keeps its position.
            if mapping.backward { glyphs.reverse() }
            var clusters = mapping.clusters
            mapping.utf8.withCString { characters in
                cairo_show_text_glyphs(cr, characters, Int32(mapping.utf8.utf8.count), &glyphs, Int32(glyphs.count),
                                       &clusters, Int32(clusters.count), cairo_text_cluster_flags_t(0))
            }
        }
    }

    /// `segment` cut into stretches that each stand for consecutive characters in one direction: a stretch goes on
    /// while each glyph's cluster is the run's next cluster after the one before it (left to right) or the one
    /// before it (right to left), and is never cut inside a cluster.
    static func monotoneParts(_ segment: ArraySlice<GlyphRun.Glyph>, in order: RunClusters) -> [ArraySlice<GlyphRun.Glyph>] {
        let rank = order.rank
        var parts: [ArraySlice<GlyphRun.Glyph>] = []
        var start = segment.startIndex, direction = 0
        for i in segment.indices.dropFirst() {
            let (previous, current) = (segment[i - 1].cluster, segment[i].cluster)
            guard current != previous else { continue }
            let step = (rank[current] ?? 0) - (rank[previous] ?? 0)
            if abs(step) == 1 && (direction == 0 || direction == step) {
                direction = step
            } else {
                parts.append(segment[start..<i])
                (start, direction) = (i, 0)
            }
        }
        if start < segment.endIndex { parts.append(segment[start...]) }
        return parts
    }

    /// The characters of a segment's glyphs and cairo's clusters between them: the glyphs' cluster indices
    /// (Unicode scalars of the run) strictly rising or strictly falling group by group; nil otherwise, or when an
    /// index lies outside the text (cairo would refuse the clusters and stop drawing the whole document).
    static func clusters(_ segment: ArraySlice<GlyphRun.Glyph>, in order: RunClusters, text: [Unicode.Scalar])
        -> (utf8: String, clusters: [cairo_text_cluster_t], backward: Bool)? {
        // Groups of consecutive glyphs of one cluster, in glyph (visual) order.
        var groups: [(cluster: Int, glyphs: Int)] = []
        for glyph in segment {
            if let last = groups.last, last.cluster == glyph.cluster {
                groups[groups.count - 1].glyphs += 1
            } else {
                groups.append((glyph.cluster, 1))
            }
        }
        let starts = groups.map(\.cluster)
        let rising = zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
        let falling = zip(starts, starts.dropFirst()).allSatisfy { $0 > $1 }
        guard let low = starts.min(), let high = starts.max(), low >= 0, high < text.count, rising || falling else { return nil }
        // The segment's characters run to the next cluster of the run past its own, or to the end of the text.
        let end = order.next(after: high) ?? text.count
        let logical = rising ? groups : groups.reversed()
        var clusters: [cairo_text_cluster_t] = []
        for (k, group) in logical.enumerated() {
            let next = k + 1 < logical.count ? logical[k + 1].cluster : end
            let bytes = text[group.cluster..<next].reduce(0) { $0 + String($1).utf8.count }
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(bytes), num_glyphs: Int32(group.glyphs)))
        }
        var utf8 = String.UnicodeScalarView()
        utf8.append(contentsOf: text[low..<end])
        return (String(utf8), clusters, !rising && groups.count > 1)
    }

    /// A run's cluster indices in order, found once per run: each one's rank, and the next one past any index.
    struct RunClusters {
        /// The distinct clusters, ascending.
        let sorted: [Int]
        /// Each cluster's place in `sorted`.
        let rank: [Int: Int]

        init(_ glyphs: [GlyphRun.Glyph]) {
            sorted = Set(glyphs.map(\.cluster)).sorted()
            rank = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        }

        /// The smallest cluster above `cluster`; nil when none is.
        func next(after cluster: Int) -> Int? {
            var (low, high) = (0, sorted.count)
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle] <= cluster { low = middle + 1 } else { high = middle }
            }
            return low < sorted.count ? sorted[low] : nil
        }
    }

    /// `scalar`, or U+FFFD for a noncharacter (U+FDD0–U+FDEF, and the last two of each plane: U+FFFE, U+10FFFF):
    /// cairo's UTF-8 check refuses those, and with them the whole document, though each is a valid scalar that the
    /// raster painters draw (as its font's missing glyph). The glyphs drawn are HarfBuzz's either way; only the
    /// characters a PDF reader extracts change.
    static func acceptable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        let noncharacter = (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
        return noncharacter ? "\u{FFFD}" : scalar
    }

    /// `text` with each noncharacter replaced as `acceptable` does.
    static func acceptable(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.lazy.map(acceptable))
        return String(out)
    }

    /// The turn of a run's baseline from the x axis, in cairo's sense (clockwise on the image).
    static func angle(_ rotation: TextRotation) -> Double {
        switch rotation {
        case .none: return 0
        case .counterClockwise: return -Double.pi / 2
        case .rising: return -Double.pi / 4
        }
    }
}
