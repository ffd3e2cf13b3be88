/// A density grid as colours: each cell's value (its count, or its reduced value) spread, normalised and looked up
/// in the series' scale — or, for `countBy`, its categories' colours mixed by their counts at an opacity from the
/// total — as premultiplied RGBA8 words, row 0 at the top; empty cells transparent.
struct DensityShading {
    /// The cells' colours.
    let packed: [UInt32]
    /// The scale they were looked up in, its range and normalisation filled in: what a colour bar naming the series
    /// draws (categorical for `countBy`).
    let scale: ColorScale

    /// The least opacity of a `countBy` cell that holds a point (datashader's `min_alpha`, 40 of 255).
    static let minimumAlpha = 40.0 / 255

    /// The colours of `grid` for `style`.
    init(_ grid: DensityGrid, style: DensityStyle) {
        let spread = min(max(style.spread, 0), DensityStyle.maximumSpread)
        if grid.reduction == .countBy, let byCategory = grid.categoryCounts {
            (packed, scale) = DensityShading.mixed(grid, byCategory: byCategory, style: style, spread: spread)
            return
        }
        var shown = (0..<grid.counts.count).map(grid.shown)
        if spread > 0 {
            DensitySpread.apply(&shown, columns: grid.columns, rows: grid.rows, radius: spread, smallest: grid.reduction == .min)
        }
        let whole = grid.reduction == .count
        let resolved = DensityShading.resolved(style, shown: shown, whole: whole)
        let lookup = ColorLookup(resolved)
        // Counts are whole numbers: a colour per count up to 65536 is looked up once.
        let maximum = whole ? Int(min(resolved.range?.upperBound ?? 0, 65_536)) : -1
        let byCount = maximum >= 0 ? (0...maximum).map { lookup.packed(Double($0)) ?? 0 } : []
        packed = shown.map { v in
            guard v.isFinite else { return 0 }
            if maximum >= 0, v <= Double(maximum) { return byCount[Int(v)] }
            return lookup.packed(v) ?? 0
        }
        scale = resolved
    }

    /// `style.scale` with its range (when not given: the shown values' extent) and normalisation filled in from the
    /// shown values (NaN: empty); `whole` when they are counts.
    static func resolved(_ style: DensityStyle, shown: [Double], whole: Bool) -> ColorScale {
        var scale = style.scale
        if scale.range == nil { scale.range = DataRange.finite(shown) ?? 0...1 }
        switch style.normalization {
        case .linear: scale.normalization = .linear
        case .log: scale.normalization = .log
        case .cbrt: scale.normalization = .cbrt
        case .eqHist:
            let (distinct, tally) = whole ? wholeTally(shown) : sortedTally(shown)
            scale.normalization = .equalized(distinct: distinct, tally: tally)
        }
        return scale
    }

    /// The distinct whole values of `shown` and how many cells hold each, from a tally by value.
    static func wholeTally(_ shown: [Double]) -> ([Double], [Double]) {
        let largest = shown.reduce(0.0) { $1.isFinite ? max($0, $1) : $0 }
        guard largest <= Double(1 << 22) else { return sortedTally(shown) }
        var tally = [Double](repeating: 0, count: Int(largest) + 1)
        for v in shown where v.isFinite && v >= 0 { tally[Int(v)] += 1 }
        let held = tally.indices.filter { tally[$0] > 0 }
        return (held.map(Double.init), held.map { tally[$0] })
    }

    /// The distinct finite values of `shown` and how many cells hold each, by sorting them.
    static func sortedTally(_ shown: [Double]) -> ([Double], [Double]) {
        var distinct: [Double] = [], tally: [Double] = []
        for v in shown.filter(\.isFinite).sorted() {
            if distinct.last == v { tally[tally.count - 1] += 1 } else { distinct.append(v); tally.append(1) }
        }
        return (distinct, tally)
    }

    /// `countBy`'s colours: each cell's categories' colours mixed by their counts, at an opacity from
    /// `minimumAlpha` to 1 by its total count through the normalisation.
    static func mixed(_ grid: DensityGrid, byCategory: [UInt32], style: DensityStyle, spread: Int) -> ([UInt32], ColorScale) {
        let k = grid.categories, cells = grid.counts.count
        var planes = (0..<k).map { c in (0..<cells).map { Double(byCategory[$0 * k + c]) } }
        if spread > 0 {
            for c in planes.indices {
                for i in planes[c].indices where planes[c][i] == 0 { planes[c][i] = .nan }
                DensitySpread.apply(&planes[c], columns: grid.columns, rows: grid.rows, radius: spread, smallest: false)
            }
        }
        let totals = (0..<cells).map { i -> Double in
            let t = planes.reduce(0.0) { $0 + ($1[i].isFinite ? $1[i] : 0) }
            return t > 0 ? t : .nan
        }
        var opacity = style
        opacity.scale = ColorScale(stops: [ColorScale.Stop(0, .black), ColorScale.Stop(1, .black)])
        let alphaScale = resolved(opacity, shown: totals, whole: true)
        let colors = style.scale.stops.map { $0.color }
        let packed = (0..<cells).map { i -> UInt32 in
            let total = totals[i]
            guard total.isFinite else { return 0 }
            var (r, g, b) = (0.0, 0.0, 0.0)
            for c in 0..<k where planes[c][i].isFinite {
                let share = planes[c][i] / total
                (r, g, b) = (r + share * colors[c].red, g + share * colors[c].green, b + share * colors[c].blue)
            }
            let alpha = minimumAlpha + (1 - minimumAlpha) * (alphaScale.fraction(total) ?? 0)
            return ColorLookup.pack(Color(red: r, green: g, blue: b, alpha: alpha))
        }
        return (packed, style.scale)
    }
}

/// Spreads each non-empty cell into its neighbours: every cell takes the largest (or smallest) value within `radius`
/// cells on each side, a square, in two passes (rows, then columns). NaN is empty.
enum DensitySpread {
    static func apply(_ values: inout [Double], columns: Int, rows: Int, radius: Int, smallest: Bool) {
        func better(_ a: Double, _ b: Double) -> Double {
            guard a.isFinite else { return b }
            guard b.isFinite else { return a }
            return smallest ? min(a, b) : max(a, b)
        }
        var across = values
        for r in 0..<rows {
            let row = r * columns
            for c in 0..<columns {
                var v = Double.nan
                for d in max(0, c - radius)...min(columns - 1, c + radius) { v = better(v, values[row + d]) }
                across[row + c] = v
            }
        }
        for c in 0..<columns {
            for r in 0..<rows {
                var v = Double.nan
                for d in max(0, r - radius)...min(rows - 1, r + radius) { v = better(v, across[d * columns + c]) }
                values[r * columns + c] = v
            }
        }
    }
}
