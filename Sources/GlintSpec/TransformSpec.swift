import FoundationEssentials
import Glibc
import GlintCore

/// A series' row transforms: `"filter"` (comparisons its rows must pass, before any split), `"bin"` with
/// `"aggregate"` (buckets along x, after the split) and `"rolling"` (a trailing window over y, after the split and
/// the buckets: each group rolls on its own).
extension ChartSpec {
    static let rollingKeys = ["window", "op"]
    static let filterKeys = ["column", "in"] + RowFilter.Comparison.allCases.map(\.rawValue)

    /// The filters of `o`: one object, or an array of them that must all hold.
    static func filterObjects(_ o: SpecObject) throws -> [SpecObject] {
        switch o.raw("filter") {
        case nil: return []
        case .object?: return [try SpecObject(o.raw("filter")!, path: o.childPath("filter"), allowed: filterKeys)]
        case let .array(items)?:
            return try items.enumerated().map { try SpecObject($1, path: o.childPath("filter") + "[\($0)]", allowed: filterKeys) }
        case let value?: throw SpecObject.mismatch(o.childPath("filter"), expected: "an object or an array of objects", found: value)
        }
    }

    /// A filter object's comparison and operand.
    static func rowFilter(_ f: SpecObject) throws -> (column: String, filter: RowFilter) {
        guard let column = try f.string("column") else { throw GlintError.badValue(path: f.childPath("column"), message: "missing; name the column to compare") }
        let given = filterKeys.dropFirst().filter(f.has)
        guard given.count == 1, let key = given.first else {
            throw GlintError.badValue(path: f.path, message: "give one comparison: \(filterKeys.dropFirst().joined(separator: ", "))")
        }
        if key == "in" {
            let names = try f.strings("in") ?? []
            return (column, RowFilter(.equal, .oneOf(names.compactMap { $0 })))
        }
        let comparison = RowFilter.Comparison(rawValue: key) ?? .equal
        switch f.raw(key) {
        case let .number(n)?: return (column, RowFilter(comparison, .number(try SpecObject.finite(n, path: f.childPath(key)))))
        case let .string(t)?: return (column, RowFilter(comparison, .text(t)))
        case let value?: throw SpecObject.mismatch(f.childPath(key), expected: "a number or a text", found: value)
        case nil: throw GlintError.badValue(path: f.childPath(key), message: "missing")
        }
    }

    /// `s` with only the rows that pass every filter of `o` — compared on columns of its `data.csv` or of the columns
    /// handed over with the spec that its `data` reads, or on its own `x` or `y` — and the rows kept (nil when it has no
    /// filter).
    static func filtered(_ s: Series, _ o: SpecObject, sources: CSVSources) throws -> (series: Series, rows: [Int]?) {
        let filters = try filterObjects(o)
        guard !filters.isEmpty else { return (s, nil) }
        let origin = s.pointOrigin
        guard origin != .bins, origin != .cells else {
            throw GlintError.badValue(path: o.childPath("filter"), message: "a \(s.kind.rawValue)'s points are its \(origin == .bins ? "bins" : "cells"); "
                                      + "filter the rows before (a CSV of them)")
        }
        let data = try o.object("data", allowed: dataKeys)
        let file = try data?.string("csv")
        let handedOver = file == nil && (data.map(readsSupplied) == true || data?.has("columns") == true) && !sources.supplied.isEmpty
        var keep = [Bool](repeating: true, count: s.x.count)
        for f in filters {
            let (column, filter) = try rowFilter(f)
            let numeric: Bool
            if case .number = filter.operand { numeric = true } else { numeric = false }
            if file != nil || (handedOver && sources.supplied[column] != nil) {
                let path = f.childPath("column")
                if numeric {
                    let values = try sources.numbers(column, file: file, path: path, what: "values compared with a number")
                    for i in keep.indices where keep[i] { keep[i] = i < values.count && filter.passes(values[i]) }
                } else {
                    let texts = try sources.texts(column, file: file, path: path)
                    for i in keep.indices where keep[i] { keep[i] = filter.passes(i < texts.count ? texts[i] : nil) }
                }
            } else {
                guard column == "x" || column == "y", numeric else {
                    let given = handedOver ? "a column handed over with the spec, or " : ""
                    throw GlintError.badValue(path: f.childPath("column"), message: "without data.csv a filter compares \(given)the series' own "
                                              + "\"x\" or \"y\" with a number")
                }
                let values = column == "x" ? s.x : s.y
                // x and y may differ in length (refused later, when the chart is drawn): a row past either fails.
                for i in keep.indices where keep[i] { keep[i] = i < values.count && filter.passes(values[i]) }
            }
        }
        let rows = keep.indices.filter { keep[$0] }
        return (s.gathered(rows: rows), rows)
    }

