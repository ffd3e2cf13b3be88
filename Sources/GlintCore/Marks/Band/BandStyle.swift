/// A band around a line (`Series.band`): the area between a lower and an upper value at each of the line's x — a
/// min/max envelope or a confidence interval — filled in the line's colour at `opacity`, under the line.
public struct BandStyle: Equatable, Sendable {
    /// The band's lower and upper edge, one value per point (NaN: a gap in the band).
    public var lower: Column, upper: Column
    /// The fill's opacity, 0…1, times the line colour's own.
    public var opacity = 0.2

    /// A band from `lower` to `upper`, filled at `opacity`.
    public init(lower: Column, upper: Column, opacity: Double = 0.2) { (self.lower, self.upper, self.opacity) = (lower, upper, opacity) }
}

extension Series {
    /// A band around a line or dots (min/max or confidence shading), under them; nil for none.
    public var band: BandStyle? {
        get { styles[ifSet: BandStyle.self] }
        set { styles[ifSet: BandStyle.self] = newValue }
    }
}
