import GlintScales
import GlintScene

/// The anti-aliased coverage of a `PathShape` on the pixel grid: what both raster painters draw for a path (the CPU
/// blends it per pixel, GL samples it as a texture with the glyph program), so their bytes agree.
///
/// Each pixel row is sampled on `subRows` evenly spaced horizontal lines. On each line the outlines' crossings
/// are sorted and walked with the fill rule, which gives the exact spans inside; a span adds its exact overlap with
/// each pixel to the row (a step at either end, the fractions at the end pixels), so vertical edges are exact and
/// other edges are resolved to 1/`subRows` of a pixel vertically. Positions are Double throughout, and a crossing
/// is interpolated so that it cannot overflow, so outlines reaching ±1e308 are cut cleanly at the mask's edge.
public struct PathMask: Sendable {
    /// The pixels the mask covers: the outlines' bounds within the limit it was made for.
    public let rect: PixelRect
    /// Coverage bytes (0 outside … 255 inside), `rect.width × rect.height` of them, top row first.
    public let coverage: [UInt8]

    /// Sample lines per pixel row.
    public static let subRows = 16

    /// An edge of an outline, top end first, with the way it winds (+1 running down, −1 up).
    private struct Edge {
        let top: Double, bottom: Double, topX: Double, bottomX: Double
        let winding: Int

        /// The edge's x on the horizontal line at y (top ≤ y < bottom), interpolated without overflow.
        @inline(__always)
        func x(at y: Double) -> Double {
            let t = (y / 2 - top / 2) / (bottom / 2 - top / 2)
            return topX * (1 - t) + bottomX * t
        }
    }

    /// The mask of `path` within `limit` (the command's clip and the image); nil when it covers no pixel there.
    public init?(_ path: PathShape, within limit: PixelRect) {
        let outlines = path.finiteOutlines
        let points = outlines.joined()
        guard let first = points.first else { return nil }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for p in points {
            (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
        }
        let x0 = max(Int(saturating: minX.rounded(.down)), limit.x), x1 = min(Int(saturating: maxX.rounded(.up)), limit.x + limit.width)
        let y0 = max(Int(saturating: minY.rounded(.down)), limit.y), y1 = min(Int(saturating: maxY.rounded(.up)), limit.y + limit.height)
        guard x0 < x1, y0 < y1 else { return nil }
        rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        coverage = PathMask.sweep(PathMask.edges(outlines), rule: path.fillRule, rect: rect)
    }

    /// Every edge that is not horizontal, sorted by its top.
    private static func edges(_ outlines: [[Point]]) -> [Edge] {
        var edges: [Edge] = []
        for outline in outlines {
            for (i, a) in outline.enumerated() {
                let b = outline[(i + 1) % outline.count]
                guard a.y != b.y else { continue }
                edges.append(a.y < b.y ? Edge(top: a.y, bottom: b.y, topX: a.x, bottomX: b.x, winding: 1)
                                       : Edge(top: b.y, bottom: a.y, topX: b.x, bottomX: a.x, winding: -1))
            }
        }
        return edges.sorted { $0.top < $1.top }
    }

    /// The coverage bytes of `rect`, row by row.
    private static func sweep(_ edges: [Edge], rule: FillRule, rect: PixelRect) -> [UInt8] {
        let width = rect.width, left = Double(rect.x), right = Double(rect.x + rect.width)
        var bytes = [UInt8](repeating: 0, count: width * rect.height)
        // Per row: `steps[k]` adds to every pixel from k on; `ends[k]` to pixel k alone (a span's fractional ends).
        var steps = [Double](repeating: 0, count: width + 1), ends = [Double](repeating: 0, count: width + 1)
        // The edges crossing the sample line with their crossings, kept in order of x: from one line to the next the
        // order barely changes, so each line's sort is nearly linear. (Crossings at the same x make spans of no
        // length, whatever their order.)
        var crossings: [(x: Double, winding: Int, edge: Int)] = [], next = 0
        let samples = Double(subRows)
        for row in 0..<rect.height {
            for sub in 0..<subRows {
                let y = Double(rect.y + row) + (Double(sub) + 0.5) / samples
                crossings.removeAll { edges[$0.edge].bottom <= y }
                for k in crossings.indices { crossings[k].x = edges[crossings[k].edge].x(at: y) }
                while next < edges.count, edges[next].top <= y {
                    if edges[next].bottom > y { crossings.append((edges[next].x(at: y), edges[next].winding, next)) }
                    next += 1
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0, spanStart = 0.0
                for crossing in crossings {
                    let wasInside = rule.encloses(winding)
                    winding += crossing.winding
                    let isInside = rule.encloses(winding)
                    if isInside, !wasInside { spanStart = crossing.x }
                    if wasInside, !isInside {
                        add(min(max(spanStart, left), right) - left, min(max(crossing.x, left), right) - left, &steps, &ends)
                    }
                }
            }
            var running = 0.0
            for k in 0..<width {
                running += steps[k]
                let c = min(max((running + ends[k]) / samples, 0), 1)
                bytes[row * width + k] = UInt8((c * 255).rounded())
            }
            for k in 0...width { (steps[k], ends[k]) = (0, 0) }
        }
        return bytes
    }

    /// Adds the span [a, b) of one sample line (in pixels from the mask's left edge) to the row: its overlap with
    /// pixel k is `[k ≥ ⌊a⌋] − frac(a)·[k = ⌊a⌋] − [k ≥ ⌊b⌋] + frac(b)·[k = ⌊b⌋]`.
    @inline(__always)
    private static func add(_ a: Double, _ b: Double, _ steps: inout [Double], _ ends: inout [Double]) {
        guard b > a else { return }
        let ka = Int(a), kb = Int(b)
        steps[ka] += 1
        ends[ka] -= a - Double(ka)
        steps[kb] -= 1
        ends[kb] += b - Double(kb)
    }
}

extension FillRule {
    /// Whether a winding number is inside.
    @inline(__always)
    func encloses(_ winding: Int) -> Bool {
        self == .nonZero ? winding != 0 : winding & 1 != 0
    }
}
