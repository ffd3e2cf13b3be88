import Glint
@testable import GlintRaster
import GlintTestSupport
import Testing

/// The CPU painter looks up the bytes of a dot's fill scaled by its edge coverage in a table; the table must give
/// exactly the bytes the per-pixel formula gives, for every coverage.
@Suite struct CoverageShadesTests {
    static let colors: [Color] = [
        Color(rgb: 0x1F77B4, alpha: 0.5), Color(rgb: 0xFFFFFF), Color(rgb: 0x000000), Color(rgb: 0xFF7F0E, alpha: 0.35),
        Color(rgb: 0x9467BD, alpha: 0.999), Color(rgb: 0x2CA02C, alpha: 1.0 / 255), Color(rgb: 0x808080, alpha: 0),
    ]

    @Test(arguments: colors)
    func everyCoverageGivesTheFormulasBytes(color: Color) throws {
        let fill = ShaderColor(color)
        let shades = try #require(CoverageShades(fill), "a table for \(color)")
        var coverages: [Float] = [0, 1, Float(1).nextDown, Float.leastNonzeroMagnitude]
        for k in 0...1024 {
            let edge = Float(k) / 1024
            coverages += [edge, edge.nextUp, edge.nextDown]
        }
        // Around every byte step of every channel: where `value × 255 + 0.5` crosses a whole number.
        for channel in [fill.r, fill.g, fill.b, fill.a] where channel > 0 {
            for step in 0...255 {
                let c = (Float(step) - 0.5) / (255 * channel)
                guard c > 0, c < 1 else { continue }
                var near = c
                for _ in 0..<4 { near = near.nextDown }
                for _ in 0..<9 { coverages.append(near); near = near.nextUp }
            }
        }
        var random = SeededGenerator(seed: 12)
        for _ in 0..<100_000 { coverages.append(Float(random.next())) }
        for c in coverages where c >= 0 && c <= 1 {
            let expected = Band.Source(fill.scaled(c)), found = shades.source(c)
            #expect(found.packed == expected.packed && found.a == expected.a, "coverage \(c) of \(color)")
            if found.packed != expected.packed { return }
        }
    }
}
