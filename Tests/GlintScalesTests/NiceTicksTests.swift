import Testing
@testable import GlintScales

@Suite struct NiceTicksTests {
    @Test(arguments: [(10.0, 5, 2.0), (1.0, 5, 0.2), (7.3, 4, 2.0), (1000.0, 4, 200.0), (0.03, 3, 0.01), (100.0, 10, 10.0)])
    func stepsAreOneTwoFive(span: Double, target: Int, expected: Double) {
        #expect(abs(NiceTicks.step(over: 0...span, target: target) - expected) < expected * 1e-9)
    }

    @Test func spansBeyondTheLargestDoubleStillGetTicks() {
        let ticks = NiceTicks.ticks(in: -1.08e308 ... 1.08e308, target: 5)
        #expect(ticks == [-1e308, -5e307, 0, 5e307, 1e308])
    }

    @Test func ticksLieInsideTheRangeOnMultiplesOfTheStep() {
        let ticks = NiceTicks.ticks(in: -3.3...17.9, target: 5)
        #expect(ticks == [0, 5, 10, 15])
    }

    @Test func labelsUseJustEnoughDecimals() {
        #expect(NiceTicks.labels(for: [0, 0.5, 1], step: 0.5) == ["0.0", "0.5", "1.0"])
        #expect(NiceTicks.labels(for: [-0.0, 20, 40], step: 20) == ["0", "20", "40"])
        #expect(NiceTicks.labels(for: [0.01, 0.02], step: 0.01) == ["0.01", "0.02"])
    }

    @Test func epochMillisecondTicksStayExact() {
        let base = 1.7e12
        let ticks = NiceTicks.ticks(in: base...(base + 10), target: 5)
        #expect(ticks == [base, base + 2, base + 4, base + 6, base + 8, base + 10])
        // Suffixed, these would need more characters than plain digits: plain digits stay.
        #expect(NiceTicks.labels(for: [base, base + 2], step: 2) == ["1700000000000", "1700000000002"])
    }
}
