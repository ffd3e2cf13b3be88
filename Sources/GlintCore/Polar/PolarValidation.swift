extension PolarAxes {
    /// The most bars a polar chart's series draws: each is a wedge filled over its bounding box, and far fewer can be
    /// told apart round a disc.
    public static let maximumWedges = 10_000
}

extension Chart {
    /// A polar chart: the kinds it has a shape for only (`MarkDefinition.polarShape`: lines, dots, bars, areas), on a linear or category angle axis and a linear radius axis,
    /// without what only rectangular axes have (a right axis, horizontal bars, steps, error bars, bands, reference
    /// lines, notes, a followed view), its start angle finite and its hole smaller than the disc.
    func validatePolar() throws {
        guard let polar else { return }
        guard polar.startAngle.isFinite else {
            throw ChartError.invalidValue(path: "polar.startAngle", reason: "must be a finite number of degrees, found \(polar.startAngle)")
        }
        guard polar.inner >= 0, polar.inner < 1 else {
            throw ChartError.invalidValue(path: "polar.inner", reason: "the hole is a share of the radius from 0 up to 1 (0.2 leaves a small "
                                          + "one), found \(polar.inner)")
        }
        for (name, axis) in [("x", x), ("y", y)] where axis.scale != .linear {
            throw ChartError.invalidAxis(axis: name, reason: "a polar chart's \(name == "x" ? "angle" : "radius") axis is linear (or, for x, "
                                         + "category names); found a \(axis.scale.rawValue) scale")
        }
        if y.categories != nil {
            throw ChartError.invalidAxis(axis: "y", reason: "a polar chart's radius axis is numeric; put category names on x, round the disc")
        }
        let rectangular: [(String, Bool)] = [("references", !references.isEmpty), ("annotations", !annotations.isEmpty), ("follow", follow != nil)]
        for (path, given) in rectangular where given {
            throw ChartError.invalidValue(path: path, reason: "a polar chart has no \(path == "follow" ? "followed view" : path) (they are "
                                          + "placed on rectangular axes); leave out \"\(path)\" or \"polar\"")
        }
        for (i, s) in series.enumerated() {
            guard let shape = s.polarShape else {
                throw ChartError.invalidStyle(series: i, field: "type", reason: "a polar chart draws \(SeriesKind.listed { $0.definition.polarShape != nil }); "
                                              + "draw this \(s.kind.rawValue) series on rectangular axes (leave out \"polar\")")
            }
            let refused: [(String, Bool)] = [("axis", s.axis == .y2), ("orientation", s.isHorizontalBars), ("step", s.line.step != nil),
                                             ("errorBars", s.errorBars != nil), ("band", s.band != nil),
                                             ("baseline", shape == .area && s.area.baseline != .value(0)),
                                             ("stack", shape == .area && s.area.stack != nil)]
            for (field, given) in refused where given {
                throw ChartError.invalidStyle(series: i, field: field, reason: "a polar chart's series take no \"\(field)\" (areas fill from the "
                                              + "centre and are not stacked; bars grow outwards from it and stack there)")
            }
            if shape == .wedges, s.x.count > PolarAxes.maximumWedges {
                throw ChartError.invalidStyle(series: i, field: "x", reason: "a polar chart draws at most \(PolarAxes.maximumWedges) bars a "
                                              + "series, found \(s.x.count); aggregate them (\"aggregate\"), or draw a line")
            }
        }
    }
}

