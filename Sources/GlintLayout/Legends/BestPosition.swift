/// Picks the inside legend position that covers the fewest data points (`LegendPosition.best`), and the first
/// that covers none (for a legend that is not pinned), at a bounded cost: long decimated lines count their M4
/// points (about 4 per pixel sub-column), every other series at most `maximumSamples` evenly spaced points, lines
/// points along their segments too, bars points every 12 pixels or so along their length and across their group's
/// slot, error bars their ends, labelled series a point where each value label sits (past an error bar's end where
/// there is one), and a density a grid over the whole plot.
enum BestPosition {
    /// The positions tried, in the order ties are won (matplotlib's order).
    static let order: [LegendPosition] = [.topRight, .topLeft, .bottomLeft, .bottomRight, .right, .left, .bottom, .top, .center]
    /// The most points one series contributes when it has no M4 result.
    static let maximumSamples = 16_384

    /// Pixels between the points sampled along a line's segment.
    static let segmentStep: Float = 6
    /// The most points sampled along one segment, and along all of one series' segments.
    static let maximumSegmentSamples = 64, maximumLineSamples = 262_144

    /// The pixel positions of `chart`'s data, as the left and right axes' `transforms` place them; `labelLift` is
    /// how far above its point a value label's middle sits, in device pixels; `reaches` what each series' drawing
    /// covers (`LayoutMarks.reach`, by series).
    static func samples(_ chart: Chart, marks: any LayoutMarks, reaches: [SeriesReach], transforms: (y: DataTransform, y2: DataTransform),
                        plot: Rect, decimated: [Int: M4Decimation.Result], labelLift: Double) -> [SIMD2<Float>] {
        var points: [SIMD2<Float>] = []
        let occupied = marks.occupied(chart, transforms: transforms)
        for (index, s) in chart.series.enumerated() where s.visible {
            let reach = reaches[index], cover: PointCover
            switch reach.cover {
            case .disc:
                // A pie covers the disc centred in the plot, with its labels' room: points every few pixels across it.
                points += discSamples(in: plot)
                continue
            case .plot:
                // A density is an image that may fill any of the plot, wherever its points (or, before a database
                // has counted them, its extent) lie: it covers the whole plot, so no inside legend hides counts and
                // counting does not move the legend.
                points += gridSamples(in: plot)
                continue
            case let .points(traits):
                cover = traits
            }
            let transform = s.axis == .y2 ? transforms.y2 : transforms.y
            // A mark that says what it covers (a box, its whiskers and outliers) is sampled over that, in its slot.
            if let covered = occupied[index] {
                // Only the part inside the plot (a zoomed view may put a box millions of pixels tall around it).
                points += covered.compactMap { $0.intersection(plot) }.flatMap(gridSamples(in:))
                continue
            }
            // Points are placed in scale space, where a bar's height is divided.
            let mapping = PixelMapping(transform.scaleSpace)
            @discardableResult
            func add(_ u: Double, _ w: Double) -> SIMD2<Float>? {
                guard let p = mapping.point(u, w) else { return nil }
                points.append(SIMD2(p.x, p.y))
                return points.last
            }
            let (xs, ys) = decimated[index].map { ($0.x, $0.y) } ?? (s.x, s.y)
            let count = min(xs.count, ys.count)
            // M4 points are every column's extremes: all of them count.
            let stride = decimated[index] != nil ? 1 : max(1, (count + maximumSamples - 1) / maximumSamples)
            var previous: SIMD2<Float>?
            let errorBarEnds = decimated[index] == nil ? marks.errorBarEnds(s) : nil
            let verticalBars = cover.contains(.verticalBars), horizontalBars = cover.contains(.horizontalBars)
            // An area is filled down to its baseline (a stacked one's from the layer below, sampled from 0 all the same).
            let filled = cover.contains(.fill)
            let segments = cover.contains(.segments), labelled = reach.labelled
            // A bar covers its width too: its whole group's slot (where in the slot it stands is the group's affair),
            // sampled at most every 12 pixels across.
            let slot = verticalBars || horizontalBars ? marks.barSlotWidth(s, in: chart) : 0
            let across = verticalBars ? abs(slot * transform.scaleX) : horizontalBars ? abs(slot * transform.scaleY) : 0
            let columns = across.isFinite ? Int(min((across / 12).rounded(.up), 8)) : 0
            let offsets = verticalBars || horizontalBars ? (0...columns).map { columns == 0 ? 0 : slot * (Double($0) / Double(columns) - 0.5) } : [0]
            let perSegment = Float(min(maximumSegmentSamples, maximumLineSamples / max(1, count / stride)))
            for i in Swift.stride(from: 0, to: count, by: stride) {
                guard let (u, w) = transform.forward(xs[i], ys[i]) else { previous = nil; continue }
                let point = add(u, w)
                // A bar covers its length from its base: points every 12 pixels or so along it, not just its end.
                if verticalBars || horizontalBars || filled {
                    let along = horizontalBars ? abs(u * transform.scaleX) : abs(w * transform.scaleY)
                    let steps = along.isFinite ? max(4, min(Int(min(along / 12, 64)), 20_000 / max(1, count))) : 4
                    for offset in offsets {
                        for k in 0...steps {
                            let f = Double(k) / Double(steps)
                            if horizontalBars { add(u * f, w + offset) } else { add(u + offset, w * f) }
                        }
                    }
                }
                // Error bars reach past the point (across a bar's slot, where the group puts them), and a value label
                // stands past their end.
                if let ends = errorBarEnds?(i) {
                    if let (lo, hi) = ends.y, let (_, top) = transform.forward(s.x[i], hi) {
                        let bottom = transform.forward(s.x[i], lo)?.y
                        for offset in offsets {
                            let end = add(u + (verticalBars ? offset : 0), top)
                            if let bottom { add(u + (verticalBars ? offset : 0), bottom) }
                            if labelled, let end { points.append(SIMD2(end.x, end.y - Float(labelLift))) }
                        }
                    }
                    if let (lo, hi) = ends.x {
                        for v in [lo, hi] { if let (left, _) = transform.forward(v, s.y[i]) { add(left, w) } }
                    }
                }
                // A line covers its segments; a point sampled every few pixels along each.
                if segments, let a = previous, let b = point {
                    let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
                    let steps = length.isFinite ? Int(min(perSegment, (length / segmentStep).rounded(.up))) : 0
                    for k in Swift.stride(from: 1, to: steps, by: 1) { points.append(a + d * Float(k) / Float(steps)) }
                }
                previous = point
                // A value label sits above its point (beyond a horizontal bar's end).
                if labelled, let p = point {
                    points.append(reach.horizontalBars ? SIMD2(p.x + Float(labelLift), p.y) : SIMD2(p.x, p.y - Float(labelLift)))
                }
            }
        }
        return points
    }

