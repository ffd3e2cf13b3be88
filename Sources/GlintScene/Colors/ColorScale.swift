import GlintScales
import GlintTable

/// Continuous colour maps with published sample tables.
public enum ContinuousPalette: String, CaseIterable, Sendable {
    case viridis, magma, plasma, inferno, cividis, turbo

    /// The published 256-entry table.
    var table: [UInt32] {
        switch self {
        case .viridis: return PaletteTables.viridis
        case .magma: return PaletteTables.magma
        case .plasma: return PaletteTables.plasma
        case .inferno: return PaletteTables.inferno
        case .cividis: return PaletteTables.cividis
        case .turbo: return PaletteTables.turbo
        }
    }
}

/// Sets of distinct colours for categories.
public enum CategoricalPalette: String, CaseIterable, Sendable {
    case tableau10, tableau20, set2, dark2, paired

    /// The palette's colours in order.
    public var colors: [Color] {
        let table: [UInt32]
        switch self {
        case .tableau10: table = PaletteTables.tableau10
        case .tableau20: table = PaletteTables.tableau20
        case .set2: table = PaletteTables.set2
        case .dark2: table = PaletteTables.dark2
        case .paired: table = PaletteTables.paired
        }
        return table.map { Color(rgb: $0) }
    }

    /// The colours of `count` categories: the palette's, and for Tableau 10 past its ten, Tableau 20's light
    /// colours after them (its dark ones are Tableau 10's), so that up to 20 categories are all distinct and the
    /// first ten keep their colours whatever the count.
    public func colors(for count: Int) -> [Color] {
        guard self == .tableau10, count > PaletteTables.tableau10.count else { return colors }
        return colors + PaletteTables.tableau20.enumerated().filter { $0.offset % 2 == 1 }.map { Color(rgb: $0.element) }
    }
}

/// Maps data values to colours: continuous (stops interpolated in sRGB), stepped into classes, or categorical.
/// One value drives both a series' per-point colours and its colour-bar legend, so the two cannot drift.
public struct ColorScale: Sendable, Equatable {
    /// A colour at a place along the scale: 0 is the low end of `range`, 1 the high end.
    public struct Stop: Sendable, Equatable {
        /// Place along the scale, 0…1.
        public var position: Double
        /// The colour there.
        public var color: Color

        /// A stop.
        public init(_ position: Double, _ color: Color) {
            self.position = position
            self.color = color
        }
    }

    /// The colours along the scale, positions increasing from 0 to 1 (a categorical scale: one per category).
    public var stops: [Stop]
    /// The data values at the scale's ends; nil to take the colour values' own extent.
    public var range: ClosedRange<Double>?
    /// Classes of equal width the range is cut into, each drawn in the colour at its middle; nil for a smooth
    /// scale.
    public var steps: Int?
    /// Category names: value i (a whole number) takes the colour of `stops[i]`; nil for a numeric scale.
    public var categories: [String]?
    /// How values are spread along the colours before mapping (a numeric scale): evenly by default.
    public var normalization: ColorNormalization = .linear

    /// A scale through `stops`; by default smooth over the values' extent.
    public init(stops: [Stop], range: ClosedRange<Double>? = nil, steps: Int? = nil) {
        self.stops = stops
        self.range = range
        self.steps = steps
    }

    /// A named colour map over `range` (nil: the values' extent), smooth or in `steps` classes.
    public init(palette: ContinuousPalette, range: ClosedRange<Double>? = nil, steps: Int? = nil) {
        let table = palette.table
        self.init(stops: table.enumerated().map { Stop(Double($0) / Double(table.count - 1), Color(rgb: $1)) },
                  range: range, steps: steps)
    }

    /// A scale with colours at data values (at least two, increasing): its range runs from the first to the last.
    public init(values: [(Double, Color)], steps: Int? = nil) {
        let lo = values.first?.0 ?? 0, hi = values.last?.0 ?? 1
        let span = hi - lo
        self.init(stops: values.map { Stop(span > 0 ? ($0.0 - lo) / span : 0, $0.1) }, range: lo...max(hi, lo), steps: steps)
    }

    /// A categorical scale: category i is drawn in `colors[i]` (repeated when there are more categories).
    public init(categories: [String], colors: [Color]) {
        let palette = colors.isEmpty ? CategoricalPalette.tableau10.colors : colors
        self.init(stops: categories.indices.map { Stop(0, palette[$0 % palette.count]) })
        self.categories = categories
    }

    /// Whether values are category indices.
    public var isCategorical: Bool { categories != nil }

    /// The scale with its range filled in from `values`' finite extent when it has none (0…1 when none is finite).
    public func resolved(for values: [Double]) -> ColorScale {
        guard range == nil, !isCategorical else { return self }
        var scale = self
        scale.range = DataRange.finite(values) ?? 0...1
        return scale
    }

