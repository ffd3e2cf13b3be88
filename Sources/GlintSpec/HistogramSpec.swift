import GlintCore

/// A histogram series' keys: its values are its `x` (inline, or a CSV column), counted into `bins` (a count,
/// `"auto"`, an array of edges, or `{"count" | "width", "range"}`) and drawn as `statistic`.
extension ChartSpec {
    static let binKeys = ["count", "width", "range"]

    /// The histogram series of `o`, counting `values` on `threads` threads.
    static func histogram(_ o: SpecObject, values: Column, threads: Int) throws -> Series {
        let (bins, range) = try histogramBins(o)
        let statistic = try o.choice("statistic", as: HistogramStatistic.self) ?? .count
        var s: Series
        do {
            s = try Series.histogram(values: values, bins: bins, range: range, statistic: statistic, threads: threads)
        } catch {
            throw GlintError.badValue(path: o.childPath("bins") + (error.key == "range" ? ".range" : ""), message: error.description)
        }
        if let opacity = try o.number("fillOpacity") {
            guard (0...1).contains(opacity) else {
                throw GlintError.badValue(path: o.childPath("fillOpacity"), message: "expected an opacity from 0 to 1, found \(opacity)")
            }
            s.histogram.opacity = opacity
        }
        return s
    }

    /// The series of `parts` (each with whether its object gave `fillOpacity`), histograms drawn at 0.6 where a
    /// chart has two or more (a split's, or several objects'), as they overlap, unless their own `fillOpacity`
    /// says otherwise, so each shows through the others. (Histograms are not faceted.)
    static func overlappingHistograms(_ parts: [(series: Series, opacityGiven: Bool)]) -> [Series] {
        let overlap = parts.filter { $0.series.pointOrigin == .bins }.count > 1
        return parts.map { part in
            var s = part.series
            if overlap, s.pointOrigin == .bins, !part.opacityGiven { s.histogram.opacity = 0.6 }
            return s
        }
    }

    /// `bins` and its `range`: a whole number of bins, `"auto"` (the default), an array of edges, or an object with
    /// `count` or `width` (or neither: auto) and `range`.
    static func histogramBins(_ o: SpecObject) throws -> (HistogramBins, ClosedRange<Double>?) {
        let path = o.childPath("bins")
        switch o.raw("bins") {
        case nil:
            return (.auto, nil)
        case .string("auto"):
            return (.auto, nil)
        case let .number(n):
            return (.count(try binCount(n, path: path)), nil)
        case let .array(items):
            return (.edges(try SpecObject.numbers(.array(items), path: path)), nil)
        case .object?:
            let b = try SpecObject(o.raw("bins")!, path: path, allowed: binKeys)
            guard !(b.has("count") && b.has("width")) else {
                throw GlintError.badValue(path: path, message: "give either count or width, not both")
            }
            var range: ClosedRange<Double>?
            if let (lo, hi) = try b.pair("range") {
                guard lo <= hi else { throw GlintError.badValue(path: b.childPath("range"), message: "expected [low, high] with low ≤ high, found [\(lo), \(hi)]") }
                range = lo...hi
            }
            if let n = try b.number("count") { return (.count(try binCount(n, path: b.childPath("count"))), range) }
            if let w = try b.number("width") { return (.width(w), range) }
            return (.auto, range)
        case let .string(word)?:
            throw GlintError.badValue(path: path, message: "expected a number of bins, \"auto\", an array of edges or an object with count "
                                      + "or width and range; \"\(BoundedText.line(word, limit: 40))\" is not \"auto\"")
        case let value?:
            throw GlintError.badValue(path: path, message: "expected a number of bins, \"auto\", an array of edges or an object with count "
                                      + "or width and range, found \(value.kindDescription)")
        }
    }

    static func binCount(_ n: Double, path: String) throws -> Int {
        guard n == n.rounded(), n >= 1, n <= Double(Histogram.maximumBins) else {
            throw GlintError.badValue(path: path, message: "expected a whole number of bins from 1 to \(Histogram.maximumBins), found \(n)")
        }
        return Int(n)
    }
}
