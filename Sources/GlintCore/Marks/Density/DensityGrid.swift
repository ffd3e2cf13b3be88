import Dispatch

/// A density series aggregated into the cells (device pixels) of a plot: how many points landed in each, and what
/// the series' reduction made of their values. Counted on `threads` threads, each into cells of its own, summed at
/// the end; the columns are read where they lie (a mapped float32 file is never copied).
public struct DensityGrid: Sendable {
    /// The cells and the arithmetic that finds a point's cell.
    let cells: DensityCells
    /// What each cell holds.
    public let reduction: DensityReduction
    /// Points per cell, row-major, row 0 at the top (for value reductions: the points with a finite value).
    public internal(set) var counts: [UInt32]
    /// The sum, mean, smallest or largest value per cell (NaN for an empty cell); nil for `count` and `countBy`.
    public internal(set) var values: [Double]?
    /// For `countBy`: `categories` counts per cell, cell after cell.
    public internal(set) var categoryCounts: [UInt32]?
    /// How many categories `countBy` counts (0 otherwise).
    public let categories: Int

    /// The device pixels that are the cells (the plot's), row 0 at the top.
    public var plot: PixelRect { cells.window }
    /// The grid's size in cells: a column per pixel column of the plot, a row per pixel row.
    public var columns: Int { cells.window.width }
    public var rows: Int { cells.window.height }

    /// Where the points were counted, as the image's notices say: "the CPU (2 threads)", or a `DensityCounting`'s
    /// place.
    public let place: String

    /// The points of `s` (its `density` reduction) aggregated into `cells`: by the render's `DensityCounter` when
    /// there is one that counts `s`, else read on `threads` threads.
    static func aggregate(_ s: Series, cells: DensityCells, threads: Int) -> DensityGrid {
        if DensityCounter.counts(s), let counter = DensityCounter.current,
           let counts = counter.counts(cells: cells, points: min(s.x.count, s.y.count), positions: { range, out in
               positions(s, range, cells: cells, threads: threads, into: out)
           }) {
            return DensityGrid(cells: cells, reduction: .count, counts: counts, values: nil, categoryCounts: nil, categories: 0,
                               place: counter.place)
        }
        let reduction = s.density.reduction, n = min(s.x.count, s.y.count)
        let categories = reduction == .countBy ? s.density.scale.stops.count : 0, lines = s.density.geometry == .lines
        // A part per thread, each of a quarter million points at least: a part's cells cost what that many points do.
        let parts = EvenParts.split(n, threads: min(max(1, threads), max(1, n / 250_000)))
        var partial = [Accumulator?](repeating: nil, count: parts.count)
        // The values reduced, or for a count the points' weights when they have them.
        let values = (reduction.readsValues ? s.density.values : s.density.weights) ?? Column([Double]())
        s.x.withIndexedValues { x in
            s.y.withIndexedValues { y in
                values.withUnsafeDoubles { v in
                    partial.withUnsafeMutableBufferPointer { out in
                        DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                            var adding = Accumulator.Adding(accumulator: Accumulator(reduction: reduction, cells: cells.count, categories: categories, lines: lines),
                                                            range: parts[k], cells: cells, values: v)
                            IndexedValues.pair(x, y, &adding)
                            out[k] = adding.accumulator
                        }
                    }
                }
            }
        }
        var total = partial.compactMap { $0 }.reduce(nil) { (sum: Accumulator?, part: Accumulator) in sum?.merged(part) ?? part }
            ?? Accumulator(reduction: reduction, cells: cells.count, categories: categories, lines: lines)
        return DensityGrid(cells: cells, reduction: reduction, counts: total.counts, values: total.finishedValues(),
                           categoryCounts: reduction == .countBy ? total.takeCategoryCounts() : nil, categories: categories,
                           place: "the CPU (\(parts.count) thread\(parts.count == 1 ? "" : "s"))")
    }

    /// The count of the points (`x`, `y`) in each of `cells`, row-major, read on `threads` threads (by the bound
    /// `DensityCounter` when there is one, as a render counts): a density's count of one part of its points (a
    /// partition of a distributed frame), which adds up with the other parts' to the count of them all.
    public static func counts(x: Column, y: Column, cells: DensityCells, threads: Int) -> [UInt32] {
        aggregate(Series.density(x: x, y: y), cells: cells, threads: threads).counts
    }

    /// Writes the pixel positions of the points `range` of `s` into `out` (x, y pairs; (-1, -1) for a point
    /// without one), on `threads` threads: what a `DensityCounting` counts.
    static func positions(_ s: Series, _ range: Range<Int>, cells: DensityCells, threads: Int, into out: UnsafeMutableBufferPointer<Float>) {
        s.x.withIndexedValues { x in
            s.y.withIndexedValues { y in
                let parts = EvenParts.split(range.count, threads: min(max(1, threads), max(1, range.count / 65_536)))
                DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                    var writing = PositionWriting(range: parts[k].lowerBound + range.lowerBound..<parts[k].upperBound + range.lowerBound,
                                                  first: range.lowerBound, cells: cells, out: out)
                    IndexedValues.pair(x, y, &writing)
                }
            }
        }
    }
}

