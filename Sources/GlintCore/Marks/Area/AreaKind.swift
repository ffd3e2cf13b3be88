extension SeriesKind {
    /// The area between the line through the points and a baseline (a value, or another series), filled once.
    public static let area = SeriesKind(named: "area")
}

/// The area between a line and its baseline (`AreaMark`): `baseline`, `edge`, `fillOpacity` and `normalize` are its keys.
enum AreaKind: MarkDefinition {
    static let kind = SeriesKind.area
    static let plural = "areas"
    static let keys = ["baseline", "edge", "fillOpacity", "normalize"]
    static let hasPositions = true
    static let takes: Set<SharedOption> = [.errorBars, .densityCurve]
    static let polarShape: PolarShape? = .area
    static func cover(_ series: Series) -> PlotCover { .points(.fill) }
    static func validate(_ series: Series, index: Int, in chart: Chart) throws { try chart.validateArea(series, index: index) }

    /// `baseline`, a number or the name of another series to fill down to; `stack`; `normalize`, a stack in percent
    /// of its total; its edge 1.5 px wide unless `width` says otherwise.
    static func read(_ keys: any MarkKeys, into series: inout Series) throws {
        if keys.isText("baseline") {
            series.area.baseline = .series(try keys.string("baseline") ?? "")
        } else if let value = try keys.number("baseline") {
            series.area.baseline = .value(value)
        }
        series.area.stack = try keys.string("stack")
        series.area.normalize = try keys.normalizesStack()
        if !keys.has("width") { series.line.width = 1.5 }
    }

    /// The series its baseline names (`AreaBaseline.series`), which it fills down to.
    static func baseline(of series: Series, in chart: Chart) -> MarkPoints? {
        guard case let .series(name) = series.area.baseline, let other = chart.series.first(where: { $0.name == name }) else { return nil }
        return MarkPoints(x: other.x, y: other.y)
    }
}

extension Chart {
    /// An area's opacity and baseline: a finite value, or another series of the chart by name.
    func validateArea(_ s: Series, index i: Int) throws {
        guard (0...1).contains(s.area.opacity) else {
            throw ChartError.invalidStyle(series: i, field: "fillOpacity", reason: "must be from 0 to 1, found \(s.area.opacity)")
        }
        if s.area.stack != nil && s.area.baseline != .value(0) {
            throw ChartError.invalidStyle(series: i, field: "baseline", reason: "a stacked area fills from the area below it in its stack; "
                                          + "leave out \"baseline\" or \"stack\"")
        }
        switch s.area.baseline {
        case let .value(b) where !b.isFinite:
            throw ChartError.invalidStyle(series: i, field: "baseline", reason: "must be finite, found \(b)")
        case let .series(name):
            guard let other = series.firstIndex(where: { $0.name == name }), other != i else {
                let names = series.enumerated().filter { $0.offset != i && !$0.element.name.isEmpty }.map { "'\($0.element.name)'" }
                throw ChartError.invalidStyle(series: i, field: "baseline", reason: "no other series is named '\(BoundedText.line(name, limit: 60))'"
                                              + (names.isEmpty ? "" : "; series: \(names.prefix(8).joined(separator: ", "))"))
            }
        default:
            break
        }
    }
}

extension Series {
    /// An area series: filled from its line to `baseline`, its line drawn over the fill.
    public static func area(name: String = "", x: Column, y: Column, color: Color? = nil, baseline: AreaBaseline = .value(0)) -> Series {
        var s = Series(kind: .area, name: name, x: x, y: y, color: color, line: LineStyle(width: 1.5))
        s.area.baseline = baseline
        return s
    }
}
