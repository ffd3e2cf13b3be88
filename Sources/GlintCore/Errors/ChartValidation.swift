extension Chart {
    /// Checks each axis's range (finite, ordered, wide enough, above 0 on a log axis) and time zone; part of
    /// `validate()`, and run again on the ranges a followed view sets (`FollowedView`).
    func validateAxes() throws {
        for (name, axis) in [("x", x), ("y", y), ("y2", y2)] {
            if let r = axis.range, !(r.lowerBound.isFinite && r.upperBound.isFinite && r.lowerBound < r.upperBound) {
                throw ChartError.invalidRange(axis: name, lower: r.lowerBound, upper: r.upperBound)
            }
            if let r = axis.range, axis.scale != .log, SafeSpan.half(r.lowerBound, r.upperBound) < DataRange.minimumSpan / 2 {
                throw ChartError.invalidAxis(axis: name + ".range", reason: "[\(r.lowerBound), \(r.upperBound)] is narrower than "
                                             + "\(DataRange.minimumSpan), too narrow for any image to show")
            }
            if axis.scale == .time, ZoneRules.named(axis.timeZone) == nil {
                throw ChartError.unknownTimeZone(axis: name, name: axis.timeZone)
            }
            if axis.scale == .log, let r = axis.range, r.lowerBound <= 0 {
                throw ChartError.nonPositiveLogRange(axis: name, lower: r.lowerBound, upper: r.upperBound)
            }
        }
    }

    /// Checks everything layout relies on; throws the first problem found.
    public func validate() throws {
        try validateFigure()
        let size = pixelSize
        guard scale > 0, scale.isFinite else { throw ChartError.invalidScale(scale) }
        guard width > 0, height > 0, size.width > 0, size.height > 0 else {
            throw ChartError.invalidSize(width: width, height: height)
        }
        try LimitCheck.check(scale, .scale, "scale")
        try LimitCheck.check(count: width, ChartLimit.side, "width")
        try LimitCheck.check(count: height, ChartLimit.side, "height")
        if let width = follow {
            try LimitCheck.check(width, .followWidth, "follow.x")
            guard panels == nil else { throw ChartError.invalidValue(path: "follow", reason: "a figure's panels cannot follow; a single chart can") }
            guard x.scale != .log, x.categories == nil else {
                throw ChartError.invalidAxis(axis: "x", reason: "a followed view scrolls a linear or time x axis, not a log or category one")
            }
        }
        if usesY2, y2.scale == .time || y2.categories != nil {
            throw ChartError.invalidAxis(axis: "y2", reason: "a right axis is linear or log (time and category axes are x or y only)")
        }
        guard series.count <= ChartLimit.seriesCount else {
            throw ChartError.invalidValue(path: "series", reason: "a chart draws at most \(ChartLimit.seriesCount) series, found \(series.count) "
                                          + "(after any split); aggregate them (a density), or split by fewer groups")
        }
        try validateAxes()
        try validatePolar()
        var ids: Set<String> = []
        for (index, legend) in allLegends.enumerated() {
            let path = index == 0 ? "legend" : "legends[\(index - 1)]"
            guard ids.insert(legend.id).inserted else {
                throw ChartError.invalidLegend(path: path + ".id", reason: "\"\(legend.id)\" is the id of an earlier legend")
            }
            try legend.validate(path: path)
        }
        for (i, s) in series.enumerated() {
            guard s.x.count == s.y.count else { throw ChartError.lengthMismatch(series: i, x: s.x.count, y: s.y.count) }
            if let sizes = s.size, sizes.count != s.x.count {
                throw ChartError.sizeLengthMismatch(series: i, points: s.x.count, sizes: sizes.count)
            }
            if s.axis == .y2, s.isHorizontalBars {
                throw ChartError.invalidStyle(series: i, field: "axis", reason: "horizontal bars lie along y; they cannot use the right axis y2")
            }
            if let colors = s.pointColors, colors.values.count != s.x.count {
                throw ChartError.colorValuesLengthMismatch(series: i, points: s.x.count, values: colors.values.count)
            }
            if let dash = s.line.dash, DashPattern(dash) == nil { throw ChartError.invalidDash(series: i) }
            if let step = s.line.step, !s.takes(.step) {
                throw ChartError.invalidStyle(series: i, field: "step", reason: "only \(SharedOption.step.takers) "
                                              + "step; a \(s.kind.rawValue) series cannot take \"\(step.rawValue)\"")
            }
            if let labels = s.labels, labels.count != s.x.count {
                throw ChartError.labelsLengthMismatch(series: i, points: s.x.count, labels: labels.count)
            }
            try s.kind.definition.validate(s, index: i, in: self)
            if let order = s.sort, series.contains(where: { $0.kind.definition.keepsCategoryOrder }) {
                throw ChartError.invalidStyle(series: i, field: "sort", reason: "\"\(order.rawValue)\" would reorder the categories a heatmap's "
                                              + "cells are laid out on; order its rows in the data")
            }
            if let order = s.sort, (s.isHorizontalBars ? y.categories : x.categories) == nil || !s.kind.hasPositions {
                throw ChartError.invalidStyle(series: i, field: "sort", reason: "\"\(order.rawValue)\" orders the categories of a category axis; "
                                              + (s.kind.hasPositions ? "this axis has none (put points in order with Series.sorted(by:))"
                                                                         : "a \(s.kind.rawValue) is not placed by category"))
            }
            if let bars = s.errorBars {
                try validateErrorBars(bars, s, index: i)
            }
            if let band = s.band {
                guard s.takes(.band) else {
                    throw ChartError.invalidStyle(series: i, field: "band", reason: "bands go around \(SharedOption.band.takers); "
                                                  + "this series is a \(s.kind.rawValue)")
                }
                guard band.lower.count == s.x.count, band.upper.count == s.x.count else {
                    throw ChartError.invalidStyle(series: i, field: "band", reason: "has \(band.lower.count) lower and \(band.upper.count) upper "
                                                  + "values but the series has \(s.x.count) points")
                }
                guard (0...1).contains(band.opacity) else {
                    throw ChartError.invalidStyle(series: i, field: "band.opacity", reason: "must be from 0 to 1, found \(band.opacity)")
                }
            }
            if !(s.bars.width > 0 && s.bars.width <= 1) {
                throw ChartError.invalidStyle(series: i, field: "barWidth", reason: "must be in (0, 1]")
            }
            try s.checkLimits(path: "series[\(i)]")
        }
        for (i, reference) in references.enumerated() { try reference.checkLimits(path: "references[\(i)]") }
        for (i, a) in annotations.enumerated() {
            guard a.x.isFinite, a.y.isFinite else {
                throw ChartError.invalidValue(path: "annotations[\(i)]", reason: "its point must be finite, found (\(a.x), \(a.y))")
            }
            if a.axis == .y2, !usesY2 {
                throw ChartError.invalidValue(path: "annotations[\(i)].axis", reason: "no series uses the right axis y2")
            }
        }
    }
}

