/// Picks the inside legend position that covers the fewest data points (`LegendPosition.best`), at a bounded
/// cost: long decimated lines count their M4 points (about 4 per pixel sub-column), every other series at most
/// `maximumSamples` evenly spaced points, bars a few points up their height.
enum BestPosition {
    /// The positions tried, in the order ties are won (matplotlib's order).
    static let order: [LegendPosition] = [.topRight, .topLeft, .bottomLeft, .bottomRight, .right, .left, .bottom, .top, .center]
    /// The most points one series contributes when it has no M4 result.
    static let maximumSamples = 65_536

    /// The pixel positions of `chart`'s data, as the left and right axes' `transforms` place them.
    static func samples(_ chart: Chart, transforms: (y: DataTransform, y2: DataTransform),
                        decimated: [Int: M4Decimation.Result]) -> [SIMD2<Float>] {
        var points: [SIMD2<Float>] = []
        for (index, s) in chart.series.enumerated() where s.visible {
            let transform = s.axis == .y2 ? transforms.y2 : transforms.y
            // Points are placed in scale space, where a bar's height is divided.
            let mapping = PixelMapping(transform.scaleSpace)
            func add(_ u: Double, _ w: Double) {
                guard let p = mapping.point(u, w) else { return }
                points.append(SIMD2(p.x, p.y))
            }
            let (xs, ys) = decimated[index].map { ($0.x, $0.y) } ?? (s.x, s.y)
            let count = min(xs.count, ys.count)
            let stride = max(1, count / maximumSamples)
            for i in Swift.stride(from: 0, to: count, by: stride) {
                guard let (u, w) = transform.forward(xs[i], ys[i]) else { continue }
                add(u, w)
                // A bar covers its height: count points up it, not just its top.
                if s.kind == .bars, !s.isHorizontalBars {
                    for k in 1..<4 { add(u, w * Double(k) / 4) }
                } else if s.isHorizontalBars {
                    for k in 1..<4 { add(u * Double(k) / 4, w) }
                }
            }
        }
        return points
    }

    /// The position in `order` whose frame (`frame`, nil where the legend does not fit), grown by `reach` (the
    /// largest dot radius, so that a dot whose centre is just outside still counts), holds the fewest samples.
    static func pick(_ frame: (LegendPosition) -> Rect?, samples: [SIMD2<Float>], reach: Double) -> LegendPosition? {
        var best: (position: LegendPosition, count: Int)?
        for position in order {
            guard let r = frame(position) else { continue }
            let x0 = Float(r.x - reach), x1 = Float(r.maxX + reach), y0 = Float(r.y - reach), y1 = Float(r.maxY + reach)
            var count = 0
            for p in samples where p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1 { count += 1 }
            if best == nil || count < best!.count { best = (position, count) }
            if count == 0 { break }
        }
        return best?.position
    }
}
