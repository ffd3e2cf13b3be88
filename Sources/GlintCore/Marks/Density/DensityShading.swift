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
        if grid.reduction == .count {
            var counts = grid.counts
            if spread > 0 {
                var shown = counts.map { $0 == 0 ? Double.nan : Double($0) }
                DensitySpread.apply(&shown, columns: grid.columns, rows: grid.rows, radius: spread, smallest: false)
                counts = shown.map { $0.isFinite ? UInt32($0) : 0 }
            }
            (packed, scale) = DensityShading.counted(counts, style: style)
            return
        }
        var shown = grid.values ?? []
        if spread > 0 {
            DensitySpread.apply(&shown, columns: grid.columns, rows: grid.rows, radius: spread, smallest: grid.reduction == .min)
        }
        let resolved = DensityShading.resolved(style, range: DataRange.finite(shown), tally: { DensityShading.sortedTally(shown) })
        let lookup = ColorLookup(resolved)
        packed = shown.map { lookup.packed($0) ?? 0 }
        scale = resolved
    }

    /// The colours of cells holding `counts` points (0: empty), and the scale: each count's colour looked up once
    /// (for counts up to 2^20), the equalisation from a tally of the counts.
    static func counted(_ counts: [UInt32], style: DensityStyle) -> ([UInt32], ColorScale) {
        var (lowest, highest) = (UInt32.max, UInt32(0))
        for c in counts where c > 0 { (lowest, highest) = (min(lowest, c), max(highest, c)) }
        let resolved = DensityShading.resolved(style, range: highest > 0 ? Double(lowest)...Double(highest) : nil) {
            guard highest <= 1 << 22 else { return sortedTally(counts.map { $0 == 0 ? Double.nan : Double($0) }) }
            var tally = [Double](repeating: 0, count: Int(highest) + 1)
            tally.withUnsafeMutableBufferPointer { t in for c in counts { t[Int(c)] += 1 } }
            let held = (1..<tally.count).filter { tally[$0] > 0 }
            return (held.map(Double.init), held.map { tally[$0] })
        }
        let lookup = ColorLookup(resolved)
        guard highest <= 1 << 20 else { return (counts.map { $0 == 0 ? 0 : lookup.packed(Double($0)) ?? 0 }, resolved) }
        let byCount = [0] + (1...max(highest, 1)).map { lookup.packed(Double($0)) ?? 0 }
        let packed = byCount.withUnsafeBufferPointer { table in counts.map { table[Int($0)] } }
        return (packed, resolved)
    }

    /// `style.scale` with its range (when not given: `range`, the cells' extent) and normalisation filled in; `tally`
    /// gives the distinct cell values and how many cells hold each, for an equalisation.
    static func resolved(_ style: DensityStyle, range: ClosedRange<Double>?, tally: () -> ([Double], [Double])) -> ColorScale {
        if let frozen = style.resolvedScale { return frozen }
        var scale = style.scale
        if scale.range == nil { scale.range = range ?? 0...1 }
        switch style.normalization {
        case .linear: scale.normalization = .linear
        case .log: scale.normalization = .log
        case .cbrt: scale.normalization = .cbrt
        case .eqHist:
            let (distinct, counts) = tally()
            scale.normalization = .equalized(distinct: distinct, tally: counts)
        }
        return scale
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
        let alphaScale = resolved(opacity, range: DataRange.finite(totals)) { sortedTally(totals) }
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