    /// Points `segmentStep` apart on a grid over the disc inscribed in `plot` (where a pie and its labels lie).
    static func discSamples(in plot: Rect) -> [SIMD2<Float>] {
        let c = plot.center, r = min(plot.width, plot.height) / 2, step = Double(segmentStep)
        guard r.isFinite, r > 0 else { return [] }
        var points: [SIMD2<Float>] = []
        for y in Swift.stride(from: c.y - r, through: c.y + r, by: step) {
            let half = (r * r - (y - c.y) * (y - c.y)).squareRoot()
            for x in Swift.stride(from: c.x - half, through: c.x + half, by: step) { points.append(SIMD2(Float(x), Float(y))) }
        }
        return points
    }

    /// Points `segmentStep` apart on a grid over `box`, its edges included.
    static func gridSamples(in box: Rect) -> [SIMD2<Float>] {
        let step = Double(segmentStep)
        guard box.width.isFinite, box.height.isFinite, box.width >= 0, box.height >= 0 else { return [] }
        var points: [SIMD2<Float>] = []
        for y in Swift.stride(from: box.y, through: box.maxY, by: step) + [box.maxY] {
            for x in Swift.stride(from: box.x, through: box.maxX, by: step) + [box.maxX] { points.append(SIMD2(Float(x), Float(y))) }
        }
        return points
    }

