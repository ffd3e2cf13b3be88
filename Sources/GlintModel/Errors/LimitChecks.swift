import GlintScene

/// Each part of the model checked against its `ChartLimit`s by `Chart.validate()`; the paths in errors are
/// the spec's JSON paths.
extension Reference {
    /// Checks the mark's values and line; `path` names it in errors (`references[0]`).
    package func checkLimits(path: String) throws {
        try LimitCheck.check(values.lowerBound, .data, path + ".from")
        try LimitCheck.check(values.upperBound, .data, path + ".to")
        try LimitCheck.check(width, .outlineWidth, path + ".width")  // a band has none
        try LimitCheck.check(dash: dash, path + ".dash")
    }
}

extension Legend {
    /// Checks the legend's numbers; `path` names the legend in errors (`legend` or `legends[1]`).
    package func checkLimits(path: String) throws {
        for (side, value) in [("left", margins.left), ("top", margins.top), ("right", margins.right), ("bottom", margins.bottom)] {
            try LimitCheck.check(value, .margin, "\(path).margins.\(side)")
        }
        if let width { try LimitCheck.check(width, .boxLength, path + ".width") }
        if let height { try LimitCheck.check(height, .boxLength, path + ".height") }
        if let columns { try LimitCheck.check(count: columns, 1...1000, path + ".columns") }
        try LimitCheck.check(style.borderWidth, .borderWidth, path + ".style.borderWidth")
        try LimitCheck.check(style.padding, .padding, path + ".style.padding")
        try LimitCheck.check(style.cornerRadius, .cornerRadius, path + ".style.cornerRadius")
        try LimitCheck.check(style.fontSize, .fontSize, path + ".style.fontSize")
        for (i, item) in items.enumerated() { try item.checkLimits(path: "\(path).items[\(i)]") }
        switch kind {
        case .series:
            break
        case let .colorBar(bar):
            if let series = bar.series { try LimitCheck.check(count: series, 0...Int.max, path + ".series") }
            try LimitCheck.check(bar.thickness, .boxLength, path + ".thickness")
            try LimitCheck.check(bar.length, .boxLength, path + ".length")
            try bar.scale?.checkLimits(path: path + ".scale")
            switch bar.labels {
            case let .every(steps):
                for unit in steps.keys.sorted() {
                    try LimitCheck.check(steps[unit]!, .step, path + ".every" + (unit.isEmpty ? "" : ".\(unit)"))
                }
            case let .values(values):
                for (i, value) in values.enumerated() { try LimitCheck.check(value, .data, "\(path).values[\(i)]") }
            case let .named(labels, _):
                for (i, label) in labels.enumerated() { try LimitCheck.check(label.position, .data, "\(path).labels[\(i)][0]") }
            case .automatic:
                break
            }
        case let .points(points):
            if let series = points.series { try LimitCheck.check(count: series, 0...Int.max, path + ".series") }
            try LimitCheck.check(points.radius, .markerRadius, path + ".radius")
            for (i, item) in points.items.enumerated() { try item.checkLimits(path: "\(path).items[\(i)]") }
        case let .sizes(sizes):
            try LimitCheck.check(count: sizes.series, 0...Int.max, path + ".series")
            try LimitCheck.check(count: sizes.count, 2...10, path + ".count")
        }
    }
}

extension LegendItem {
    /// Checks the item's marker sizes.
    func checkLimits(path: String) throws {
        try LimitCheck.check(width, .strokeWidth, path + ".width")
        try LimitCheck.check(radius, .markerRadius, path + ".radius")
    }
}

extension ColorScale {
    /// Checks the scale's stops, range and classes.
    package func checkLimits(path: String) throws {
        for (i, stop) in stops.enumerated() { try LimitCheck.check(stop.position, .data, "\(path).stops[\(i)][0]") }
        if let range {
            try LimitCheck.check(range.lowerBound, .data, path + ".range[0]")
            try LimitCheck.check(range.upperBound, .data, path + ".range[1]")
        }
        if let steps { try LimitCheck.check(count: steps, 2...256, path + ".steps") }
    }
}
