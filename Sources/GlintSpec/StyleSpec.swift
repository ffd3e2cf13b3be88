import GlintCore

/// Each mark's style keys of a series object, read into the mark's own style value.
extension ChartSpec {
    /// `width`, `join`, `cap`, `miterLimit`, `dash`, `step` (a line's key: other kinds refuse it), `markers`,
    /// `antialias`, `decimate`.
    static func lineStyle(_ o: SpecObject) throws -> LineStyle {
        var line = LineStyle()
        if let w = try o.number("width", within: .strokeWidth) { line.width = w }
        line.join = try o.choice("join", as: LineJoin.self) ?? line.join
        line.cap = try o.choice("cap", as: LineCap.self) ?? line.cap
        if let m = try o.number("miterLimit", within: .miterLimit) { line.miterLimit = m }
        line.dash = try dash(o)
        line.step = try o.choice("step", as: StepMode.self)
        line.markers = try o.bool("markers") ?? false
        line.antialias = try o.bool("antialias") ?? true
        line.decimate = try o.bool("decimate") ?? true
        return line
    }

    /// `radius`, `sizeRange`, `radiusScale`, `shape` (a `MarkerShape`, or `"auto"`: the series' place's; the key of
    /// the kinds that draw dots, refused by the others).
    static func dotStyle(_ o: SpecObject) throws -> DotStyle {
        var dots = DotStyle()
        if let r = o.raw("radius") { dots.radius = try radius(r, path: o.childPath("radius")) }
        if let (lo, hi) = try o.pair("sizeRange") { dots.sizeRange = min(lo, hi)...max(lo, hi) }
        dots.radiusScale = try o.choice("radiusScale", as: RadiusScale.self) ?? .linear
        if let name = try o.string("shape") {
            if name == "auto" {
                dots.markerByIndex = true
            } else {
                dots.marker = try o.choice("shape", as: MarkerShape.self) ?? .circle
            }
        }
        return dots
    }

    /// `barWidth` (a share in (0, 1]), `orientation`, `stack`, `aggregate`.
    static func barStyle(_ o: SpecObject) throws -> BarStyle {
        var bars = BarStyle()
        bars.stack = try o.string("stack")
        bars.orientation = try o.choice("orientation", as: BarOrientation.self) ?? .vertical
        bars.aggregate = try o.choice("aggregate", as: Aggregate.self)
        if let b = try o.number("barWidth") {
            guard b > 0, b <= 1 else { throw GlintError.badValue(path: o.childPath("barWidth"), message: "expected a share in (0, 1], found \(b)") }
            bars.width = b
        }
        return bars
    }

    /// `edge` and `fillOpacity` (an area's baseline and stack are its kind's to read, `AreaKind.read`).
    static func areaStyle(_ o: SpecObject) throws -> AreaStyle {
        var area = AreaStyle()
        area.edge = try o.bool("edge") ?? true
        if let opacity = try o.number("fillOpacity") {
            guard (0...1).contains(opacity) else {
                throw GlintError.badValue(path: o.childPath("fillOpacity"), message: "expected an opacity from 0 to 1, found \(opacity)")
            }
            area.opacity = opacity
        }
        return area
    }

    /// `labelColor`, `valueLabels`, `valueFormat`.
    static func labelStyle(_ o: SpecObject) throws -> LabelStyle {
        var labels = LabelStyle(color: try o.color("labelColor"), values: try o.bool("valueLabels") ?? false)
        if let text = try o.string("valueFormat") { labels.format = try numberFormat(text, path: o.childPath("valueFormat")) }
        return labels
    }

    /// `strokeColor` and `strokeWidth` (1 px when only the colour is given).
    static func outline(_ o: SpecObject) throws -> Outline {
        var outline = Outline(color: try o.color("strokeColor"))
        if let w = try o.number("strokeWidth", within: .outlineWidth) { outline.width = w } else if outline.color != nil { outline.width = 1 }
        return outline
    }

    /// `radius`: one number (constant) or `[min, max]` pixels.
    static func radius(_ value: JSONValue, path: String) throws -> ClosedRange<Double> {
        func within(_ r: Double, _ path: String) throws -> Double { try SpecObject.checked(r, .radius, path: path) }
        if case let .number(r) = value {
            let r = try within(SpecObject.finite(r, path: path), path)
            return r...r
        }
        let pair = try SpecObject.numbers(value, path: path)
        guard pair.count == 2, pair[0] <= pair[1] else {
            throw GlintError.badValue(path: path, message: "expected one radius or [min, max] with min ≤ max, each \(ChartLimit.radius.phrase)")
        }
        return try within(pair[0], path + "[0]")...within(pair[1], path + "[1]")
    }

    /// `dash`: one to four positive lengths in logical pixels, alternately on and off.
    static func dash(_ o: SpecObject) throws -> [Double]? {
        guard let lengths = try o.numbers("dash") else { return nil }
        for (i, length) in lengths.enumerated() where length > 0 {
            _ = try SpecObject.checked(length, .dashLength, path: "\(o.childPath("dash"))[\(i)]")
        }
        guard DashPattern(lengths) != nil else {
            throw GlintError.badValue(path: o.childPath("dash"), message: "expected 1 to 4 positive lengths in pixels, alternately on and off, "
                                     + "such as [6, 4]")
        }
        return lengths
    }
}
