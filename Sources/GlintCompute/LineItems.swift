import GlintRaster
import GlintScales
import GlintScene

/// A line's segments, then its miter or bevel joins, each with its pixel window and what the fine pass needs to
/// cover it: set up as the CPU painter's stroke and join kernels do (`stroke` and `joins` in
/// Sources/CRaster/kernels.h, step for step), whose windows and end modes these are.
struct LineItems: TileItemsByUnit {
    let points: LineRaster.Points
    let limit: PixelRect
    let header: TileCommandHeader
    private let cap: Int32, shared: Int32
    private let needsJoins: Bool

    init(_ points: LineRaster.Points, limit: PixelRect) {
        let line = points.line
        (self.points, self.limit) = (points, limit)
        cap = Int32(StrokeEnd(cap: line.cap).rawValue)
        // A dashed line's corners are round: its segments' discs carry the pattern round the corner.
        shared = Int32((line.dash == nil ? StrokeEnd(join: line.join) : .round).rawValue)
        needsJoins = line.join != .round && line.dash == nil
        var header = TileCommandHeader(kind: .line, width: Float(line.width / 2), color: line.color.premultiplied)
        if !line.antialias { header.flags.insert(.hard) }
        if let dash = line.dash {
            header.flags.insert(.dashed)
            header.dash = dash.lengths
        }
        self.header = header
    }

    private var segments: Int { points.count >= 2 ? points.count - 1 : 0 }
    var units: Int { segments + (needsJoins && segments > 0 ? points.count : 0) }

    func add(unit: Int, to batch: inout TileBatch) {
        if unit < segments { addSegment(unit, to: &batch) } else { addJoin(unit - segments, to: &batch) }
    }

    private func gap(_ i: Int) -> Bool { abs(points.xs[i]) > 1e37 }

    private func addSegment(_ i: Int, to batch: inout TileBatch) {
        let count = points.count
        guard !gap(i), !gap(i + 1) else { return }
        let ax = points.xs[i], ay = points.ys[i], bx = points.xs[i + 1], by = points.ys[i + 1]
        let e0 = i == 0 || gap(i - 1) ? cap : shared
        let e1 = i + 2 >= count || gap(i + 2) ? cap : shared
        let round = Int32(StrokeEnd.round.rawValue)
        let capsule = e0 == round && e1 == round && !header.flags.contains(.dashed) && !header.flags.contains(.hard)
        // A capsule covers nothing of a pixel whose centre is hw + 0.5 or more from it along either axis; other
        // ends keep a pixel's margin.
        let reach = header.width + (capsule ? 0.5 : 1)
        guard let window = PixelWindow(minX: min(ax, bx) - reach, maxX: max(ax, bx) + reach, minY: min(ay, by) - reach,
                                       maxY: max(ay, by) + reach, limit: limit) else { return }
        let dashStart = header.flags.contains(.dashed) ? points.distances[i] : 0
        batch.add(.segment, window, .floats(ax, ay, bx, by),
                  SIMD4(UInt32(bitPattern: e0), UInt32(bitPattern: e1), dashStart.bitPattern, capsule ? 1 : 0))
    }

    private func addJoin(_ i: Int, to batch: inout TileBatch) {
        guard i >= 1, i + 1 < points.count, !gap(i - 1), !gap(i), !gap(i + 1) else { return }
        let px = points.xs[i - 1], py = points.ys[i - 1], cx = points.xs[i], cy = points.ys[i]
        let nx = points.xs[i + 1], ny = points.ys[i + 1]
        let l1 = ((cx - px) * (cx - px) + (cy - py) * (cy - py)).squareRoot()
        let l2 = ((nx - cx) * (nx - cx) + (ny - cy) * (ny - cy)).squareRoot()
        guard l1 > 0 && l2 > 0 else { return }
        let d1 = SIMD2((cx - px) / l1, (cy - py) / l1), d2 = SIMD2((nx - cx) / l2, (ny - cy) / l2)
        let sinHalf = max(0, (1 + d1.x * d2.x + d1.y * d2.y) * 0.5).squareRoot()
        let miterLimit = Float(points.line.miterLimit)
        let bevel = points.line.join == .bevel || sinHalf * miterLimit < 1
        let hw = header.width
        let reach = (bevel ? hw : hw * min(miterLimit, 1 / max(sinHalf, 1e-6))) + 1
        guard let window = PixelWindow(minX: cx - reach, maxX: cx + reach, minY: cy - reach, maxY: cy + reach,
                                       limit: limit) else { return }
        batch.add(.join, window, .floats(cx, cy, d1.x, d1.y), SIMD4(d2.x.bitPattern, d2.y.bitPattern, bevel ? 1 : 0, 0))
    }
}
