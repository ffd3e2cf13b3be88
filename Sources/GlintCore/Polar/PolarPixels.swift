import Glibc

/// A series of a polar chart as placed on the disc (`Series.polarDrawing`): each point's image angle and distance
/// from the centre, what its marks draw from. The series' x and y then hold the points' pixels, so that dots, hit
/// testing, point labels and legends, which map points through the layout's transform (the identity on a polar
/// chart), find them where they are drawn.
struct PolarDrawing: Sendable {
    /// The disc.
    let geometry: PolarGeometry
    /// Each point's image angle (radians clockwise from 12 o'clock) and distance from the centre in pixels; NaN at gaps.
    let angles: [Double], distances: [Double]
    /// The distance each bar starts from: its stack's base, else 0's (the hole's edge where 0 is below the radius axis).
    let bases: [Double]
    /// Whether its line closes on its first point: a radar chart's, over category names.
    let closed: Bool
    /// A bar's wedge, in radians, and its centre's turn from its point's angle (bars of several series share a
    /// category's wedge side by side).
    let wedge: Double, shift: Double
    /// The series' own x and y (after repeated categories are combined), which a hit names.
    let x: Column, y: Column

    /// The wedge of bar `i`: its angles either side and its distances from the centre; nil at a gap.
    func wedge(_ i: Int) -> (from: Double, to: Double, inner: Double, outer: Double)? {
        guard i < angles.count, angles[i].isFinite, distances[i].isFinite, bases[i].isFinite else { return nil }
        let middle = angles[i] + shift
        return (middle - wedge / 2, middle + wedge / 2, min(bases[i], distances[i]), max(bases[i], distances[i]))
    }

    /// Whether bar `i`'s wedge holds `pixel`.
    func wedge(_ i: Int, holds pixel: Point) -> Bool {
        guard let w = wedge(i) else { return false }
        let (angle, distance) = geometry.polar(of: pixel)
        // The pixel's angle turned into the wedge's turn.
        let turned = w.from + fmod(fmod(angle - w.from, 2 * .pi) + 2 * .pi, 2 * .pi)
        return distance >= w.inner && distance <= w.outer && turned <= w.to
    }
}

extension Chart {
    /// The chart with each series' points in pixels on `layout`'s disc when it is polar (`Series.polarDrawing`), its
    /// stacked bars from their `stacks` bases (others from 0, or the hole's edge when 0 is below the radius axis),
    /// value labels written from the data first; itself on rectangular axes.
    func placed(on layout: ChartLayout, stacks: StackedBars) -> Chart {
        guard let polar = layout.polar?.geometry else { return self }
        var chart = self
        let groups = BarGroups(self)
        for (index, s) in series.enumerated() {
            let n = min(s.x.count, s.y.count)
            var (xs, ys) = ([Double](repeating: .nan, count: n), [Double](repeating: .nan, count: n))
            var (angles, distances) = (xs, ys)
            for i in 0..<n {
                angles[i] = polar.angle(s.x[i])
                distances[i] = polar.distance(s.y[i])
                guard angles[i].isFinite, distances[i].isFinite else { continue }
                let p = polar.point(angle: angles[i], distance: distances[i])
                (xs[i], ys[i]) = (p.x, p.y)
            }
            let zero = polar.distance(0), base = stacks.bases[index]
            let bases = (0..<n).map { i in base.map { i < $0.count ? polar.distance($0[i]) : zero } ?? zero }
            let slot = groups.slot(index), width = s.polarShape == .wedges ? wedgeWidth(s, angles: angles) : 0
            var placed = s
            placed.polarDrawing = PolarDrawing(geometry: polar, angles: angles, distances: distances, bases: bases,
                                               closed: s.polarShape != .wedges && x.categories != nil, wedge: width * slot.share,
                                               shift: width * slot.offset * (polar.clockwise ? 1 : -1), x: s.x, y: s.y)
            if placed.labels == nil, let values = PointLabels.values(of: s) { placed.labels = values }
            (placed.x, placed.y) = (Column(xs), Column(ys))
            placed.line.decimate = false
            chart.series[index] = placed
        }
        return chart
    }

    /// The angle a bar's wedge spans, in radians: its `barWidth` share of a category's step round the disc, or of the
    /// smallest step between the angles of its points (the last back round to the first included), a whole turn for a
    /// single one.
    private func wedgeWidth(_ s: Series, angles: [Double]) -> Double {
        let turn = 2 * Double.pi
        if let names = x.categories { return s.bars.width * turn / Double(max(1, names.count)) }
        let sorted = angles.filter(\.isFinite).map { fmod(fmod($0, turn) + turn, turn) }.sorted()
        var step = turn
        for (a, b) in zip(sorted, sorted.dropFirst() + [(sorted.first ?? 0) + turn]) where b - a > 1e-12 { step = min(step, b - a) }
        return s.bars.width * step
    }
}

extension Series {
    /// A series of a polar chart placed on its disc (`Chart.placed(on:)`): its x and y are then pixels.
    var polarDrawing: PolarDrawing? {
        get { styles[ifSet: PolarDrawing.self] }
        set { styles[ifSet: PolarDrawing.self] = newValue }
    }
}