    /// Asks `sources` for the columns the filters of `o` compare (numbers or text, by their operand).
    static func requestFilterColumns(_ o: SpecObject, file: String, from sources: inout CSVSources) throws {
        for f in try filterObjects(o) {
            let (column, filter) = try rowFilter(f)
            if case .number = filter.operand {
                sources.request(column, of: file, specPath: f.childPath("column"))
            } else {
                sources.requestText(column, of: file, specPath: f.childPath("column"))
            }
        }
    }

    /// `s` with its `rolling` window applied, if it has one.
    static func rolled(_ s: Series, _ o: SpecObject) throws -> Series {
        guard let r = try o.object("rolling", allowed: rollingKeys) else { return s }
        guard let window = try r.number("window") else { throw GlintError.badValue(path: r.childPath("window"), message: "missing; how many points") }
        guard window == window.rounded(), window >= 1, window <= Double(Series.maximumRollingWindow) else {
            throw GlintError.badValue(path: r.childPath("window"), message: "expected a whole number of points from 1 to \(Series.maximumRollingWindow), found \(window)")
        }
        guard [.rows, .slices].contains(s.pointOrigin) else {
            throw GlintError.badValue(path: o.childPath("rolling"), message: "a \(s.kind.rawValue) does not roll; its values are not one y per point")
        }
        return s.rolling(window: Int(window), op: try r.choice("op", as: RollingOp.self) ?? .mean)
    }

    static let trendKeys = ["method", "degree", "band", "points", "span", "iterations"]

