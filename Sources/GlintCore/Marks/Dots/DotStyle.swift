/// How the dots of a dot series, or of a line's markers, are drawn (`Series.dots`).
public struct DotStyle: MarkStyle, Equatable {
    /// Radius range in logical pixels: the smallest size maps to the lower bound, the largest to the upper; nil
    /// for the default, which follows the series' sizes (`Series.radius`).
    public var radius: ClosedRange<Double>?
    /// The size values that map to the radius's bounds; nil to use the data's own smallest and largest size.
    public var sizeRange: ClosedRange<Double>?
    /// How sizes map onto the radius: linearly onto the radius, or onto the area (what readers perceive).
    public var radiusScale: RadiusScale
    /// The shape the dots are drawn in.
    public var marker: MarkerShape = .circle
    /// Whether the series takes the shape of its place in the chart (`MarkerShape.sequence`, as palette colours are
    /// taken) instead of `marker`: the spec's `"shape": "auto"`, a shape per group of a split.
    public var markerByIndex = false

    /// A dot style; every option at its default unless given.
    public init(radius: ClosedRange<Double>? = nil, sizeRange: ClosedRange<Double>? = nil, radiusScale: RadiusScale = .linear) {
        (self.radius, self.sizeRange, self.radiusScale) = (radius, sizeRange, radiusScale)
    }

    /// The style of the series at `index` of its chart: with `markerByIndex`, that place's shape.
    public func resolved(at index: Int) -> DotStyle {
        guard markerByIndex else { return self }
        var style = self
        style.marker = MarkerShape.sequence[index % MarkerShape.sequence.count]
        return style
    }

    /// The default radius of dots without sizes, and of line markers: 4 logical pixels.
    public static let plainRadius: ClosedRange<Double> = 4...4
    /// The default radius range of dots with sizes: 2…12 logical pixels, wide enough for sizes to show.
    public static let sizedRadius: ClosedRange<Double> = 2...12

    /// Dots with every option at their default: the radius the series' sizes give (`Series.radius`), circles.
    public init() { self.init(radius: nil) }
}

extension Series {
    /// How dots (of a dot series, or a line's markers) are drawn: radius, size mapping.
    public var dots: DotStyle {
        get { styles[DotStyle.self] }
        set { styles[DotStyle.self] = newValue }
    }

    /// The dots' radius range in logical pixels: `dots.radius` when set, else one that follows `size` whenever it
    /// is read — `DotStyle.sizedRadius` (2…12 px) for a series with sizes, so that the sizes show (also when they
    /// are set after the series was made, or read from a database), and `DotStyle.plainRadius` (4 px) otherwise.
    public var radius: ClosedRange<Double> {
        dots.radius ?? (size == nil ? DotStyle.plainRadius : DotStyle.sizedRadius)
    }
}
