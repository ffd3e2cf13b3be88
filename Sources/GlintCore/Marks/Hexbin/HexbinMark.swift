/// Hexbins (`"type": "hexbin"`): each drawn hexagon of the grid, pointy-topped as matplotlib draws them, filled in
/// its value's colour through the series' scale — the scale a colour bar naming the series draws. Neighbours
/// overlap by half a device pixel so that no background shows along their shared edges.
enum HexbinMark: Mark {
    static func draws(_ series: Series) -> Bool { series.kind == .hexbin }

    /// The hexagons' extent: half a step beyond the outer centres across, a third of a step up and down.
    static func fit(_ s: Series, extent: DataExtent, in chart: Chart) -> MarkFit {
        guard let grid = s.hexbin.binned?.grid else { return MarkFit(x: extent.x, y: extent.y) }
        let (w, h) = (grid.stepX / 2, grid.stepY / 3)
        return MarkFit(x: SafeSpan.finite(extent.x.lowerBound - w)...SafeSpan.finite(extent.x.upperBound + w),
                       y: SafeSpan.finite(extent.y.lowerBound - h)...SafeSpan.finite(extent.y.upperBound + h))
    }

    /// A hexagon in the scale's middle colour.
    static func legendSample(_ s: Series, color: Color, in rect: Rect, type: Typography) -> [SceneCommand] {
        let scale = s.pointColors.map { $0.scale.resolved(for: $0.values) } ?? s.hexbin.scale
        let r = rect.height * 0.45
        return [SceneCommand(.paths([PathShape(outlines: [outline(rect.center, halfWidth: r * 0.866, halfHeight: r)], color: scale.sampleColor)]))]
    }

    /// Where grid cell `cell` lies among the drawn hexagons' (ascending) cells; nil where it is not drawn.
    static func drawn(_ cell: Int, among cells: [Int]) -> Int? {
        var (low, high) = (0, cells.count)
        while low < high {
            let mid = (low + high) / 2
            if cells[mid] < cell { low = mid + 1 } else { high = mid }
        }
        return low < cells.count && cells[low] == cell ? low : nil
    }

    static func emit(_ points: MarkPoints, _ context: MarkContext) -> [SceneCommand] {
        let s = context.series, t = context.layout.transform(for: s)
        guard let grid = s.hexbin.binned?.grid, let colors = s.pointColors, !colors.values.isEmpty, t.isLinear else { return [] }
        let scale = colors.scale.resolved(for: colors.values)
        // A hexagon's half width and half height in pixels, each grown by half a pixel to overlap its neighbours.
        let origin = t.apply(0, 0), corner = t.apply(grid.stepX / 2, grid.stepY / 3)
        let (halfWidth, halfHeight) = (abs(corner.x - origin.x) + 0.5, abs(corner.y - origin.y) + 0.5)
        guard halfWidth.isFinite, halfHeight.isFinite else { return [] }
        // A path per hexagon: each one's mask is its own few pixels.
        var paths: [PathShape] = []
        for i in 0..<min(s.x.count, colors.values.count) {
            let value = colors.values[i]
            guard let color = scale.color(for: value) else { continue }
            let centre = t.apply(s.x[i], s.y[i])
            guard centre.x.isFinite, centre.y.isFinite else { continue }
            paths.append(PathShape(outlines: [outline(centre, halfWidth: halfWidth, halfHeight: halfHeight)], color: color))
        }
        return paths.isEmpty ? [] : [SceneCommand(.paths(paths), clip: context.layout.plotClip)]
    }

    /// A pointy-topped hexagon about `c` (matplotlib's: its sides at ±`halfWidth`, its tips at ±`halfHeight`).
    static func outline(_ c: Point, halfWidth w: Double, halfHeight h: Double) -> [Point] {
        [Point(c.x + w, c.y + h / 2), Point(c.x + w, c.y - h / 2), Point(c.x, c.y - h), Point(c.x - w, c.y - h / 2),
         Point(c.x - w, c.y + h / 2), Point(c.x, c.y + h)]
    }
}