/// Writes points' pixel positions into a buffer whose first pair is point `first`'s.
private struct PositionWriting: PairVisitor {
    let range: Range<Int>, first: Int, cells: DensityCells, out: UnsafeMutableBufferPointer<Float>
    mutating func visit<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y) {
        for i in range {
            let p = cells.pixel(x.value(i), y.value(i)) ?? (-1, -1)
            out[2 * (i - first)] = p.x
            out[2 * (i - first) + 1] = p.y
        }
    }
}

/// One thread's cells while points are added: counts, and the running sum, minimum or maximum, or category counts.
private struct Accumulator {
    let reduction: DensityReduction
    let categories: Int
    /// Whether the points are a polyline whose segments are counted (`DensityGeometry.lines`).
    let lines: Bool
    var counts: [UInt32]
    var values: [Double]
    var categoryCounts: [UInt32]

    init(reduction: DensityReduction, cells: Int, categories: Int, lines: Bool) {
        (self.reduction, self.categories, self.lines) = (reduction, categories, lines)
        counts = [UInt32](repeating: 0, count: cells)
        let start: Double = reduction == .min ? .infinity : reduction == .max ? -.infinity : 0
        values = [.sum, .mean, .min, .max].contains(reduction) ? [Double](repeating: start, count: cells) : []
        categoryCounts = reduction == .countBy ? [UInt32](repeating: 0, count: cells * categories) : []
    }