    /// Where `value` lies along the range, clamped to 0…1; nil for NaN or ±Inf (a gap).
    public func fraction(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        // Halves in the linear case, so that a range such as -1e308…1e308 does not overflow.
        return min(max(normalization.fraction(value, in: range ?? 0...1), 0), 1)
    }

    /// The colour at place `t` (0…1) along the scale: stepped scales take their class's middle colour.
    public func color(atFraction t: Double) -> Color {
        var t = min(max(t, 0), 1)
        if let steps, steps > 0 {
            let k = min(Int(saturating: t * Double(steps)), steps - 1)
            t = (Double(k) + 0.5) / Double(steps)
        }
        guard let last = stops.last else { return .black }
        guard let upper = stops.firstIndex(where: { $0.position >= t }) else { return last.color }
        guard upper > 0 else { return stops[0].color }
        let a = stops[upper - 1], b = stops[upper]
        let width = b.position - a.position
        return width > 0 ? a.color.mixed(with: b.color, amount: (t - a.position) / width) : b.color
    }

    /// The colour a legend sample of a series coloured by this scale takes: the first category's, or the middle
    /// of a numeric scale.
    public var sampleColor: Color { isCategorical ? stops.first?.color ?? .black : color(atFraction: 0.5) }

    /// The colour of a data value (a category index on a categorical scale); nil for a gap or an unknown category.
    public func color(for value: Double) -> Color? {
        if isCategorical {
            guard value.isFinite, value >= 0, value < Double(stops.count), value == value.rounded(.down) else { return nil }
            return stops[Int(value)].color
        }
        return fraction(value).map(color(atFraction:))
    }
}

/// A colour scale precomputed for per-point colours: premultiplied RGBA bytes (red in the low byte) by table
/// index, the same bytes for both painters. Smooth scales are sampled 1024 times along their range.
public struct ColorLookup: Sendable {
    /// Entries of a smooth scale's table.
    public static let smoothEntries = 1024

    /// Premultiplied RGBA bytes, red in the low byte.
    public let table: [UInt32]
    @usableFromInline let scale: ColorScale

    /// The table of a resolved scale (one with a range, or categorical).
    public init(_ scale: ColorScale) {
        self.scale = scale
        if scale.isCategorical {
            table = scale.stops.map { ColorLookup.pack($0.color) }
        } else if let steps = scale.steps, steps > 0 {
            table = (0..<steps).map { ColorLookup.pack(scale.color(atFraction: (Double($0) + 0.5) / Double(steps))) }
        } else {
            let last = Double(ColorLookup.smoothEntries - 1)
            table = (0..<ColorLookup.smoothEntries).map { ColorLookup.pack(scale.color(atFraction: Double($0) / last)) }
        }
    }

    /// The packed colour of a value; nil for a gap or an unknown category. Inlinable: the layers above call it per
    /// point and per cell.
    @inlinable @inline(__always)
    public func packed(_ value: Double) -> UInt32? {
        if scale.isCategorical {
            guard value >= 0, value < Double(table.count) else { return nil }
            return table[Int(value)]
        }
        guard let t = scale.fraction(value) else { return nil }
        if let steps = scale.steps, steps > 0 { return table[min(max(Int(saturating: t * Double(steps)), 0), steps - 1)] }
        return table[Int(t * Double(table.count - 1) + 0.5)]
    }

    /// Premultiplied RGBA bytes of a colour, red in the low byte.
    public static func pack(_ c: Color) -> UInt32 {
        let p = c.premultiplied
        func byte(_ v: Float) -> UInt32 { UInt32(min(max(v * 255, 0), 255).rounded()) }
        return byte(p.x) | byte(p.y) << 8 | byte(p.z) << 16 | byte(p.w) << 24
    }
}

/// Per-point colours of a dots or bars series (or a line's markers): one value per point mapped through a scale.
public struct PointColors: Sendable {
    /// One value per point: data values, or category indices for a categorical scale. NaN is a gap.
    public var values: [Double]
    /// How values become colours.
    public var scale: ColorScale

    /// Colours from values and a scale.
    public init(values: [Double], scale: ColorScale) {
        self.values = values
        self.scale = scale
    }

    /// Colours by category: each point's name, categories in first-seen order unless `order` gives them (a name
    /// it repeats counts once), drawn in `colors` (a categorical palette by default) or by name from `named`.
    public init(categories names: [String?], order: [String]? = nil, colors: [Color] = CategoricalPalette.tableau10.colors,
                named: [String: Color] = [:]) {
        var all: [String] = [], index: [String: Double] = [:]
        for case let name? in (order ?? []).lazy.map(Optional.some) + names where index[name] == nil {
            index[name] = Double(all.count)
            all.append(name)
        }
        var palette = all.indices.map { colors.isEmpty ? Color.black : colors[$0 % colors.count] }
        for (i, name) in all.enumerated() { if let c = named[name] { palette[i] = c } }
        self.init(values: names.map { $0.flatMap { index[$0] } ?? .nan }, scale: ColorScale(categories: all, colors: palette))
    }
}
