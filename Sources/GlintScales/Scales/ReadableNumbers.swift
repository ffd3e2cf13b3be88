import FoundationEssentials
import Glibc

/// How Glint writes numbers nobody gave a format for (d3's `~s` habits, in the short scale): plain digits for everyday
/// magnitudes; from 10,000 up a suffix — `k` thousand, `M` million, `B` billion, `T` trillion — on each value by its
/// own magnitude (`0, 500k, 1M, 1.5M`), insignificant zeros trimmed; scientific notation without padding (`8e-6`,
/// `1.2e-5`, `3e18`) below 0.001 and from 10^15 up. An axis takes the suffixed or scientific labels only where they are
/// shorter than plain digits (`10002` stays; `2000000000` is `2B`). Value labels follow the same magnitudes, with three
/// significant digits.
public enum ReadableNumbers {
    /// The suffixes of the short scale, by power of a thousand.
    package static let suffixes = ["", "k", "M", "B", "T"]
    /// Where suffixes start and where scientific notation takes over, by the largest magnitude shown.
    static let suffixFrom = 1e4, scientificBelow = 1e-3, scientificFrom = 1e15
    /// The powers of ten written without an exponent: 0.001 up to 100T.
    package static let decadesWithoutExponent = Int(log10(scientificBelow).rounded())...(Int(log10(scientificFrom).rounded()) - 1)

    /// Labels for ticks `step` apart: plain, suffixed or scientific (see the type), with just enough digits to tell
    /// them apart.
    public static func labels(for ticks: [Double], step: Double) -> [String] {
        let plain = ticks.map { plainLabel($0, step: step) }
        guard step.isFinite, step > 0, ticks.allSatisfy(\.isFinite) else { return plain }
        // Digits that round a value to 0 (a step far above the values, as a legend of equal sizes has) say nothing.
        let plainLosesValues = zip(ticks, plain).contains { $0 != 0 && Double($1) == 0 }
        let largest = ticks.map(abs).max() ?? 0
        let other: [String]
        if largest >= scientificFrom || (largest > 0 && largest < scientificBelow) {
            other = scientific(ticks, step: step)
        } else if largest >= suffixFrom {
            other = ticks.map { suffixed($0, step: step) }
        } else {
            return plainLosesValues ? ticks.map { label($0, largest: largest) } : plain
        }
        return plainLosesValues || longest(other) < longest(plain) ? other : plain
    }

    /// A value label for `value` in a series whose largest magnitude is `largest`, three significant digits: the
    /// exponent form below 0.001 and from 10^15 up, a suffix from 1,000 up in a series that reaches 10,000, plain
    /// digits otherwise, the whole part kept (`1829`, `12.3`, `0.0123`).
    public static func label(_ value: Double, largest: Double) -> String {
        let magnitude = abs(value)
        guard value.isFinite, value != 0 else { return Printf.double("%g", value) }
        if magnitude >= scientificFrom || magnitude < scientificBelow { return exponential(value, digits: 3) }
        guard largest >= suffixFrom, magnitude >= 1000 else { return threeDigits(value) }
        var power = min(suffixes.count - 1, Int(floor(log10(magnitude) / 3)))
        var text = Printf.double("%.3g", value / pow(1000, Double(power)))
        // 999,700 is 1.00e+03 thousands at three digits: one million (and past the last suffix, 1e15).
        if abs(Double(text) ?? 0) >= 1000 {
            guard power < suffixes.count - 1 else { return exponential(value, digits: 3) }
            power += 1
            text = Printf.double("%.3g", value / pow(1000, Double(power)))
        }
        return text + suffixes[power]
    }

    /// `value` (at least 0.001 in magnitude, below 10^15) in plain digits with three significant digits, its whole
    /// part kept whole, zeros that tell nothing trimmed.
    static func threeDigits(_ value: Double) -> String {
        let magnitude = abs(value)
        guard magnitude >= 1 else { return Printf.double("%.3g", value) }
        let whole = Int(floor(log10(magnitude))) + 1
        return trimmed(Printf.double("%.\(max(0, 3 - whole))f", value))
    }

    /// Plain digits, with as many decimals as the step needs.
    static func plainLabel(_ value: Double, step: Double) -> String {
        if abs(value) >= 1e16 || !(step > 0 && step.isFinite) { return Printf.double("%g", value) }
        let decimals = min(max(0, Int(saturating: -floor(log10(step) + 1e-9))), 340)
        let text = Printf.double("%.\(decimals)f", value)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// The value over its power of a thousand with the decimals the step needs there, zeros trimmed, and the suffix.
    static func suffixed(_ value: Double, step: Double) -> String {
        guard abs(value) >= 1000 else { return trimmed(plainLabel(value, step: step)) }
        let power = min(suffixes.count - 1, Int(floor(log10(abs(value)) / 3)))
        let factor = pow(1000, Double(power))
        return trimmed(plainLabel(value / factor, step: step / factor)) + suffixes[power]
    }

    /// Ticks in scientific notation on one exponent, so an axis reads in one notation: the largest tick's power of
    /// ten, one lower where a smaller tick would need a mantissa below 1 (`9e-6, 10e-6, 11e-6, 12e-6`, not
    /// `9e-6, 1e-5, 1.1e-5`), each mantissa with the decimals the step needs; 0 as `0`.
    static func scientific(_ ticks: [Double], step: Double) -> [String] {
        let magnitudes = ticks.map(abs).filter { $0 > 0 }
        guard let largest = magnitudes.max(), let smallest = magnitudes.min() else { return ticks.map { _ in "0" } }
        var power = Int(floor(log10(largest)))
        if smallest < pow(10, Double(power)) * (1 - 1e-9) { power -= 1 }
        let factor = pow(10, Double(power))
        // Past the normal Doubles a shared exponent cannot be divided out: each value on its own.
        guard factor.isNormal, (step / factor).isNormal else { return ticks.map { $0 == 0 ? "0" : exponential($0, digits: 3) } }
        return ticks.map { $0 == 0 ? "0" : trimmed(plainLabel($0 / factor, step: step / factor)) + "e\(power)" }
    }

    /// `value` in exponent form with `digits` significant digits, the mantissa's zeros and the exponent's padding
    /// trimmed: `8.25e-6`, `5e-4`, `3e18`.
    static func exponential(_ value: Double, digits: Int) -> String {
        let text = Printf.double("%.\(max(0, digits - 1))e", value)
        guard let e = text.firstIndex(of: "e") else { return text }
        return trimmed(String(text[..<e])) + "e\(Int(text[text.index(after: e)...]) ?? 0)"
    }

    /// `5.50` → `5.5`, `2.0` → `2`: the zeros after a decimal point that tell nothing.
    static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var t = Substring(text)
        while t.hasSuffix("0") { t = t.dropLast() }
        if t.hasSuffix(".") { t = t.dropLast() }
        return String(t)
    }

    static func longest(_ labels: [String]) -> Int { labels.map(\.count).max() ?? 0 }
}
