import Glibc

/// Matplotlib's hexagonal grid (`Axes.hexbin`): two offset lattices of pointy-topped hexagons over an extent, the
/// first with (columns + 1) × (rows + 1) centres on the extent's grid points, the second with columns × rows centres
/// half a step in from them. A point belongs to the nearer of its two candidate centres in the hexagon's metric.
/// The arithmetic is matplotlib's, operation for operation, so that the counts are its counts.
public struct HexGrid: Equatable, Sendable {
    /// Hexagons across (matplotlib's `nx`) and up (`ny`).
    public let columns: Int, rows: Int
    /// The extent's lower corner after matplotlib's padding, and the lattice's steps in data units.
    public let xmin: Double, ymin: Double, stepX: Double, stepY: Double

    /// The grid of `columns` × `rows` hexagons over `x` and `y` (matplotlib pads x by 1e-9 of its span so that
    /// points on its edges fall inside).
    public init(columns: Int, rows: Int, x: ClosedRange<Double>, y: ClosedRange<Double>) {
        (self.columns, self.rows) = (columns, rows)
        let padding = 1e-9 * (x.upperBound - x.lowerBound)
        let (low, high) = (x.lowerBound - padding, x.upperBound + padding)
        (xmin, ymin) = (low, y.lowerBound)
        (stepX, stepY) = ((high - low) / Double(columns), (y.upperBound - y.lowerBound) / Double(rows))
    }

    /// How many hexagons both lattices hold.
    public var cellCount: Int { (columns + 1) * (rows + 1) + columns * rows }

    /// The hexagon `(x, y)` falls in, as matplotlib numbers them (the first lattice column by column, then the
    /// second); nil for a point outside both lattices or not finite.
    @inline(__always)
    public func cell(_ x: Double, _ y: Double) -> Int? {
        let ix = (x - xmin) / stepX, iy = (y - ymin) / stepY
        guard ix.isFinite, iy.isFinite else { return nil }
        // numpy's round is half to even; floor as numpy's.
        let ix1 = ix.rounded(.toNearestOrEven), iy1 = iy.rounded(.toNearestOrEven)
        let ix2 = ix.rounded(.down), iy2 = iy.rounded(.down)
        let d1 = (ix - ix1) * (ix - ix1) + 3.0 * ((iy - iy1) * (iy - iy1))
        let d2 = (ix - ix2 - 0.5) * (ix - ix2 - 0.5) + 3.0 * ((iy - iy2 - 0.5) * (iy - iy2 - 0.5))
        if d1 < d2 {
            guard ix1 >= 0, ix1 < Double(columns + 1), iy1 >= 0, iy1 < Double(rows + 1) else { return nil }
            return Int(ix1) * (rows + 1) + Int(iy1)
        }
        guard ix2 >= 0, ix2 < Double(columns), iy2 >= 0, iy2 < Double(rows) else { return nil }
        return (columns + 1) * (rows + 1) + Int(ix2) * rows + Int(iy2)
    }

    /// The centre of hexagon `index`, as matplotlib places it (its lattice position times the step, plus the corner).
    public func centre(_ index: Int) -> (x: Double, y: Double) {
        let first = (columns + 1) * (rows + 1)
        if index < first {
            return (Double(index / (rows + 1)) * stepX + xmin, Double(index % (rows + 1)) * stepY + ymin)
        }
        let k = index - first
        return ((Double(k / rows) + 0.5) * stepX + xmin, (Double(k % rows) + 0.5) * stepY + ymin)
    }

    /// matplotlib's `_nonsingular(low, high, expander: 0.1)`: a range of no width widened by a tenth of its value
    /// (−0.1…0.1 about 0), one that is not finite replaced by −0.1…0.1.
    public static func nonsingular(_ low: Double, _ high: Double) -> ClosedRange<Double> {
        let expander = 0.1, tiny = 1e-15
        guard low.isFinite, high.isFinite else { return -expander...expander }
        var (lo, hi) = low <= high ? (low, high) : (high, low)
        let largest = max(abs(lo), abs(hi))
        if largest < (1e6 / tiny) * Double.leastNormalMagnitude {
            (lo, hi) = (-expander, expander)
        } else if hi - lo <= largest * tiny {
            if hi == 0, lo == 0 { (lo, hi) = (-expander, expander) } else { (lo, hi) = (lo - expander * abs(lo), hi + expander * abs(hi)) }
        }
        return lo...hi
    }
}
