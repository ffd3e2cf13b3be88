import Dispatch

/// Points binned into a `HexGrid` and each hexagon's value, as matplotlib's `hexbin` computes them: points or values
/// that are not finite are left out (its `delete_masked_points`), as are points outside the grid.
enum HexBinning {
    /// The hexagons holding at least `minimumCount` points (every hexagon when 0, for a count), in matplotlib's
    /// order, each one's count or reduced values, and how many points each holds.
    static func bin(x: Column, y: Column, values: Column?, grid: HexGrid, reduction: HexbinReduction,
                    minimumCount: Int) -> (cells: [Int], values: [Double], counts: [Int]) {
        let n = Swift.min(x.count, y.count, values?.count ?? .max)
        // Each part of the points counted on a thread of its own, the parts' counts summed; each point's hexagon
        // (-1: none) kept where values are reduced.
        let given = values?.doubles
        var cellOf = given == nil ? [] : [Int32](repeating: -1, count: n)
        let parts = EvenParts.split(n, threads: System.coreCount)
        var partCounts = [[Int32]](repeating: [], count: parts.count)
        x.withUnsafeDoubles { xs in
            y.withUnsafeDoubles { ys in
                cellOf.withUnsafeMutableBufferPointer { cellOf in
                    partCounts.withUnsafeMutableBufferPointer { out in
                        DispatchQueue.concurrentPerform(iterations: parts.count) { k in
                            var counts = [Int32](repeating: 0, count: grid.cellCount)
                            counts.withUnsafeMutableBufferPointer { counts in
                                for i in parts[k] {
                                    if let given, !given[i].isFinite { continue }
                                    guard let cell = grid.cell(xs[i], ys[i]) else { continue }
                                    counts[cell] &+= 1
                                    if given != nil { cellOf[i] = Int32(cell) }
                                }
                            }
                            out[k] = counts
                        }
                    }
                }
            }
        }
        var counts = partCounts.first ?? [Int32](repeating: 0, count: grid.cellCount)
        for part in partCounts.dropFirst() { for c in counts.indices { counts[c] &+= part[c] } }
        let floor = Swift.max(minimumCount, reduction == .count ? 0 : 1)
        let cells = counts.indices.filter { Int(counts[$0]) >= floor }
        let held = cells.map { Int(counts[$0]) }
        guard reduction != .count, given != nil else { return (cells, held.map(Double.init), held) }
        // The values gathered by hexagon (a counting sort), each hexagon's then reduced.
        var start = [Int](repeating: 0, count: grid.cellCount + 1)
        for c in counts.indices { start[c + 1] = start[c] + Int(counts[c]) }
        var next = start, gathered = [Double](repeating: 0, count: start[grid.cellCount])
        for i in 0..<n where cellOf[i] >= 0 {
            let c = Int(cellOf[i])
            gathered[next[c]] = given![i]
            next[c] += 1
        }
        return (cells, cells.map { reduce(gathered[start[$0]..<start[$0 + 1]], reduction) }, held)
    }

    /// numpy's sum, mean, median, min or max of one hexagon's values (at least one).
    static func reduce(_ v: ArraySlice<Double>, _ reduction: HexbinReduction) -> Double {
        switch reduction {
        case .count: return Double(v.count)
        case .sum: return v.reduce(0, +)
        case .mean: return v.reduce(0, +) / Double(v.count)
        case .min: return v.min() ?? .nan
        case .max: return v.max() ?? .nan
        case .median:
            let sorted = v.sorted(), m = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[m] : sorted[m - 1] / 2 + sorted[m] / 2
        }
    }
}
