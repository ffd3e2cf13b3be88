import GlintScales

/// The cell of each point of a density series: the plot's device pixels, found in exactly the painters' arithmetic
/// (`PixelMapping`: the offset from the origin scaled in Double, then Float32), so a point lands in the pixel a dot
/// at it would cover. In data terms each cell is half-open, `[low, high)` along x and along y, like numpy's
/// histogram bins; the plot's far edges (the domain's upper ends) are closed, so a point at the top or right of
/// the range is counted in the last cell, as `numpy.histogram2d` counts it.
public struct DensityCells: Sendable, Equatable {
    /// Data to pixels, as the painters map.
    public let mapping: PixelMapping
    /// The pixels that are cells, row 0 at the top.
    public let window: PixelRect
    @usableFromInline let left: Float, right: Float, top: Float, bottom: Float

    /// The cells of `window` under `mapping`.
    public init(mapping: PixelMapping, window: PixelRect) {
        (self.mapping, self.window) = (mapping, window)
        (left, right) = (Float(window.x), Float(window.x + window.width))
        (top, bottom) = (Float(window.y), Float(window.y + window.height))
    }

    /// How many cells.
    public var count: Int { window.width * window.height }

    /// The row-major index of the cell of (x, y), row 0 at the top; -1 for a point outside the cells or with no
    /// position (NaN, ±Inf, ≤ 0 on a log axis).
    @inlinable @inline(__always)
    public func index(_ x: Double, _ y: Double) -> Int {
        scaleSpaceIndex(mapping.forwardX(x), mapping.forwardY(y))
    }

    /// Whether both axes are linear: positions are their values (`scaleSpaceIndex` takes them as they are).
    @inlinable
    public var isLinear: Bool { mapping.forwardX.isIdentity && mapping.forwardY.isIdentity }

    /// `index` of a point already in the axes' scale space.
    @inlinable @inline(__always)
    public func scaleSpaceIndex(_ u: Double, _ w: Double) -> Int {
        guard u.isFinite, w.isFinite else { return -1 }
        let px = PixelMapping.scaled(u, mapping.originX, mapping.scaleX) + mapping.offsetX
        let py = PixelMapping.scaled(w, mapping.originY, mapping.scaleY) + mapping.offsetY
        guard px >= left, px <= right, py >= top, py <= bottom else { return -1 }
        return cell(px, py)
    }

    /// The cell of pixel position (px, py) inside the window's closed bounds. Pixels grow down while y grows up: a y
    /// on a pixel row's edge belongs to the row above it (its data cell is [edge, edge + 1 row)), so the row is
    /// ceil(py) - 1; the top and right edges themselves belong to the first row and the last column.
    @inlinable @inline(__always)
    func cell(_ px: Float, _ py: Float) -> Int {
        // Both are at least 0 here (the window lies in the image): truncation is floor, and ceil is one more than
        // floor off whole numbers (no library call in the loop).
        let column = px >= right ? window.width - 1 : Int(px) - window.x
        let below = Int(py)
        let row = py <= top ? 0 : (Float(below) < py ? below : below - 1) - window.y
        return row * window.width + column
    }

    /// The pixel position of (x, y) as the painters compute it; nil for a gap.
    @inlinable @inline(__always)
    public func pixel(_ x: Double, _ y: Double) -> (x: Float, y: Float)? {
        mapping.point(x, y)
    }

