import GlintCore
/// A `legends` entry of kind `colorbar`: its scale, bar shape, labels and units.
extension ChartSpec {
    static func colorBar(_ o: SpecObject, series: Int?) throws -> ColorBarLegend {
        var bar = ColorBarLegend(scale: try o.object("scale", allowed: scaleKeys).map(colorScale), series: series)
        guard bar.scale != nil || series != nil else {
            throw GlintError.badValue(path: o.path, message: "a colorbar needs a scale, or a series coloured by values (\"series\": 0)")
        }
        if let t = try o.number("thickness", within: .boxLength) { bar.thickness = t }
        if let l = try o.number("length", within: .boxLength) { bar.length = l }
        switch try o.string("ends") {
        case nil, "square"?: bar.roundedEnds = false
        case "round"?: bar.roundedEnds = true
        case let other?: throw GlintError.badValue(path: o.childPath("ends"), message: "expected \"square\" or \"round\", found \"\(other)\"")
        }
        if let text = try o.string("format") { bar.format = try numberFormat(text, path: o.childPath("format")) }
        if let units = try o.object("units", allowed: unitKeys) { bar.units = try unitConversion(units) }
        bar.labels = try colorBarLabels(o, units: bar.units)
        if let range = bar.scale?.range { try checkLabels(bar.labels, within: range, o) }
        return bar
    }

    /// `every` (a step, or steps per display unit), `values` (data values) or `labels` (`[[position, "text"], ...]`,
    /// positions 0…1 with `normalized`, else data values); automatic without any.
    static func colorBarLabels(_ o: SpecObject, units: UnitConversion?) throws -> ColorBarLabels {
        let given = ["every", "values", "labels"].filter(o.has)
        guard given.count <= 1 else { throw GlintError.badValue(path: o.path, message: "give one of every, values and labels, not \(given.joined(separator: " and "))") }
        if let raw = o.raw("every") {
            var steps: [String: Double] = [:]
            switch raw {
            case let .number(n): steps[""] = n
            case .object:
                let display = units.map { UnitConversion.units(of: $0.quantity) } ?? []
                let map = try SpecObject(raw, path: o.childPath("every"), allowed: display)
                for unit in display { if let n = try map.number(unit) { steps[unit] = n } }
            default:
                throw SpecObject.mismatch(o.childPath("every"), expected: "a step, or steps per display unit such as {\"C\": 5, \"F\": 10}", found: raw)
            }
            if let bad = steps.first(where: { !($0.value > 0) }) {
                throw GlintError.badValue(path: o.childPath("every"), message: "steps must be greater than 0, found \(bad.value)")
            }
            return .every(steps)
        }
        if let values = try o.numbers("values") { return .values(values) }
        guard let raw = o.raw("labels") else { return .automatic }
        guard case let .array(items) = raw else { throw SpecObject.mismatch(o.childPath("labels"), expected: "[[position, \"text\"], ...]", found: raw) }
        let labels = try items.enumerated().map { i, item -> ColorBarLabel in
            guard case let .array(pair) = item, pair.count == 2, case let .number(p) = pair[0], case let .string(text) = pair[1] else {
                throw GlintError.badValue(path: "\(o.childPath("labels"))[\(i)]", message: "expected [position, \"text\"]")
            }
            return ColorBarLabel(p, text)
        }
        return .named(labels, normalized: try o.bool("normalized") ?? false)
    }

    /// Labels outside an explicit scale range are errors naming the label (MapsGL drops them silently).
    static func checkLabels(_ labels: ColorBarLabels, within range: ClosedRange<Double>, _ o: SpecObject) throws {
        switch labels {
        case let .values(values):
            if let i = values.firstIndex(where: { !range.contains($0) }) {
                throw GlintError.badValue(path: "\(o.childPath("values"))[\(i)]", message: "\(values[i]) is outside the scale's range [\(range.lowerBound), \(range.upperBound)]")
            }
        case let .named(labels, normalized):
            let allowed = normalized ? 0...1 : range
            if let i = labels.firstIndex(where: { !allowed.contains($0.position) }) {
                throw GlintError.badValue(path: "\(o.childPath("labels"))[\(i)]", message: "position \(labels[i].position) is outside "
                                         + (normalized ? "0…1 (normalized)" : "the scale's range [\(range.lowerBound), \(range.upperBound)]"))
            }
        default:
            break
        }
    }

    /// `units`: `{"quantity", "base", "display"}`; unknown names list the valid ones.
    static func unitConversion(_ o: SpecObject) throws -> UnitConversion {
        guard let quantity = try o.choice("quantity", as: UnitConversion.Quantity.self) else {
            throw GlintError.badValue(path: o.childPath("quantity"), message: "missing; one of \(UnitConversion.Quantity.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let valid = UnitConversion.units(of: quantity)
        for key in ["base", "display"] {
            guard let unit = try o.string(key), valid.contains(unit) else {
                throw GlintError.badValue(path: o.childPath(key), message: "expected a \(quantity.rawValue) unit: \(valid.joined(separator: ", "))")
            }
        }
        return UnitConversion(quantity: quantity, base: try o.string("base")!, display: try o.string("display")!)!
    }
}