    /// Adds the points `range` of columns read in place (and their `values`) to a fresh accumulator.
    struct Adding: PairVisitor {
        var accumulator: Accumulator
        let range: Range<Int>, cells: DensityCells, values: UnsafeBufferPointer<Double>
        mutating func visit<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y) {
            accumulator.add(x, y, range, cells: cells, values: values)
        }
    }

    /// Adds the points `range` of `x`, `y` (and their `values`), a block of cell indices at a time.
    private mutating func add<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y, _ range: Range<Int>, cells: DensityCells,
                                                                values: UnsafeBufferPointer<Double>) {
        var batch = Batch()
        if lines {
            addSegments(x, y, range, cells: cells, batch: &batch, values: values)
            return
        }
        for start in stride(from: range.lowerBound, to: range.upperBound, by: Batch.size) {
            let end = Swift.min(start + Batch.size, range.upperBound)
            // Linear axes (the common case) skip the scale functions, so the loop has no branch on them.
            batch.cells.withUnsafeMutableBufferPointer { index in
                if cells.isLinear {
                    for i in start..<end { index[i - start] = cells.scaleSpaceIndex(x.value(i), y.value(i)) }
                } else {
                    for i in start..<end { index[i - start] = cells.index(x.value(i), y.value(i)) }
                }
            }
            batch.count = end - start
            reduce(batch, firstPoint: start, values: values)
        }
    }

    /// Adds the segments that start at the points `range` (and a run's first point): each cell a segment crosses
    /// counts once, with the value of the segment's first point; a cell at a joint counts once.
    private mutating func addSegments<X: ValueReading, Y: ValueReading>(_ x: X, _ y: Y, _ range: Range<Int>, cells: DensityCells,
                                                                        batch: inout Batch, values: UnsafeBufferPointer<Double>) {
        var previous = range.lowerBound > 0 ? cells.pixel(x.value(range.lowerBound - 1), y.value(range.lowerBound - 1)) : nil
        for i in range {
            let p = cells.pixel(x.value(i), y.value(i))
            if let p {
                // A segment from the point before (its value), or a run's first point alone.
                let (from, joined, owner) = previous.map { ($0, true, i - 1) } ?? (p, false, i)
                cells.walk(from: from, to: p, joined: joined) { cell in
                    batch.append(cell: cell, point: owner)
                    if batch.count == Batch.size { flush(&batch, values: values) }
                }
            }
            previous = p
        }
        flush(&batch, values: values)
    }

    private mutating func flush(_ batch: inout Batch, values: UnsafeBufferPointer<Double>) {
        reduce(batch, firstPoint: nil, values: values)
        batch.count = 0
    }

    /// Adds the batch's cells (-1: none), each for its point: `firstPoint` + its place in the batch, or the point
    /// the batch names.
    private mutating func reduce(_ batch: Batch, firstPoint: Int?, values: UnsafeBufferPointer<Double>) {
        let n = batch.count
        batch.cells.withUnsafeBufferPointer { index in
            batch.points.withUnsafeBufferPointer { points in
                let point = { (k: Int) in firstPoint.map { $0 + k } ?? points[k] }
                counts.withUnsafeMutableBufferPointer { counts in
                    switch reduction {
                    case .count where values.isEmpty:
                        for k in 0..<n where index[k] >= 0 { counts[index[k]] &+= 1 }
                    case .count:
                        // Weighted points (cells counted by a database): whole counts from 0 to 2^32 - 1.
                        for k in 0..<n where index[k] >= 0 {
                            let w = values[point(k)]
                            counts[index[k]] &+= w >= 1 && w < 0x1p32 ? UInt32(w) : 0
                        }
                    case .countBy:
                        let categories = self.categories
                        categoryCounts.withUnsafeMutableBufferPointer { byCategory in
                            for k in 0..<n where index[k] >= 0 {
                                let code = values[point(k)]
                                guard code >= 0, code < Double(categories) else { continue }
                                counts[index[k]] &+= 1
                                byCategory[index[k] * categories + Int(code)] &+= 1
                            }
                        }
                    case .sum, .mean, .min, .max:
                        let reduction = self.reduction
                        self.values.withUnsafeMutableBufferPointer { cellValues in
                            for k in 0..<n where index[k] >= 0 {
                                let v = values[point(k)], c = index[k]
                                guard v.isFinite else { continue }
                                counts[c] &+= 1
                                switch reduction {
                                case .min: cellValues[c] = Swift.min(cellValues[c], v)
                                case .max: cellValues[c] = Swift.max(cellValues[c], v)
                                default: cellValues[c] += v
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// This thread's cells and `other`'s combined.
    func merged(_ other: Accumulator) -> Accumulator {
        var m = self
        for c in m.counts.indices { m.counts[c] &+= other.counts[c] }
        for c in m.categoryCounts.indices { m.categoryCounts[c] &+= other.categoryCounts[c] }
        for c in m.values.indices {
            switch reduction {
            case .min: m.values[c] = Swift.min(m.values[c], other.values[c])
            case .max: m.values[c] = Swift.max(m.values[c], other.values[c])
            default: m.values[c] += other.values[c]
            }
        }
        return m
    }

    /// Each cell's reduced value (NaN where empty; a mean divided out); nil for reductions without values.
    mutating func finishedValues() -> [Double]? {
        guard !values.isEmpty else { return nil }
        for c in values.indices {
            if counts[c] == 0 { values[c] = .nan } else if reduction == .mean { values[c] /= Double(counts[c]) }
        }
        return values
    }

    /// The category counts, handed over.
    mutating func takeCategoryCounts() -> [UInt32] {
        defer { categoryCounts = [] }
        return categoryCounts
    }
}

/// Cells found for points, a few thousand at a time, and the point each is for (when they are not in order).
private struct Batch {
    static let size = 4096
    var cells = [Int](repeating: -1, count: size)
    var points = [Int](repeating: 0, count: size)
    var count = 0

    @inline(__always)
    mutating func append(cell: Int, point: Int) {
        cells[count] = cell
        points[count] = point
        count += 1
    }
}
