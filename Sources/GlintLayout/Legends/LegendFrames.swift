/// Where a chart's legends go. Outside legends are measured before the plot: each side's legends stack in a strip
/// of the image the rest of the layout gives up. Inside legends are measured in the plot and stack at their
/// position, one below the other, without overlapping; one that no longer fits is left out with a notice.
package struct LegendFrames {
    /// A measured legend and where it is drawn.
    package struct Placed {
        /// The legend's options.
        package let legend: Legend
        /// Its index in `Chart.allLegends`.
        package let index: Int
        /// Its measured content.
        package let block: LegendBlock
        /// Where its box goes; nil when it is left out.
        package let frame: Rect?
        /// Why it is left out, for the notices.
        package let notice: String?
    }

    /// Space between legends stacked at one position, in logical pixels.
    static let gap = 6.0

    /// The side of the plot an outside legend at `position` sits on; nil for `center`, which has none.
    static func side(_ position: LegendPosition) -> ChartLayout.Side? {
        switch position {
        case .topLeft, .left, .bottomLeft: return .left
        case .topRight, .right, .bottomRight: return .right
        case .top: return .top
        case .bottom: return .bottom
        case .center, .best: return nil
        }
    }

    /// The most an outside legend may take of the chart's frame (the image, or a panel's share of it): half its
    /// width beside the plot (all of it beside a chart without axes, a pie, which needs only the square its height
    /// allows), 40 % of its height above or below, less the legend's margins.
    static func outsideRoom(_ side: ChartLayout.Side, legend: Legend, frame: Rect, axes: Bool, type: Typography)
        -> (width: Double, height: Double) {
        let m = legend.margins.scaled(by: type.scale)
        switch side {
        case .left, .right: return ((axes ? frame.width / 2 : frame.width) - m.left - m.right, frame.height - m.top - m.bottom)
        case .top, .bottom: return (frame.width - m.left - m.right, frame.height * 0.4 - m.top - m.bottom)
        }
    }

    /// The outside legends of a chart, measured.
    struct Outside {
        /// Each visible outside legend's side and content, by index in `Chart.allLegends`.
        var measured: [Int: (side: ChartLayout.Side, block: LegendBlock)] = [:]
        /// How far each side's drawn legends reach into the chart's frame, margins included.
        var strips: [ChartLayout.Side: Double] = [:]
    }

    /// The visible outside legends of `chart`, measured, and the strips they take. Each takes its room from what
    /// the legends before it left of `frame`, less `keep`: the width and height the axes and the plot keep whatever
    /// the legends take, so that no legend squashes the plot below a readable size.
    static func measureOutside(_ chart: Chart, marks: any LayoutMarks, frame: Rect, keep: (width: Double, height: Double),
                               type: Typography, measurer: TextMeasuring) -> Outside {
        var measured: [Int: (side: ChartLayout.Side, block: LegendBlock)] = [:]
        var strips: [ChartLayout.Side: Double] = [:]
        // Legends beside the plot stack along its side: each has what those before it left of the frame's height.
        var stacked: [ChartLayout.Side: Double] = [:]
        let gap = type.px(gap)
        for (index, legend) in chart.allLegends.enumerated() where legend.visible && legend.placement == .outside {
            guard let side = side(legend.position) else { continue }
            let m = legend.margins.scaled(by: type.scale)
            var room = outsideRoom(side, legend: legend, frame: frame, axes: marks.drawsAxes(chart), type: type)
            switch side {
            case .left, .right:
                let opposite = strips[side == .left ? .right : .left] ?? 0
                room.width = min(room.width, frame.width - keep.width - opposite - m.left - m.right)
                room.height -= stacked[side].map { $0 + gap } ?? 0
            case .top, .bottom:
                room.height = min(room.height, frame.height - keep.height - (strips[.top] ?? 0) - (strips[.bottom] ?? 0) - m.top - m.bottom)
            }
            let block = LegendBlock.measure(legend, chart: chart, marks: marks, room: room, flows: side == .top || side == .bottom,
                                            type: type, measurer: measurer)
            measured[index] = (side, block)
            guard block.problem == nil else { continue }
            widen(&strips, side: side, by: block, margins: m)
            stacked[side] = stacked[side].map { $0 + gap + block.height } ?? block.height
        }
        return Outside(measured: measured, strips: strips)
    }

    /// `strips` after a legend `block` with margins `m` on `side`: side by side legends stack along it (the widest
    /// sets the strip), legends above or below add their heights.
    static func widen(_ strips: inout [ChartLayout.Side: Double], side: ChartLayout.Side, by block: LegendBlock, margins m: EdgeInsets) {
        switch side {
        case .left, .right: strips[side] = max(strips[side] ?? 0, block.width + m.left + m.right)
        case .top, .bottom: strips[side, default: 0] += block.height + m.top + m.bottom
        }
    }

    /// Every visible legend of `chart` with its frame, in `allLegends` order, and the indices of the legends that
    /// are not pinned and cover data at every inside position (each placed where it covers the least) or are left
    /// out for want of room (the layout tries its remedies on them, `LegendRemedy`). `transforms` (left and right axis) and `decimated` (M4 results of long lines, by series
    /// index) give the data's pixels, `reaches` (`LayoutMarks.reach`, by series) what their drawing covers;
    /// `labelLift` how far above its point a value label's middle sits. A polar chart's `polar` axes stand for its
    /// data: the disc and its angle labels.
    static func place(_ chart: Chart, marks: any LayoutMarks, reaches: [SeriesReach], outside: Outside, plot: Rect, polar: PolarLayout?,
                      frame chartFrame: Rect, transforms: (y: DataTransform, y2: DataTransform),
                      decimated: [Int: M4Decimation.Result], labelLift: Double,
                      type: Typography, measurer: TextMeasuring) -> (placed: [Placed], misplaced: [Int]) {
        let legends = chart.allLegends
        let gap = type.px(gap)
        var placed: [Placed] = []
        // Outside: stacked along each side in order; beside the plot, at the ends their positions name.
        let (measured, strips) = (outside.measured, outside.strips)
        let bySide = Dictionary(grouping: measured.keys.sorted().filter { measured[$0]!.block.problem == nil }) { measured[$0]!.side }
        for (side, indices) in bySide {
            let blocks = indices.map { measured[$0]!.block }
            let tops = besideTops(blocks.map(\.height), positions: indices.map { legends[$0].position.verticalFraction }, plot: plot,
                                  frame: chartFrame, margins: legends[indices[0]].margins.scaled(by: type.scale), gap: gap)
            var y = side == .top ? chartFrame.y : chartFrame.maxY - (strips[.bottom] ?? 0)
            for (k, (index, block)) in zip(indices, blocks).enumerated() {
                let legend = legends[index], m = legend.margins.scaled(by: type.scale)
                let frame: Rect
                switch side {
                case .left, .right:
                    frame = Rect(x: side == .left ? chartFrame.x + m.left : chartFrame.maxX - m.right - block.width, y: tops[k],
                                 width: block.width, height: block.height)
                case .top, .bottom:
                    let span = block.width <= plot.width ? (plot.x, plot.width) : (chartFrame.x + m.left, chartFrame.width - m.left - m.right)
                    frame = Rect(x: span.0 + legend.position.horizontalFraction * (span.1 - block.width), y: y + m.top,
                                 width: block.width, height: block.height)
                    y += m.top + block.height + m.bottom
                }
                placed.append(Placed(legend: legend, index: index, block: block, frame: frame.pixelAligned, notice: nil))
            }
        }
        var misplaced: [Int] = []
        for (index, (_, block)) in measured where block.problem != nil {
            placed.append(Placed(legend: legends[index], index: index, block: block, frame: nil, notice: notice(block)))
            if !legends[index].pinned, notice(block) != nil { misplaced.append(index) }
        }
        // Inside: measured in the plot, stacked per position in order; `best` takes the position covering the fewest
        // data points, a legend not pinned the first covering none.
        var stacks: [LegendPosition: (top: Double, bottom: Double)] = [:]
        var inside: [Rect] = []
        var samples: SampleGrid?
        // A sample counts within the largest dot's radius or the widest line's half width of a legend's box.
        let halfLine = zip(chart.series, reaches).filter { $0.0.visible && $0.1.cover.tracesSegments }
            .map { $0.1.lineWidth / 2 * chart.scale + 1 }.max() ?? 0
        let reach = max(ChartLayout.largestDotRadius(reaches, scale: chart.scale), halfLine)
        for (index, legend) in legends.enumerated() where legend.visible && measured[index] == nil {
            let m = legend.margins.scaled(by: type.scale)
            guard legend.placement == .inside || side(legend.position) != nil else { continue }
            let room = (width: plot.width - m.left - m.right, height: plot.height - m.top - m.bottom)
            let block = LegendBlock.measure(legend, chart: chart, marks: marks, room: room, flows: false, type: type, measurer: measurer)
            guard block.problem == nil else {
                placed.append(Placed(legend: legend, index: index, block: block, frame: nil, notice: notice(block)))
                if !legend.pinned, notice(block) != nil { misplaced.append(index) }
                continue
            }
            // A place at another position must not cover a legend already inside.
            let stack = { (position: LegendPosition) -> (frame: Rect, used: (top: Double, bottom: Double))? in
                guard let spot = stacked(block, at: position, on: stacks[position] ?? (0, 0), plot: plot, margins: m, gap: gap),
                      !inside.contains(where: { $0.intersects(spot.frame) }) else { return nil }
                return spot
            }
            var position = legend.position, covers: String?
            if position == .best || !legend.pinned {
                // Every box asked about lies in the plot grown by the reach.
                let points = samples ?? SampleGrid(polar?.samples ?? BestPosition.samples(chart, marks: marks, reaches: reaches, transforms: transforms, plot: plot, decimated: decimated, labelLift: labelLift),
                                                   area: plot.insetBy(-reach - 1))
                samples = points
                if legend.pinned {
                    position = BestPosition.pick({ stack($0)?.frame }, samples: points, reach: reach) ?? .topRight
                } else if let free = BestPosition.free({ stack($0)?.frame }, from: position, samples: points, reach: reach) {
                    position = free
                } else {
                    misplaced.append(index)
                    covers = "legend '\(legend.id)' covers data: no place in the plot is free of it, and outside it would take too much of the plot or lose entries; give it a \"position\" to pin it or \"placement\": \"outside\""
                    position = BestPosition.pick({ stack($0)?.frame }, samples: points, reach: reach) ?? position
                }
            }
            guard let (frame, used) = stack(position) else {
                placed.append(Placed(legend: legend, index: index, block: block, frame: nil,
                                     notice: "legend '\(legend.id)' left out: no room for it at \(position.rawValue) beside the legends there"))
                continue
            }
            stacks[position] = used
            inside.append(frame)
            // Placed, a legend is pinned where it went (one that covers data stays free to move).
            var shown = legend
            if covers == nil { shown.position = position }
            placed.append(Placed(legend: shown, index: index, block: block, frame: frame, notice: covers))
        }
        return (placed.sorted { $0.index < $1.index }, misplaced.sorted())
    }

    /// The tops of legends `heights` tall stacked in order beside the plot, their `positions` vertical fractions
    /// (0 top corner, 0.5 side, 1 bottom corner). When they name more than one and all fit along the plot, each
    /// group stacks at its end: the top corner's down from the plot's top, the bottom corner's up to its bottom, the
    /// side's centred between them. Otherwise one stack, aligned as the first legend's position says, within the
    /// plot's height or, when taller, the `frame`'s less the first legend's margins `m`.
    static func besideTops(_ heights: [Double], positions: [Double], plot: Rect, frame: Rect, margins m: EdgeInsets,
                           gap: Double) -> [Double] {
        func height(_ group: [Int]) -> Double { group.map { heights[$0] }.reduce(0, +) + gap * Double(max(0, group.count - 1)) }
        let total = height(Array(heights.indices))
        var tops = [Double](repeating: 0, count: heights.count)
        func stack(_ group: [Int], from top: Double) {
            var y = top
            for i in group {
                tops[i] = y
                y += heights[i] + gap
            }
        }
        guard Set(positions).count > 1, total <= plot.height else {
            let span = total <= plot.height ? (plot.y, plot.height) : (frame.y + m.top, frame.height - m.top - m.bottom)
            stack(Array(heights.indices), from: span.0 + (positions.first ?? 0) * (span.1 - total))
            return tops
        }
        let group = { (fraction: Double) in positions.indices.filter { positions[$0] == fraction } }
        let (top, side, bottom) = (group(0), group(0.5), group(1))
        stack(top, from: plot.y)
        stack(bottom, from: plot.maxY - height(bottom))
        let lowest = top.isEmpty ? plot.y : plot.y + height(top) + gap
        let highest = plot.maxY - height(bottom) - (bottom.isEmpty ? 0 : gap) - height(side)
        stack(side, from: min(max(plot.y + (plot.height - height(side)) / 2, lowest), highest))
        return tops
    }

    /// Where `block` goes at an inside `position` whose stack already uses `used` (from the top, from the bottom),
    /// and the stack after it; nil when it no longer fits. Stacks grow away from their edge: down from the top, up
    /// from the bottom, down from the middle.
    static func stacked(_ block: LegendBlock, at position: LegendPosition, on used: (top: Double, bottom: Double), plot: Rect,
                        margins m: EdgeInsets, gap: Double) -> (frame: Rect, used: (top: Double, bottom: Double))? {
        let room = (width: plot.width - m.left - m.right, height: plot.height - m.top - m.bottom)
        let offset = used.top + used.bottom > 0 ? gap : 0
        guard block.height <= room.height - used.top - used.bottom - offset else { return nil }
        let x = plot.x + m.left + position.horizontalFraction * (room.width - block.width)
        let y: Double, after: (top: Double, bottom: Double)
        switch position.verticalFraction {
        case 0:
            y = plot.y + m.top + used.top + offset
            after = (used.top + offset + block.height, used.bottom)
        case 1:
            y = plot.maxY - m.bottom - used.bottom - offset - block.height
            after = (used.top, used.bottom + offset + block.height)
        default:
            y = plot.y + m.top + (room.height - block.height) / 2 + used.bottom + offset
            after = (used.top, used.bottom + offset + block.height)
        }
        return (Rect(x: x, y: y, width: block.width, height: block.height).pixelAligned, after)
    }

    /// The notice of a legend left out for want of room; nil for other problems (they are errors).
    static func notice(_ block: LegendBlock) -> String? {
        if case let .doesNotFit(message)? = block.problem, !message.isEmpty { return message }
        return nil
    }
}
