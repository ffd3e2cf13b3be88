#if canImport(Glibc)
import Glibc
#endif
import GlintTestSupport
@testable import GlintData
import Testing

/// The CSV number parser gives exactly strtod's Double for every decimal input, and refuses what is not decimal.
@Suite struct DecimalParserTests {
    func strtodValue(_ text: String) -> Double {
        text.withCString { strtod($0, nil) }
    }

    static let tricky = [
        "0", "-0", "+0", "1", "+1", "-1", ".5", "5.", "-.5", "+.5", "0.1", "0.2", "0.3",
        // Halfway cases between adjacent doubles, and their neighbours.
        "9007199254740993", "9007199254740992.5", "9007199254740993.0000000001",
        "2.2250738585072011e-308", "2.2250738585072014e-308",  // around the smallest normal
        "4.9406564584124654e-324", "2.4703282292062328e-324", "2.4703282292062327e-324",  // subnormals, ties
        "1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "1e-400",
        "0.1000000000000000055511151231257827021181583404541015625",  // 17+ significant digits
        "123456789012345678901234567890", "3.14159265358979323846264338327950288419716939937510",
        "1E5", "1e+5", "1e-5", "7.038531e-26", "  42  ", "\t-3.5\t",
    ]

    @Test(arguments: tricky)
    func trickyInputsMatchStrtod(text: String) {
        let expected = strtodValue(text)
        guard case let .number(value) = DecimalParser.parse(text) else {
            Issue.record("'\(text)' did not parse")
            return
        }
        #expect(value.bitPattern == expected.bitPattern, "'\(text)': \(value) vs strtod \(expected)")
    }

    @Test func overflowIsReportedNotInfinite() {
        #expect(DecimalParser.parse("1e309") == .overflow)
        #expect(DecimalParser.parse("-1e999") == .overflow)
    }

    @Test(arguments: ["0x10", "1e", "e5", "--1", "+-1", "1.2.3", "1,5", "12abc", "١٢", "1 2", ".", "+", "-", "0x1p3", "infinite"])
    func nonDecimalTextIsInvalid(text: String) {
        #expect(DecimalParser.parse(text) == .invalid, "'\(text)'")
    }

    @Test func gapWordsAreGaps() {
        for word in ["", "  ", "NaN", "nan", "NA", "n/a", "null", "NULL"] {
            guard case let .gap(v) = DecimalParser.parse(word) else { Issue.record("'\(word)'"); continue }
            #expect(v.isNaN, "'\(word)'")
        }
        #expect(DecimalParser.parse("inf") == .gap(.infinity))
        #expect(DecimalParser.parse("-Infinity") == .gap(-.infinity))
    }

    /// A million random decimal strings of every shape: each parses to strtod's Double, bit for bit.
    @Test func aMillionRandomValuesMatchStrtod() {
        var generator = SeededGenerator(seed: 20261130)
        // 64 good bits from the generator's high halves (an LCG's low bits repeat quickly).
        func random() -> UInt64 { (generator.nextBits() >> 32) << 32 | generator.nextBits() >> 32 }
        var mismatches: [String] = []
        for _ in 0..<1_000_000 {
            let text: String
            switch random() % 4 {
            case 0:  // a random finite double, printed with as many digits as it takes to round-trip
                let bits = random() & ~(0x7FF << 52) | ((random() % 2047) << 52)
                text = String(Double(bitPattern: bits))
            case 1:  // fixed-point with a random number of digits
                text = String(Int64(bitPattern: random()) % 1_000_000_000_000) + "." + String(random() % 100_000_000_000_000_000)
            case 2:  // mantissa and exponent across the whole range, subnormals included
                text = "\(random() % 10_000_000_000_000_000_000)e\(Int(random() % 660) - 340)"
            default:  // short decimals, as data files hold them
                text = String(format6: Double(Int64(bitPattern: random()) % 100_000_000) / 1000)
            }
            guard case let .number(value) = DecimalParser.parse(text) else {
                if DecimalParser.parse(text) == .overflow && strtodValue(text).isInfinite { continue }
                mismatches.append(text)
                continue
            }
            if value.bitPattern != strtodValue(text).bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ from strtod, e.g. \(mismatches.prefix(5))")
    }
}

extension String {
    /// `value` with 6 decimals, as CSV writers print.
    init(format6 value: Double) {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, 64, "%.6f", $0) }
        self = String(cString: buffer)
    }
}
