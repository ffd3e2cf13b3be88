import Dispatch
import GlintScales

/// How a histogram's bins are chosen.
public enum HistogramBins: Equatable, Sendable {
    /// numpy's `"auto"` (numpy 2.1 and later): the narrower of the Freedman–Diaconis and Sturges widths (the larger
    /// bin count), Freedman–Diaconis no narrower than half the square-root rule's width (`HistogramAuto`).
    case auto
    /// This many equal bins across the range.
    case count(Int)
    /// Equal bins this wide from the low end of the range, as many as reach its high end.
    case width(Double)
    /// Bins between these edges, increasing: bin i holds edges[i] ≤ v < edges[i + 1], the last one its right edge too.
    case edges([Double])
}

/// What a histogram's bars show.
public enum HistogramStatistic: String, CaseIterable, Sendable {
    /// The number of values in each bin.
    case count
    /// A probability density: each count over the total times the bin's width, so the bars' area is 1.
    case density
    /// The number of values in the bin and every bin before it.
    case cumulative
}

/// Values counted into bins as `numpy.histogram` counts them: for equal bins the same edges (`numpy.linspace`) and
/// the same bin for every value (its index computed, then corrected against the edges, the last bin closed on the
/// right); for explicit edges each value's bin found by binary search. NaN and ±Inf are gaps, not counted (numpy
/// refuses them); with a `range`, values outside it are left out, as numpy leaves them. Read in parallel on
/// `threads` threads: a pass for the finite extent and the gaps (always: the gaps are counted there), `auto`'s
/// passes when it is asked for, and a pass to count.
public struct Histogram: Equatable, Sendable {
    /// The bins' edges, one more than the bins.
    public let edges: [Double]
    /// The number of values in each bin.
    public let counts: [Int]
    /// Finite values outside the edges (left out).
    public let outside: Int
    /// Values that are NaN or ±Inf (left out).
    public let nonFinite: Int

    /// The most bins a histogram has.
    public static let maximumBins = 1_000_000

    /// The histogram of `values` in `bins`, over `range` (nil: the finite values' extent; a range of one value is
    /// widened by 0.5 each way, and with no values at all it is 0…1, as numpy does).
    public init(_ values: Column, bins: HistogramBins = .auto, range: ClosedRange<Double>? = nil,
                threads: Int = System.coreCount) throws(HistogramProblem) {
        let threads = values.count < 200_000 ? 1 : max(1, threads)
        let scan = HistogramScan.extent(values, threads: threads)
        let counted: (counts: [Int], total: Int)
        if case let .edges(given) = bins {
            guard range == nil else { throw .rangeWithEdges }
            try HistogramProblem.check(edges: given)
            edges = given
            counted = HistogramScan.count(values, edges: given, threads: threads)
        } else {
            edges = try Histogram.equalEdges(values, bins: bins, range: range, extent: scan, threads: threads)
            counted = HistogramScan.countEqual(values, edges: edges, threads: threads)
        }
        counts = counted.counts
        (outside, nonFinite) = (values.count - scan.nonFinite - counted.total, scan.nonFinite)
    }

