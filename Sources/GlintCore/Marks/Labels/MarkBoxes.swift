/// The boxes of a chart's data marks that text keeps clear of: every bar and histogram bar, and every dot's disc,
/// within the plot.
/// At most `limit` marks are kept, so that a million points cannot stall a render (text may then cover marks
/// past the first `limit`).
enum MarkBoxes {
    /// Marks kept, over all series.
    static let limit = 100_000

    /// The rectangles of marks that say what they cover (boxes, in their `groups` slot), the bars of `chart`'s bar
    /// series (`geometries`, nil for other series) and the dots of its dot-drawing series under `layout`, each half
    /// a pixel in from its edges (text may touch a mark), binned within the plot.
    static func of(_ chart: Chart, layout: ChartLayout, groups: BarGroups, geometries: [BarGeometry?]) -> OccupiedBoxes {
        let plot = layout.plot, scale = layout.typography.scale
        var boxes = OccupiedBoxes(cell: 64, bounds: plot), count = 0
        func add(_ r: Rect) -> Bool {
            guard count < limit else { return false }
            if r.width > 1, r.height > 1, r.intersects(plot) {
                boxes.insert(r.insetBy(0.5))
                count += 1
            }
            return true
        }
        for (index, s) in chart.series.enumerated() where s.visible {
            let n = min(s.x.count, s.y.count)
            let covered = Marks.occupied(s, transform: layout.transform(for: s), slot: groups.slot(index), scale: scale)
            if !covered.isEmpty {
                for r in covered { guard add(r) else { return boxes } }
            } else if let geometry = geometries[index] {
                for i in 0..<n {
                    guard let r = geometry.rect(i) else { continue }
                    guard add(r) else { return boxes }
                }
            } else if s.kind == .histogram {
                for bar in HistogramMark.bars(s, layout: layout) {
                    guard add(bar.rect) else { return boxes }
                }
            } else if s.drawsDots {
                let transform = layout.transform(for: s)
                let dots = DotMark.shape(s, color: .black, transform: transform, scale: scale)
                let (r0, r1) = (dots.radius.lowerBound, dots.radius.upperBound)
                let sizes = dots.size?.doubles
                for i in 0..<n {
                    guard let (u, w) = transform.forward(s.x[i], s.y[i]), let fraction = dots.sizeFraction(i, sizes: sizes) else { continue }
                    let c = transform.apply(u, w), r = r0 + (r1 - r0) * Double(fraction)
                    guard add(Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)) else { return boxes }
                }
            }
        }
        return boxes
    }
}