    /// `s` replaced by its `trend` (the fitted curve, and its confidence band), if it has one.
    static func trended(_ s: Series, _ o: SpecObject) throws -> Series {
        guard let t = try o.object("trend", allowed: trendKeys) else { return s }
        guard let method = try t.choice("method", as: TrendMethod.self) else {
            throw GlintError.badValue(path: t.childPath("method"), message: "missing; one of \(TrendMethod.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard s.takes(.trend), !o.has("band") else {
            throw GlintError.badValue(path: o.childPath(o.has("band") && s.takes(.trend) ? "band" : "trend"),
                                      message: !s.takes(.trend) ? "a trend draws a line: give it on a \"line\" series of the same data as the \(s.kind.rawValue)"
                                      : "a trend draws its own band (\"trend\": {\"band\": 0.95}); give no band beside it")
        }
        var trend = Trend(method)
        func whole(_ key: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let v = try t.number(key) else { return nil }
            guard v == v.rounded(), v >= Double(range.lowerBound), v <= Double(range.upperBound) else {
                throw GlintError.badValue(path: t.childPath(key), message: "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(v)")
            }
            return Int(v)
        }
        func only(_ key: String, for allowed: TrendMethod) throws {
            guard !t.has(key) || method == allowed else {
                throw GlintError.badValue(path: t.childPath(key), message: "\(key) is a setting of method \"\(allowed.rawValue)\", not \"\(method.rawValue)\"")
            }
        }
        for (key, allowed) in [("degree", TrendMethod.poly), ("span", .loess), ("iterations", .loess)] { try only(key, for: allowed) }
        guard !(t.has("points") && method == .loess) else {
            throw GlintError.badValue(path: t.childPath("points"), message: "a loess is drawn at its points' x; points sets a regression's samples")
        }
        trend.degree = try whole("degree", 1...Trend.maximumDegree) ?? trend.degree
        trend.points = try whole("points", 2...Trend.maximumPoints) ?? trend.points
        trend.iterations = try whole("iterations", 0...10) ?? trend.iterations
        if let span = try t.number("span") {
            guard span > 0, span <= 1 else { throw GlintError.badValue(path: t.childPath("span"), message: "expected a fraction of the points above 0 to 1, found \(span)") }
            trend.span = span
        }
        if let level = try t.number("band") {
            guard level > 0, level < 1 else {
                throw GlintError.badValue(path: t.childPath("band"), message: "expected a confidence level between 0 and 1 (0.95), found \(level)")
            }
            trend.band = level
        }
        let steps = Trend.loessSteps(points: min(s.x.count, s.y.count), span: trend.span)
        guard method != .loess || steps <= Trend.maximumLoessSteps else {
            throw GlintError.badValue(path: o.childPath("trend"), message: "a loess of \(min(s.x.count, s.y.count)) points with span \(trend.span) takes "
                                      + "\(steps) steps a pass, more than \(Trend.maximumLoessSteps); give a smaller span or fewer points")
        }
        return s.trend(trend)
    }

    static let densityKeys = ["bandwidth", "cut", "points", "counts", "cumulative"]

    /// `s` replaced by the kernel density curve of its y values (its `density`), if it has one: on a line or an area,
    /// before any other transform (a curve is not bucketed, sorted, rolled or fitted).
    static func densityEstimated(_ s: Series, _ o: SpecObject) throws -> Series {
        guard let d = try o.object("density", allowed: densityKeys) else { return s }
        guard s.takes(.densityCurve) else {
            throw GlintError.badValue(path: o.childPath("density"), message: "a density curve is drawn as a \"line\" or an \"area\", not a \(s.kind.rawValue)")
        }
        let colored = try pointColorObject(o) != nil
        if let key = ["bin", "sort", "rolling", "trend", "size", "labels", "errorBars", "band"].first(where: o.has) ?? (colored ? "color" : nil) {
            throw GlintError.badValue(path: o.childPath(key), message: "a density curve replaces the series' points with the estimate of their y "
                                      + "values; it takes no \"\(key)\"")
        }
        var estimate = DensityEstimate()
        estimate.bandwidth = try KernelBandwidth.read(SeriesKeys(d), "bandwidth") ?? estimate.bandwidth
        estimate.cut = try d.number("cut", within: .densityCut) ?? estimate.cut
        if let points = try d.number("points") {
            guard points == points.rounded(), points >= 2, points <= Double(DensityEstimate.maximumPoints) else {
                throw GlintError.badValue(path: d.childPath("points"), message: "expected a whole number of points from 2 to "
                                          + "\(DensityEstimate.maximumPoints), found \(points)")
            }
            estimate.points = Int(points)
        }
        estimate.counts = try d.bool("counts") ?? false
        estimate.cumulative = try d.bool("cumulative") ?? false
        try checkDensityCost(values: s.y.count, points: estimate.points, o)
        return s.densityCurve(estimate)
    }

    /// Refuses a density curve of `values` values at `points` points past `DensityEstimate.maximumSteps` kernel
    /// evaluations: asked of a series object's rows before its split too, so that its groups together are bounded.
    static func checkDensityCost(values: Int, points: Int? = nil, _ o: SpecObject) throws {
        guard let d = try o.object("density", allowed: densityKeys) else { return }
        let points = try points ?? d.number("points").map { Int(min(max($0, 2), Double(DensityEstimate.maximumPoints))) } ?? DensityEstimate().points
        let steps = values.multipliedReportingOverflow(by: points)
        guard !steps.overflow, steps.partialValue <= DensityEstimate.maximumSteps else {
            throw GlintError.badValue(path: o.childPath("density"), message: "\(values) values at \(points) points is more than "
                                      + "\(DensityEstimate.maximumSteps) kernel evaluations; give fewer points")
        }
    }

    /// `s` with its points aggregated into the buckets of its `bin` along `axis` (by its `aggregate`), if it has one;
    /// `categorical` says whether the x axis names categories.
    static func binned(_ s: Series, _ o: SpecObject, axis: Axis, categorical: Bool) throws -> Series {
        guard let raw = o.raw("bin") else { return s }
        let path = o.childPath("bin")
        let bin: XBin
        switch raw {
        case let .number(w):
            guard w > 0, w.isFinite else { throw GlintError.badValue(path: path, message: "expected a bucket width above 0, found \(w)") }
            bin = .width(w)
        case let .string(text):
            guard let calendar = XBin(text) else {
                throw GlintError.badValue(path: path, message: "expected a count and a unit (ms, s, min, h, d, w, M, y) such as \"1d\", \"15min\" "
                                          + "or \"3M\", found \"\(BoundedText.line(text, limit: 40))\"")
            }
            guard axis.scale == .time else {
                throw GlintError.badValue(path: path, message: "calendar buckets need a time x axis (\"x\": {\"type\": \"time\"}); on a numeric axis "
                                          + "give a width")
            }
            bin = calendar
        default:
            throw SpecObject.mismatch(path, expected: "a width or a calendar step such as \"1d\"", found: raw)
        }
        guard !categorical, s.kind.hasPositions else {
            throw GlintError.badValue(path: path, message: categorical ? "this x axis has categories; bars on it are combined per category without a bin"
                                      : "only \(SeriesKind.listed { $0.hasPositions }) take buckets; this series is a \(s.kind.rawValue)")
        }
        guard let op = try o.choice("aggregate", as: Aggregate.self) else {
            throw GlintError.badValue(path: o.childPath("aggregate"), message: "missing; say how each bucket's values combine: sum, mean, count, "
                                      + "min, max or median")
        }
        let colored = try pointColorObject(o) != nil
        if let key = ["size", "labels", "errorBars", "band"].first(where: o.has) ?? (colored ? "color" : nil) {
            throw GlintError.badValue(path: o.childPath(key), message: "a bucketed series is a point per bucket; it takes no per-point \"\(key)\"")
        }
        guard let binned = s.binned(by: bin, op: op, timeZone: ZoneRules.named(axis.timeZone) ?? .utc) else {
            throw GlintError.badValue(path: path, message: "the x values span more than \(XBin.maximumBuckets) buckets of this size (or dates "
                                      + "beyond the calendar); give a larger bin")
        }
        return binned
    }

    /// `s` in the order of its `sort`: on a category axis (`categorical`) the axis's categories, ordered when the chart
    /// is drawn; on a numeric axis its points by x, now.
    static func sorted(_ s: Series, _ o: SpecObject, categorical: Bool) throws -> Series {
        guard let order = try o.choice("sort", as: SortOrder.self) else { return s }
        guard s.kind.hasPositions else {
            throw GlintError.badValue(path: o.childPath("sort"), message: "only \(SeriesKind.listed { $0.hasPositions }) sort; this series is a \(s.kind.rawValue)")
        }
        var sorted = s
        if categorical {
            sorted.sort = order
        } else if order == .x || order == .xDescending {
            sorted = s.sorted(by: order)
        } else {
            throw GlintError.badValue(path: o.childPath("sort"), message: "\"\(order.rawValue)\" orders the categories of a category axis, and this "
                                      + "axis has none; sort points by \"x\" or \"-x\"")
        }
        return sorted
    }
}
