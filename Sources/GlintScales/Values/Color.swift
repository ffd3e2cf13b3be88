import FoundationEssentials
import Glibc

/// A colour in sRGB with straight (not premultiplied) alpha, each channel in 0...1.
public struct Color: Equatable, Hashable, Sendable {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from channels in 0...1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
        self.alpha = min(max(alpha, 0), 1)
    }

    /// A colour from a 24-bit `0xRRGGBB` value and an opacity in 0...1.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: Double((rgb >> 16) & 0xFF) / 255,
                  green: Double((rgb >> 8) & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255,
                  alpha: alpha)
    }

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS named colour (`tomato`, `lightgray`, `rebeccapurple`, any of
    /// the 148) or `transparent`, ignoring case and surrounding spaces.
    /// Returns nil when the text is none of these.
    public init?(parsing text: String) {
        let trimmed = BoundedText.trimmingSpaces(text).lowercased()
        if let named = Color.named[trimmed] {
            self = named
            return
        }
        guard trimmed.hasPrefix("#") else { return nil }
        var digits = String(trimmed.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(rgb: value)
        } else {
            self.init(rgb: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
    }

    /// The same colour with another opacity.
    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// This colour moved `amount` (0…1) of the way towards `other`, channel by channel.
    public func mixed(with other: Color, amount: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return Color(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
                     alpha: mix(alpha, other.alpha))
    }

    /// WCAG's relative luminance of the colour drawn opaque (its alpha ignored): 0 for black, 1 for white.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG's contrast ratio of the colour (drawn opaque) with `other`: 1 (none) to 21 (black on white).
    public func contrast(with other: Color) -> Double {
        let (a, b) = (relativeLuminance, other.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `#RRGGBB` or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func byte(_ v: Double) -> String {
            let s = String(Int(saturating: (min(max(v, 0), 1) * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// Red, green, blue times alpha, and alpha, in Float32: the colour as both painters receive it (the GL
    /// painter in a uniform or attribute, the CPU painter as a `ShaderColor`).
    public var premultiplied: SIMD4<Float> {
        SIMD4(Float(red * alpha), Float(green * alpha), Float(blue * alpha), Float(alpha))
    }

    /// Opaque white.
    public static let white = Color(rgb: 0xFFFFFF)
    /// Opaque black.
    public static let black = Color(rgb: 0x000000)
    /// Fully transparent.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Names accepted by `init(parsing:)`: the 148 CSS named colours and `transparent`.
    public static let named: [String: Color] = CSSColorNames.all.mapValues { Color(rgb: $0) }
        .merging(["transparent": Color.clear]) { _, new in new }
}
