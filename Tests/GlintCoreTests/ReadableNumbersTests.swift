import Testing
@testable import GlintCore

/// Numbers nobody gave a format for: plain digits for everyday magnitudes, short-scale suffixes from 10,000, exponent
/// form below 0.001 and from 10^15 — on an axis only where that is shorter — and value labels in the same magnitudes.
@Suite struct ReadableNumbersTests {
    @Test func largeTicksTakeSuffixesByTheirOwnMagnitude() {
        #expect(ReadableNumbers.labels(for: [0, 2e9, 4e9, 6e9, 8e9, 1e10, 1.2e10], step: 2e9) == ["0", "2B", "4B", "6B", "8B", "10B", "12B"])
        #expect(ReadableNumbers.labels(for: [0, 5e5, 1e6, 1.5e6], step: 5e5) == ["0", "500k", "1M", "1.5M"])
        #expect(ReadableNumbers.labels(for: [-2e4, 0, 2e4], step: 2e4) == ["-20k", "0", "20k"])
        #expect(ReadableNumbers.labels(for: [0, 5e13, 1e14], step: 5e13) == ["0", "50T", "100T"])
        // Everyday magnitudes, and axes that suffixes would lengthen, keep their digits.
        #expect(ReadableNumbers.labels(for: [2019, 2020, 2021], step: 1) == ["2019", "2020", "2021"])
        #expect(ReadableNumbers.labels(for: [10_000, 10_002, 10_004], step: 2) == ["10000", "10002", "10004"])
        #expect(ReadableNumbers.labels(for: [0, 0.5, 1], step: 0.5) == ["0.0", "0.5", "1.0"])
    }

    @Test func tinyAndHugeTicksAreWrittenWithExponents() {
        #expect(ReadableNumbers.labels(for: [2e-6, 4e-6, 6e-6, 8e-6, 1e-5, 1.2e-5], step: 2e-6) == ["2e-6", "4e-6", "6e-6", "8e-6", "10e-6", "12e-6"], "one exponent for the axis")
        #expect(ReadableNumbers.labels(for: [0, 1e15, 2e15], step: 1e15) == ["0", "1e15", "2e15"])
        #expect(ReadableNumbers.labels(for: [0, 0.002, 0.004], step: 0.002) == ["0.000", "0.002", "0.004"], "0.004 is no tiny magnitude")
    }

    @Test func valueLabelsFollowTheirSeriesMagnitudes() {
        #expect(ReadableNumbers.label(5.5e9, largest: 1.2e10) == "5.5B" && ReadableNumbers.label(1.234e10, largest: 1.234e10) == "12.3B")
        #expect(ReadableNumbers.label(999_700, largest: 1e6) == "1M", "rounded to three digits it is a million")
        #expect(ReadableNumbers.label(512, largest: 2e4) == "512" && ReadableNumbers.label(12.5, largest: 40) == "12.5")
        #expect(ReadableNumbers.label(8.25e-6, largest: 1.2e-5) == "8.25e-6" && ReadableNumbers.label(3e18, largest: 3e18) == "3e18")
        // Three significant digits in plain digits too, the whole part kept whole.
        #expect([1829.41, 12.345, 0.012345, 999.96, -7.5].map { ReadableNumbers.label($0, largest: 2000) } == ["1829", "12.3", "0.0123", "1000", "-7.5"])
        #expect(ReadableNumbers.label(0, largest: 1e10) == "0")
        // Each value by its own magnitude past the suffixes' reach, and what is not a number as %g writes it.
        #expect(ReadableNumbers.label(9.9995e14, largest: 9.9995e14) == "1e15" && ReadableNumbers.label(1, largest: 1e15) == "1")
        #expect(ReadableNumbers.label(1e-7, largest: 1e6) == "1e-7" && ReadableNumbers.label(.infinity, largest: .infinity) == "inf")
    }

    @Test func labelsNeverTrapAndNeverRoundAValueToZero() {
        #expect(ReadableNumbers.labels(for: [.infinity, 1], step: 1) == ["inf", "1"])
        #expect(ReadableNumbers.labels(for: [1, 2], step: 0) == ["1", "2"] && ReadableNumbers.labels(for: [1, 2], step: .nan).count == 2)
        // A step far above the values (a size legend of equal sizes): the values, not "0".
        #expect(ReadableNumbers.labels(for: [0.0004], step: 1) == ["4e-4"])
        #expect(ReadableNumbers.labels(for: [0.004], step: 1) == ["0.004"])
    }
}

/// At least three labelled ticks on a linear axis 1.5 spacings long or more.
@Suite struct TickCountTests {
    @Test func anAxisWithRoomShowsThreeTicks() {
        // 0.97…1.08 over 100 px at one tick per 50 px was "1.00, 1.05": two labels for the whole axis.
        #expect(LinearScale().ticks(for: 0.97...1.08, length: 100, spacing: 50).labels == ["0.98", "1.00", "1.02", "1.04", "1.06", "1.08"])
        // An axis shorter than 1.5 spacings keeps what fits.
        #expect(LinearScale().ticks(for: 0.97...1.08, length: 70, spacing: 50).labels == ["1.00", "1.05"])
        // Spans that already give three keep their step.
        #expect(LinearScale().ticks(for: 0...10, length: 100, spacing: 50).labels == ["0", "5", "10"])
    }
}
