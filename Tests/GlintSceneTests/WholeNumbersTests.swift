import Testing
@testable import GlintScales
@testable import GlintScene

/// Whole numbers by truncation and a correction give what Float's own rounding gives (clamped to ±1e9).
@Suite struct WholeNumbersTests {
    /// Whole numbers and halves either side of 0, the Floats next to whole numbers, around 2^23 and 2^24 (where
    /// every Float is whole), past the clamp, and the infinities.
    static let values: [Float] = {
        var values: [Float] = [0, -0, 0.5, -0.5, 3.75, -3.75, 1e9, -1e9, 3e9, -3e9, 1e30, -1e30, .infinity, -.infinity]
        for whole: Float in [1, 7, 8_388_608, 16_777_216, 1e9] {
            values += [whole, -whole, whole.nextDown, whole.nextUp, -whole.nextUp, -whole.nextDown]
        }
        return values
    }()

    @Test func belowAndAboveAreTheClampedFloorAndCeiling() {
        for v in WholeNumbersTests.values {
            #expect(WholeNumbers.below(v) == Int(max(-1e9, min(1e9, v.rounded(.down)))), "below(\(v))")
            #expect(WholeNumbers.above(v) == Int(max(-1e9, min(1e9, v.rounded(.up)))), "above(\(v))")
        }
        #expect(WholeNumbers.below(.nan) == 1_000_000_000 && WholeNumbers.above(.nan) == 1_000_000_000)
    }

    @Test func aliasedVerticesGoToTheCentreOfTheirPixel() {
        for v in WholeNumbersTests.values {
            #expect(PixelSnap.centre(v) == v.rounded(.down) + 0.5, "centre(\(v))")
        }
        #expect(PixelSnap.centre(.nan).isNaN)
    }
}
