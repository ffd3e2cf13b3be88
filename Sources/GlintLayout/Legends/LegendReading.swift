/// What the layout reads of a legend's options: where its position sits along each side, which series it lists,
/// whether it asks to be drawn for a lone series.
extension LegendPosition {
    /// Horizontal placement: 0 left, 0.5 centre, 1 right.
    var horizontalFraction: Double {
        switch self {
        case .topLeft, .left, .bottomLeft: return 0
        case .top, .center, .bottom, .best: return 0.5
        case .topRight, .right, .bottomRight: return 1
        }
    }

    /// Vertical placement: 0 top, 0.5 middle, 1 bottom.
    var verticalFraction: Double {
        switch self {
        case .topLeft, .top, .topRight: return 0
        case .left, .center, .right, .best: return 0.5
        case .bottomLeft, .bottom, .bottomRight: return 1
        }
    }
}

extension LegendSource {
    /// Whether a series is listed.
    func lists(_ s: Series) -> Bool {
        switch self {
        case .all: return true
        case .visible: return s.visible
        case .hidden: return !s.visible
        case .selected: return s.selected
        case .unselected: return !s.selected
        case .none: return false
        }
    }
}

extension Legend {
    /// Whether the legend is drawn when it would list one series: asked for (`showsLoneSeries`), or given check
    /// boxes, a title or items of its own.
    var asksForLoneSeries: Bool { showsLoneSeries || checkboxes || !(title ?? "").isEmpty || !items.isEmpty }
}
