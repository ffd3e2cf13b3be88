import Glint
import GlintCore
@testable import GlintText
import Testing

/// Text is shaped as a reader expects: bidi order, kerning, joining, and a fallback font for every character.
@Suite struct ShapingTests {
    static let mixed = "Température °C — 東京 — مرحبا — שלום (123) — मौसम"

    @Test func everyCharacterOfFiveScriptsHasAFont() throws {
        let engine = try TextEngine(family: "sans-serif")
        #expect(engine.uncoveredCharacters(ShapingTests.mixed).isEmpty, "\(engine.uncoveredCharacters(ShapingTests.mixed))")
        let quads = engine.glyphs(for: TextShape(ShapingTests.mixed, origin: Point(0, 40), fontSize: 20, color: .black))
        #expect(quads.count >= 35, "one quad per visible glyph: \(quads.count)")
        #expect(engine.fontFiles.count >= 3, "the primary font and fallbacks for CJK and Devanagari: \(engine.fontFiles)")
        #expect(engine.uncoveredCharacters("cuneiform 𒀀") == ["𒀀"])
    }

    @Test func bidiLevelsFollowTheParagraphsFirstStrongCharacter() {
        let ltr = TextShaper.embeddingLevels(Array("ab مر cd".unicodeScalars))
        #expect(ltr == [0, 0, 0, 1, 1, 0, 0, 0])
        let rtl = TextShaper.embeddingLevels(Array("مر ab (1)".unicodeScalars))
        #expect(rtl[0] == 1 && rtl[1] == 1 && rtl[3] == 2 && rtl[4] == 2, "\(rtl)")
    }

    @Test func runsAreReorderedByRuleL2() {
        let runs: [(range: Range<Int>, level: UInt8, face: Int)] = [(0..<2, 1, 0), (2..<3, 1, 0), (3..<5, 2, 0), (5..<6, 1, 0)]
        // Level 2 run alone; then every run at level >= 1 reversed: the paragraph reads right to left.
        #expect(TextShaper.visualOrder(runs).map(\.range) == [5..<6, 3..<5, 2..<3, 0..<2])
        let latin: [(range: Range<Int>, level: UInt8, face: Int)] = [(0..<3, 0, 0), (3..<5, 0, 1)]
        #expect(TextShaper.visualOrder(latin).map(\.range) == [0..<3, 3..<5])
    }

    @Test func arabicIsDrawnRightToLeftAndJoined() throws {
        let engine = try TextEngine(family: "sans-serif")
        // In "x مرحبا", the Arabic word follows x on its right; its first letter (meem) is its rightmost glyph.
        let word = engine.glyphs(for: TextShape("مرحبا", origin: Point(0, 40), fontSize: 30, color: .black))
        let meem = engine.glyphs(for: TextShape("م", origin: Point(0, 40), fontSize: 30, color: .black))
        #expect(!word.isEmpty && !meem.isEmpty)
        // Joined letters take their connected forms: the word is narrower than its letters set apart.
        let joined = engine.measure("مرحبا", fontSize: 30).width
        let apart = "مرحبا".map { engine.measure(String($0), fontSize: 30).width }.reduce(0, +)
        #expect(joined < apart, "joined \(joined) px, letters apart \(apart) px")
        // Visual order: glyphs run left to right from the last logical letter (alef) to the first (meem),
        // after the Latin word that precedes them.
        let line = engine.shapedLine("x مرحبا", fontSize: 30)
        #expect(line.glyphs.map(\.cluster) == [0, 1, 6, 5, 4, 3, 2], "\(line.glyphs.map(\.cluster))")
        #expect(zip(line.glyphs, line.glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
    }

    @Test func kerningPullsPairsTogether() throws {
        let engine = try TextEngine(family: "DejaVu Sans")
        let pair = engine.measure("AV", fontSize: 40).width
        let apart = engine.measure("A", fontSize: 40).width + engine.measure("V", fontSize: 40).width
        #expect(pair < apart, "AV \(pair) px, A + V \(apart) px")
    }
}