    /// The edges of equal bins (`bins` is not `.edges`) over `range`, or over the values' finite `extent`.
    private static func equalEdges(_ values: Column, bins: HistogramBins, range: ClosedRange<Double>?,
                                   extent: (low: Double, high: Double, finite: Int, nonFinite: Int),
                                   threads: Int) throws(HistogramProblem) -> [Double] {
        if let range { guard range.lowerBound.isFinite, range.upperBound.isFinite else { throw .rangeNotFinite } }
        var (first, last) = range.map { ($0.lowerBound, $0.upperBound) } ?? (extent.finite > 0 ? (extent.low, extent.high) : (0, 1))
        if first == last { (first, last) = (first - 0.5, last + 0.5) }
        guard (last - first).isFinite else { throw .spanTooWide(first, last) }
        let count: Int
        switch bins {
        case let .count(n):
            guard (1...Histogram.maximumBins).contains(n) else { throw .badCount(n) }
            count = n
        case let .width(w):
            guard w > 0, w.isFinite else { throw .badWidth(w) }
            count = try HistogramProblem.checkedCount((last - first) / w, chosen: "width \(w)")
            last = first + Double(count) * w
            guard last.isFinite else { throw .spanTooWide(first, last) }
        case .auto, .edges:
            let width = HistogramAuto.width(values, first: first, last: last, limited: range != nil, threads: threads)
            count = width > 0 ? try HistogramProblem.checkedCount((last - first) / width, chosen: "\"auto\"") : 1
        }
        let edges = HistogramScan.linspace(first, last, bins: count)
        guard zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .binsTooNarrow(count: count, first, last) }
        return edges
    }

    /// The bars' heights for `statistic`; a density with no values counted is 0 everywhere.
    public func heights(_ statistic: HistogramStatistic) -> [Double] {
        switch statistic {
        case .count:
            return counts.map(Double.init)
        case .cumulative:
            var total = 0
            return counts.map { total += $0; return Double(total) }
        case .density:
            let total = Double(counts.reduce(0, +))
            guard total > 0 else { return counts.map { _ in 0 } }
            return counts.indices.map { Double(counts[$0]) / total / (edges[$0 + 1] - edges[$0]) }
        }
    }

    /// Each bin's centre, half-way between its edges.
    public var centres: [Double] { counts.indices.map { edges[$0] / 2 + edges[$0 + 1] / 2 } }
}

/// Why a histogram cannot be binned; `key` is the spec key at fault (`bins` or `range`).
public enum HistogramProblem: Error, Equatable, CustomStringConvertible {
    case badCount(Int)
    case badWidth(Double)
    case tooManyBins(chosen: String, count: Double)
    case edgesTooFew(Int)
    case edgeNotFinite(index: Int)
    case edgesNotIncreasing(index: Int)
    case rangeWithEdges
    case rangeNotFinite
    case spanTooWide(Double, Double)
    case binsTooNarrow(count: Int, Double, Double)

    /// The spec key the problem is in: `bins`, or `range` inside it.
    public var key: String {
        switch self {
        case .rangeNotFinite, .rangeWithEdges, .spanTooWide: return "range"
        default: return "bins"
        }
    }

    public var description: String {
        switch self {
        case let .badCount(n): return "expected a whole number of bins from 1 to \(Histogram.maximumBins), found \(n)"
        case let .badWidth(w): return "a bin width must be a finite number above 0, found \(w)"
        case let .tooManyBins(chosen, count):
            return "\(chosen) makes \(count < 1e15 ? String(Int(count)) : "\(count)") bins, more than \(Histogram.maximumBins); give fewer bins or a range"
        case let .edgesTooFew(n): return "expected at least 2 edges (one bin), found \(n)"
        case let .edgeNotFinite(i): return "edge \(i) is not a finite number"
        case let .edgesNotIncreasing(i): return "edges must increase; edge \(i) is not above edge \(i - 1)"
        case .rangeWithEdges: return "explicit edges fix the range; leave out \"range\""
        case .rangeNotFinite: return "expected [low, high] of finite numbers"
        case let .spanTooWide(a, b): return "the bins would span \(a) to \(b), wider than a Double holds; give a range"
        case let .binsTooNarrow(n, a, b): return "\(n) bins from \(a) to \(b) are too narrow for a Double to tell their edges apart"
        }
    }

    package static func check(edges: [Double]) throws(HistogramProblem) {
        guard edges.count >= 2 else { throw .edgesTooFew(edges.count) }
        guard edges.count <= Histogram.maximumBins + 1 else { throw .tooManyBins(chosen: "the edges", count: Double(edges.count - 1)) }
        for (i, e) in edges.enumerated() {
            guard e.isFinite else { throw .edgeNotFinite(index: i) }
            if i > 0, !(e > edges[i - 1]) { throw .edgesNotIncreasing(index: i) }
        }
    }

    /// `ceil(bins)` as a count, refused past `Histogram.maximumBins` (before any conversion to Int).
    static func checkedCount(_ bins: Double, chosen: String) throws(HistogramProblem) -> Int {
        let n = bins.rounded(.up)
        guard n <= Double(Histogram.maximumBins) else { throw .tooManyBins(chosen: chosen, count: n) }
        return max(1, Int(n))
    }
}
