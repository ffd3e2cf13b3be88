import Testing
@testable import GlintScales

/// The tick-label mini-language: `prefix{[,][.N][f|%|s|e]}suffix`.
@Suite struct NumberFormatTests {
    @Test(arguments: [
        ("{,.0f}", [0.0, 12500, -1_234_567], 500.0, ["0", "12,500", "-1,234,567"]),
        ("${,.2f}", [1234.5, 0.25], 0.25, ["$1,234.50", "$0.25"]),
        ("{.1f} ms", [2.5, 10], 2.5, ["2.5 ms", "10.0 ms"]),
        ("{%}", [0, 0.25, 0.5], 0.25, ["0%", "25%", "50%"]),
        ("{.1%}", [0.125], 0.1, ["12.5%"]),
        ("{.3s}", [1200, 3_400_000, 0.005, 0, 999], 1000, ["1.2k", "3.4M", "5m", "0", "999"]),
        ("{.2e}", [1_500_000, 0.00012], 1, ["1.50e6", "1.20e-4"]),
        ("{f}", [0, 0.5, 1], 0.5, ["0.0", "0.5", "1.0"]),
    ] as [(String, [Double], Double, [String])])
    func labelsFollowTheSpec(spec: String, values: [Double], step: Double, expected: [String]) throws {
        let format = try #require(NumberFormat(spec))
        #expect(format.labels(for: values, step: step) == expected)
    }

    @Test(arguments: ["", "{", ".2f", "{.x}", "{,.2q}", "{.99f}"])
    func badSpecsAreRefused(spec: String) {
        #expect(NumberFormat(spec) == nil, "'\(spec)'")
    }
}
