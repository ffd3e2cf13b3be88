import FoundationEssentials
import Glibc

/// How tick labels show numbers: a small mini-language, `prefix{spec}suffix`, where the spec is
/// `[,][.N][type]`:
/// - `,` groups thousands (`12,500`);
/// - `.N` gives N decimals (`{.2f}`: `3.14`);
/// - type `f` fixed decimals (the default), `%` the value × 100 with a percent sign, `s` an SI suffix
///   (`1.2k`, `3.4M`, `5µ`; N counts significant digits), `e` exponent notation (`1.5e6`);
/// - any text before `{` and after `}` is kept (`${,.0f}` gives `$12,500`; `{.1f} ms` gives `2.5 ms`).
/// Without `.N`, `f` and `%` use just enough decimals to tell the ticks apart.
public struct NumberFormat: Equatable, Sendable {
    /// What the spec says a value is shown as.
    public enum Kind: Equatable, Sendable {
        /// Fixed decimals.
        case fixed
        /// Times 100, with `%`.
        case percent
        /// An SI suffix (k, M, G, T, P; m, µ, n, p).
        case si
        /// Exponent notation.
        case exponent
    }

    /// Text before the number.
    public let prefix: String
    /// Text after the number.
    public let suffix: String
    /// Whether thousands are grouped with commas.
    public let grouped: Bool
    /// Decimals (significant digits for `.si`); nil to choose from the tick step.
    public let precision: Int?
    /// How the number is shown.
    public let kind: Kind

    /// Parses `text`; nil when it is not `prefix{spec}suffix` with a valid spec.
    public init?(_ text: String) {
        guard let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") else { return nil }
        prefix = String(text[..<open])
        suffix = String(text[text.index(after: close)...])
        var spec = Substring(text[text.index(after: open)..<close])
        grouped = spec.first == ","
        if grouped { spec = spec.dropFirst() }
        var precision: Int? = nil
        if spec.first == "." {
            let digits = spec.dropFirst().prefix { $0.isNumber }
            guard !digits.isEmpty, let n = Int(digits), n <= 20 else { return nil }
            precision = n
            spec = spec.dropFirst(1 + digits.count)
        }
        self.precision = precision
        switch spec {
        case "", "f": kind = .fixed
        case "%": kind = .percent
        case "s": kind = .si
        case "e": kind = .exponent
        default: return nil
        }
    }

    /// The labels of `ticks` that are `step` apart.
    public func labels(for ticks: [Double], step: Double) -> [String] {
        let auto = { (scale: Double) in min(max(0, Int(saturating: -floor(log10(step * scale) + 1e-9))), 340) }
        return ticks.map { value in
            let body: String
            switch kind {
            case .fixed: body = fixed(value, decimals: precision ?? auto(1))
            case .percent: body = fixed(value * 100, decimals: precision ?? auto(100)) + "%"
            case .si: body = si(value)
            case .exponent: body = Printf.double("%.\(precision ?? 1)e", value).replacing("e+0", with: "e")
                .replacing("e+", with: "e").replacing("e-0", with: "e-")
            }
            return prefix + body + suffix
        }
    }

    private func fixed(_ value: Double, decimals: Int) -> String {
        var text = Printf.double("%.\(decimals)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        guard grouped else { return text }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let point = digits.firstIndex(of: ".") ?? digits.endIndex
        var whole = String(digits[..<point])
        var i = whole.count - 3
        while i > 0 {
            whole.insert(",", at: whole.index(whole.startIndex, offsetBy: i))
            i -= 3
        }
        return (negative ? "-" : "") + whole + digits[point...]
    }

    private func si(_ value: Double) -> String {
        guard value != 0, value.isFinite else { return "0" }
        let prefixes = [(1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k"), (1, ""),
                        (1e-3, "m"), (1e-6, "µ"), (1e-9, "n"), (1e-12, "p")]
        let magnitude = abs(value)
        let (unit, symbol) = prefixes.first { magnitude >= $0.0 * 0.9995 } ?? (1e-12, "p")
        var text = Printf.double("%.\(max(1, precision ?? 3))g", value / unit)
        if text.contains("e") { text = Printf.double("%.0f", value / unit) }
        return text + symbol
    }
}
