/// Picks the inside legend position that covers the fewest data points (`LegendPosition.best`), and the first
/// that covers none (for a legend that is not pinned), at a bounded cost: long decimated lines count their M4
/// points (about 4 per pixel sub-column), every other series at most `maximumSamples` evenly spaced points, lines
/// points along their segments too, bars a few points up their length, and labelled series a point where each
/// value label sits.
enum BestPosition {
    /// The positions tried, in the order ties are won (matplotlib's order).
    static let order: [LegendPosition] = [.topRight, .topLeft, .bottomLeft, .bottomRight, .right, .left, .bottom, .top, .center]
    /// The most points one series contributes when it has no M4 result.
    static let maximumSamples = 65_536

    /// Pixels between the points sampled along a line's segment.
    static let segmentStep: Float = 6
    /// The most points sampled along one segment, and along all of one series' segments.
    static let maximumSegmentSamples = 64, maximumLineSamples = 262_144

    /// The pixel positions of `chart`'s data, as the left and right axes' `transforms` place them; `labelLift` is
    /// how far above its point a value label's middle sits, in device pixels.
    static func samples(_ chart: Chart, transforms: (y: DataTransform, y2: DataTransform),
                        decimated: [Int: M4Decimation.Result], labelLift: Double) -> [SIMD2<Float>] {
        var points: [SIMD2<Float>] = []
        for (index, s) in chart.series.enumerated() where s.visible {
            let transform = s.axis == .y2 ? transforms.y2 : transforms.y
            // Points are placed in scale space, where a bar's height is divided.
            let mapping = PixelMapping(transform.scaleSpace)
            @discardableResult
            func add(_ u: Double, _ w: Double) -> SIMD2<Float>? {
                guard let p = mapping.point(u, w) else { return nil }
                points.append(SIMD2(p.x, p.y))
                return points.last
            }
            let labelled = s.labels != nil || s.labelStyle.values
            let (xs, ys) = decimated[index].map { ($0.x, $0.y) } ?? (s.x, s.y)
            let count = min(xs.count, ys.count)
            let stride = max(1, count / maximumSamples)
            var previous: SIMD2<Float>?
            let perSegment = Float(min(maximumSegmentSamples, maximumLineSamples / max(1, count)))
            for i in Swift.stride(from: 0, to: count, by: stride) {
                guard let (u, w) = transform.forward(xs[i], ys[i]) else { previous = nil; continue }
                let point = add(u, w)
                // A bar covers its length: count points along it, not just its end.
                if s.kind == .bars, !s.isHorizontalBars {
                    for k in 1..<4 { add(u, w * Double(k) / 4) }
                } else if s.isHorizontalBars {
                    for k in 1..<4 { add(u * Double(k) / 4, w) }
                }
                // A line covers its segments; a point sampled every few pixels along each.
                if s.kind == .line, stride == 1, let a = previous, let b = point {
                    let d = b - a, length = (d.x * d.x + d.y * d.y).squareRoot()
                    let steps = length.isFinite ? Int(min(perSegment, (length / segmentStep).rounded(.up))) : 0
                    for k in Swift.stride(from: 1, to: steps, by: 1) { points.append(a + d * Float(k) / Float(steps)) }
                }
                previous = point
                // A value label sits above its point (beyond a horizontal bar's end).
                if labelled, let p = point {
                    points.append(s.isHorizontalBars ? SIMD2(p.x + Float(labelLift), p.y) : SIMD2(p.x, p.y - Float(labelLift)))
                }
            }
        }
        return points
    }

    /// The first position, from `start` then in `order`, whose frame (nil where the legend does not fit), grown by
    /// `reach`, holds no sample; nil when every one covers some.
    static func free(_ frame: (LegendPosition) -> Rect?, from start: LegendPosition, samples: [SIMD2<Float>],
                     reach: Double) -> LegendPosition? {
        ([start] + order.filter { $0 != start }).first { position in
            frame(position).map { covered(by: $0, samples: samples, reach: reach) == 0 } ?? false
        }
    }

    /// The position in `order` whose frame (`frame`, nil where the legend does not fit), grown by `reach` (the
    /// largest dot radius, so that a dot whose centre is just outside still counts), holds the fewest samples.
    static func pick(_ frame: (LegendPosition) -> Rect?, samples: [SIMD2<Float>], reach: Double) -> LegendPosition? {
        var best: (position: LegendPosition, count: Int)?
        for position in order {
            guard let r = frame(position) else { continue }
            let count = covered(by: r, samples: samples, reach: reach)
            if best == nil || count < best!.count { best = (position, count) }
            if count == 0 { break }
        }
        return best?.position
    }

    /// How many `samples` lie in `r` grown by `reach`.
    static func covered(by r: Rect, samples: [SIMD2<Float>], reach: Double) -> Int {
        let x0 = Float(r.x - reach), x1 = Float(r.maxX + reach), y0 = Float(r.y - reach), y1 = Float(r.maxY + reach)
        var count = 0
        for p in samples where p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 { count += 1 }
        return count
    }
}
