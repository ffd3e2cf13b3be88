/// Converts values of a physical quantity from the unit the data is in to the unit labels show (a colour bar's
/// °C data labelled in °F).
public struct UnitConversion: Sendable, Equatable {
    /// The quantities with known units.
    public enum Quantity: String, CaseIterable, Sendable {
        case temperature, length, speed, pressure
    }

    /// The unit the values are in.
    public let base: String
    /// The unit labels show.
    public let display: String
    /// What is measured.
    public let quantity: Quantity

    /// Each unit as (offset, factor): the value in the quantity's reference unit (K, m, m/s, Pa) is
    /// (value + offset) × factor.
    private static let units: [Quantity: [String: (offset: Double, factor: Double)]] = [
        .temperature: ["C": (273.15, 1), "F": (459.67, 5.0 / 9.0), "K": (0, 1)],
        .length: ["mm": (0, 0.001), "cm": (0, 0.01), "m": (0, 1), "km": (0, 1000), "in": (0, 0.0254), "ft": (0, 0.3048),
                  "mi": (0, 1609.344)],
        .speed: ["m/s": (0, 1), "km/h": (0, 1 / 3.6), "mph": (0, 0.44704), "kn": (0, 1852.0 / 3600.0)],
        .pressure: ["hPa": (0, 100), "mb": (0, 100), "kPa": (0, 1000), "Pa": (0, 1), "inHg": (0, 3386.389), "mmHg": (0, 133.322387)],
    ]

    /// A conversion; nil when either unit is not one of `quantity`'s (see `units(of:)`).
    public init?(quantity: Quantity, base: String, display: String) {
        guard let known = UnitConversion.units[quantity], known[base] != nil, known[display] != nil else { return nil }
        (self.quantity, self.base, self.display) = (quantity, base, display)
    }

    /// The unit names of a quantity, sorted.
    public static func units(of quantity: Quantity) -> [String] {
        (units[quantity] ?? [:]).keys.sorted()
    }

    /// A value in `base` as a value in `display`.
    public func convert(_ value: Double) -> Double {
        let table = UnitConversion.units[quantity]!
        let from = table[base]!, to = table[display]!
        return (value + from.offset) * from.factor / to.factor - to.offset
    }

    /// The display unit as written after a number: `°F`, `km/h`.
    public var symbol: String { quantity == .temperature && display != "K" ? "°" + display : display }
}