extension Chart {
    /// Error bars: a reach per point, on dots, lines or vertical bars; width and cap within their limits.
    func validateErrorBars(_ bars: ErrorBarStyle, _ s: Series, index i: Int) throws {
        guard s.takes(.errorBars), !s.isHorizontalBars else {
            throw ChartError.invalidStyle(series: i, field: "errorBars", reason: "error bars go on \(SharedOption.errorBars.takers) "
                                          + "(bars upright); this series is a \(s.isHorizontalBars ? "horizontal bar" : s.kind.rawValue)")
        }
        for (axis, extent) in [("y", bars.y), ("x", bars.x)] {
            guard let extent else { continue }
            for (side, column) in [("minus", extent.minus), ("plus", extent.plus)] where column.count != s.x.count {
                throw ChartError.invalidStyle(series: i, field: "errorBars.\(axis)", reason: "has \(column.count) \(side) reaches but the series "
                                              + "has \(s.x.count) points")
            }
        }
        try LimitCheck.check(bars.width, .strokeWidth, "series[\(i)].errorBars.width")
        try LimitCheck.check(bars.cap, .outlineWidth, "series[\(i)].errorBars.cap")
    }
}

extension Legend {
    /// Checks the options layout relies on; `path` names the legend in errors.
    func validate(path: String) throws {
        if placement == .outside, position == .center || position == .best {
            throw ChartError.invalidLegend(path: path + ".position", reason: "\"\(position.rawValue)\" has no outside; use placement \"inside\" or a side or corner")
        }
        try checkLimits(path: path)
    }
}

extension Series {
    /// Checks each style number against its `ChartLimit`; `path` names the series in errors.
    func checkLimits(path: String) throws {
        try LimitCheck.check(line.width, .strokeWidth, path + ".width")
        try LimitCheck.check(line.miterLimit, .miterLimit, path + ".miterLimit")
        try LimitCheck.check(radius.lowerBound, .radius, path + ".radius[0]")
        try LimitCheck.check(radius.upperBound, .radius, path + ".radius[1]")
        try LimitCheck.check(outline.width, .outlineWidth, path + ".strokeWidth")
        try LimitCheck.check(dash: line.dash, path + ".dash")
        if let sizeRange = dots.sizeRange {
            try LimitCheck.check(sizeRange.lowerBound, .data, path + ".sizeRange[0]")
            try LimitCheck.check(sizeRange.upperBound, .data, path + ".sizeRange[1]")
        }
        if let scale = pointColors?.scale { try scale.checkLimits(path: path + ".color.scale") }
        try kind.definition.checkLimits(self, path: path)
    }
}