    /// Calls `visit` with each cell the segment from pixel `a` to pixel `b` crosses, in order (Bresenham's line
    /// between the cells of its ends, the segment first cut to the cells' bounds); `joined` leaves out `a`'s cell
    /// when `a` lies inside (the segment before counted it), so a polyline counts each cell at a joint once.
    @inlinable @inline(__always)
    public func walk(from a: (x: Float, y: Float), to b: (x: Float, y: Float), joined: Bool, _ visit: (Int) -> Void) {
        // Liang–Barsky: the part of a + t (b - a), t in 0…1, inside the closed bounds.
        let (ax, ay, dx, dy) = (Double(a.x), Double(a.y), Double(b.x) - Double(a.x), Double(b.y) - Double(a.y))
        var (t0, t1) = (0.0, 1.0)
        /// Cuts the parameter range by one edge (`p` t ≤ `q`); false when nothing is left.
        func cut(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }
            let t = q / p
            if p < 0 { t0 = Swift.max(t0, t) } else { t1 = Swift.min(t1, t) }
            return t0 <= t1
        }
        guard cut(-dx, ax - Double(left)), cut(dx, Double(right) - ax), cut(-dy, ay - Double(top)), cut(dy, Double(bottom) - ay) else { return }
        let start = t0 == 0 ? a : (Float(ax + t0 * dx), Float(ay + t0 * dy)), end = t1 == 1 ? b : (Float(ax + t1 * dx), Float(ay + t1 * dy))
        let first = clampedCell(start), last = clampedCell(end)
        var (c, r) = (first % window.width, first / window.width)
        let (c1, r1) = (last % window.width, last / window.width)
        let (stepX, stepY) = (c < c1 ? 1 : -1, r < r1 ? 1 : -1)
        let (spanX, spanY) = (abs(c1 - c), -abs(r1 - r))
        var error = spanX + spanY
        var skip = joined && t0 == 0
        while true {
            if !skip { visit(r * window.width + c) }
            skip = false
            if c == c1 && r == r1 { return }
            let doubled = 2 * error
            if doubled >= spanY { error += spanY; c += stepX }
            if doubled <= spanX { error += spanX; r += stepY }
        }
    }

    /// The cell of a pixel position on or inside the bounds (rounding may leave it a hair outside: it is pulled in).
    @inlinable @inline(__always)
    func clampedCell(_ p: (x: Float, y: Float)) -> Int {
        cell(Swift.min(Swift.max(p.x, left), right), Swift.min(Swift.max(p.y, top), bottom))
    }

    /// The scale-space values whose pixels lie within the cells' closed bounds, along x and along y: the least and
    /// the greatest finite double whose pixel position is inside, found by bisection over the doubles in order (a
    /// pixel position never decreases as a value grows on a positive scale, never increases on a negative one). A
    /// database filters its rows by these plain comparisons, then finds each row's cell from its pixel; nil when no
    /// value lands inside along an axis.
    public var scaleSpaceBounds: (x: ClosedRange<Double>, y: ClosedRange<Double>)? {
        let m = mapping
        guard let x = DensityCells.bounds({ PixelMapping.scaled($0, m.originX, m.scaleX) + m.offsetX }, left, right, increasing: m.scaleX > 0),
              let y = DensityCells.bounds({ PixelMapping.scaled($0, m.originY, m.scaleY) + m.offsetY }, top, bottom, increasing: m.scaleY > 0)
        else { return nil }
        return (x, y)
    }

    /// The finite doubles v with `low ≤ pixel(v) ≤ high`, an interval since `pixel` is monotonic (`increasing` or not).
    private static func bounds(_ pixel: (Double) -> Float, _ low: Float, _ high: Float, increasing: Bool) -> ClosedRange<Double>? {
        // Doubles in order as integers: -0 and +0 both 0, the negatives mirrored.
        func key(_ v: Double) -> Int64 { v.sign == .minus ? -Int64(bitPattern: (-v).bitPattern) : Int64(bitPattern: v.bitPattern) }
        func value(_ k: Int64) -> Double { k < 0 ? -Double(bitPattern: UInt64(-k)) : Double(bitPattern: UInt64(k)) }
        /// The first key in lo...hi where `holds` turns true (it stays true after); nil when it never holds.
        func first(_ lo: Int64, _ hi: Int64, _ holds: (Double) -> Bool) -> Int64? {
            guard holds(value(hi)) else { return nil }
            var (lo, hi) = (lo, hi)
            while lo < hi {
                let mid = (lo >> 1) + (hi >> 1) + (lo & hi & 1)
                if holds(value(mid)) { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }
        let (least, greatest) = (key(-Double.greatestFiniteMagnitude), key(Double.greatestFiniteMagnitude))
        // Along the values in order, the pixel first passes one bound, then leaves past the other.
        let (enters, stays): ((Float) -> Bool, (Float) -> Bool) = increasing ? ({ $0 >= low }, { $0 <= high }) : ({ $0 <= high }, { $0 >= low })
        guard let start = first(least, greatest, { enters(pixel($0)) }), stays(pixel(value(start))) else { return nil }
        let end = first(start, greatest, { !stays(pixel($0)) }).map { $0 - 1 } ?? greatest
        return value(start)...value(end)
    }

    /// The data position of the centre of cell (column, row).
    public func centre(column: Int, row: Int) -> (x: Double, y: Double) {
        let px = Double(window.x + column) + 0.5, py = Double(window.y + row) + 0.5
        let u = mapping.originX + (px - Double(mapping.offsetX)) / mapping.scaleX
        let w = mapping.originY + (py - Double(mapping.offsetY)) / mapping.scaleY
        return (mapping.forwardX.inverse(u), mapping.forwardY.inverse(w))
    }
}
