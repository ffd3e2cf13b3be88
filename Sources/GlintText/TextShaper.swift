import CFriBidi
import CHarfBuzz

/// A line of text shaped for drawing: its glyphs in visual order (left to right) with their pen positions.
struct ShapedText {
    /// One positioned glyph.
    struct Glyph {
        /// Which of the engine's faces draws it (0: the primary font; others: fallbacks).
        let face: Int
        /// The glyph index in that face.
        let index: UInt32
        /// The index (in Unicode scalars) of the first character the glyph stands for.
        let cluster: Int
        /// Pen position of the glyph's origin from the start of the line, 26.6 pixels (y grows upwards).
        let x: Int, y: Int
    }

    let glyphs: [Glyph]
    /// The advance of the whole line, 26.6 pixels.
    let width: Int
}

/// Turns text into positioned glyphs the way a reader expects them:
/// 1. the Unicode bidirectional algorithm (FriBidi) gives every character its embedding level, the paragraph
///    direction following its first strong character;
/// 2. every character gets a face — the primary font when it has the glyph, else a fallback font that does
///    (`faceFor`), so "東京" or "मौसम" in a Latin title still shows;
/// 3. maximal runs of one level and one face are shaped by HarfBuzz (kerning, ligatures, Arabic joining, Indic
///    reordering, mirrored brackets), right-to-left on odd levels;
/// 4. the runs are put in visual order (rule L2: from the highest level down, reverse every sequence at that level
///    or higher) and laid end to end.
enum TextShaper {
    /// Shapes `text` at the faces' current size; `faceFor` picks the face of each character.
    static func shape(_ text: String, faces: [FontFace], faceFor: (Unicode.Scalar) -> Int) -> ShapedText {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return ShapedText(glyphs: [], width: 0) }
        let levels = embeddingLevels(scalars)
        let faceOf = scalars.map(faceFor)
        // Logical runs of one level and one face.
        var runs: [(range: Range<Int>, level: UInt8, face: Int)] = []
        var start = 0
        for i in 1...scalars.count where i == scalars.count || levels[i] != levels[start] || faceOf[i] != faceOf[start] {
            runs.append((start..<i, levels[start], faceOf[start]))
            start = i
        }
        var glyphs: [ShapedText.Glyph] = []
        var pen = 0
        for run in visualOrder(runs) {
            let face = faces[run.face]
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            // The whole line is the context, so joining and shaping see the neighbours of the run.
            let codepoints = scalars.map { $0.value }
            hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), UInt32(run.range.lowerBound), Int32(run.range.count))
            hb_buffer_guess_segment_properties(buffer)
            hb_buffer_set_direction(buffer, run.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_shape(face.font, buffer, nil, 0)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
            for k in 0..<Int(count) {
                let info = infos![k], position = positions![k]
                glyphs.append(.init(face: run.face, index: info.codepoint, cluster: Int(info.cluster),
                                    x: pen + Int(position.x_offset), y: Int(position.y_offset)))
                pen += Int(position.x_advance)
            }
        }
        return ShapedText(glyphs: glyphs, width: pen)
    }

    /// Each character's bidi embedding level (even: left to right, odd: right to left).
    static func embeddingLevels(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        let n = Int32(scalars.count)
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var direction = glint_fribidi_par_on
        fribidi_get_bidi_types(characters, n, &types)
        fribidi_get_bracket_types(characters, n, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, n, &direction, &levels) > 0 else {
            return [UInt8](repeating: 0, count: scalars.count)
        }
        return levels.map { UInt8(bitPattern: $0) }
    }

    /// Runs in visual order by rule L2 of the bidi algorithm.
    static func visualOrder(_ runs: [(range: Range<Int>, level: UInt8, face: Int)]) -> [(range: Range<Int>, level: UInt8, face: Int)] {
        var order = runs
        guard let highest = runs.map(\.level).max(), let lowestOdd = runs.map(\.level).filter({ $0 % 2 == 1 }).min() else {
            return order
        }
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else { i += 1; continue }
                var j = i
                while j < order.count && order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }
}