    /// The first position, from `start` then in `order`, whose frame (nil where the legend does not fit), grown by
    /// `reach`, holds no sample; nil when every one covers some.
    static func free(_ frame: (LegendPosition) -> Rect?, from start: LegendPosition, samples: SampleGrid,
                     reach: Double) -> LegendPosition? {
        ([start] + order.filter { $0 != start }).first { position in
            frame(position).map { samples.count(in: $0.insetBy(-reach)) == 0 } ?? false
        }
    }

    /// The position in `order` whose frame (`frame`, nil where the legend does not fit), grown by `reach` (the
    /// largest dot radius, so that a dot whose centre is just outside still counts), holds the fewest samples.
    static func pick(_ frame: (LegendPosition) -> Rect?, samples: SampleGrid, reach: Double) -> LegendPosition? {
        var best: (position: LegendPosition, count: Int)?
        for position in order {
            guard let r = frame(position) else { continue }
            let count = samples.count(in: r.insetBy(-reach))
            if best == nil || count < best!.count { best = (position, count) }
            if count == 0 { break }
        }
        return best?.position
    }
}

/// Samples binned in square cells over an area (counting sort), so that those in a rectangle are counted from the
/// cells it covers: whole cells inside it add their counts, cells on its edge test their samples. Samples outside
/// the area are dropped: every rectangle asked about lies within it.
struct SampleGrid {
    /// Cell side in pixels.
    static let cell: Float = 16

    private let x0: Float, y0: Float, columns: Int, rows: Int
    /// Where each cell's samples start in `points`; one more entry than cells.
    private let starts: [Int]
    private let points: [SIMD2<Float>]

    /// `samples` within `area`.
    init(_ samples: [SIMD2<Float>], area: Rect) {
        let c = SampleGrid.cell
        (x0, y0) = (Float(area.x), Float(area.y))
        columns = max(1, Int(saturating: (area.width / Double(c)).rounded(.up)))
        rows = max(1, Int(saturating: (area.height / Double(c)).rounded(.up)))
        let (columns, rows, x0, y0) = (columns, rows, x0, y0)
        func index(_ p: SIMD2<Float>) -> Int? {
            let cx = ((p.x - x0) / c).rounded(.down), cy = ((p.y - y0) / c).rounded(.down)
            guard cx >= 0, cy >= 0, cx < Float(columns), cy < Float(rows) else { return nil }
            return Int(cy) * columns + Int(cx)
        }
        var counts = [Int](repeating: 0, count: columns * rows + 1)
        for p in samples { if let k = index(p) { counts[k + 1] += 1 } }
        for k in 1..<counts.count { counts[k] += counts[k - 1] }
        var next = counts, sorted = [SIMD2<Float>](repeating: .zero, count: counts[columns * rows])
        for p in samples {
            guard let k = index(p) else { continue }
            sorted[next[k]] = p
            next[k] += 1
        }
        (starts, points) = (counts, sorted)
    }

    /// How many samples lie in `r` (edges included).
    func count(in r: Rect) -> Int {
        let c = SampleGrid.cell
        let (left, right, top, bottom) = (Float(r.x), Float(r.maxX), Float(r.y), Float(r.maxY))
        let cx0 = max(0, Int(saturating: Double(((left - x0) / c).rounded(.down))))
        let cx1 = min(columns - 1, Int(saturating: Double(((right - x0) / c).rounded(.down))))
        let cy0 = max(0, Int(saturating: Double(((top - y0) / c).rounded(.down))))
        let cy1 = min(rows - 1, Int(saturating: Double(((bottom - y0) / c).rounded(.down))))
        guard cx0 <= cx1, cy0 <= cy1 else { return 0 }
        var count = 0
        for cy in cy0...cy1 {
            for cx in cx0...cx1 {
                let k = cy * columns + cx
                let (a, b) = (starts[k], starts[k + 1])
                guard a < b else { continue }
                let cellLeft = x0 + Float(cx) * c, cellTop = y0 + Float(cy) * c
                if cellLeft >= left, cellLeft + c <= right, cellTop >= top, cellTop + c <= bottom {
                    count += b - a
                } else {
                    for p in points[a..<b] where p.x >= left && p.x <= right && p.y >= top && p.y <= bottom { count += 1 }
                }
            }
        }
        return count
    }
}
