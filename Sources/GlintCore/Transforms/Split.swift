/// A long-format table as one series per group (`"split": "symbol"`): the rows of each distinct key, in their
/// order, as a series of their own.
extension Series {
    /// The name of the group of rows whose key is empty (an empty CSV cell, a null).
    public static let blankGroup = "(blank)"

    /// One series per distinct value of `keys` (one key per point), in ascending order of the keys (the blank
    /// group, if any, last): each with the points whose key it is — x, y, sizes, labels, per-point colour values,
    /// error bars and bands alike — named by its key and with no colour of its own, so each takes the next palette colour and its own
    /// legend entry. Keys beyond the points are ignored; points beyond the keys are in the blank group.
    public func split(by keys: [String?]) -> [Series] {
        let count = min(x.count, y.count)
        var groups: [String: [Int]] = [:]
        for i in 0..<count {
            let key = i < keys.count ? keys[i] ?? "" : ""
            groups[key.isEmpty ? Series.blankGroup : key, default: []].append(i)
        }
        let scale = pointColors.map { $0.scale.resolved(for: $0.values) }
        let names = groups.keys.filter { $0 != Series.blankGroup }.sorted() + (groups[Series.blankGroup] == nil ? [] : [Series.blankGroup])
        return names.map { name in
            let rows = groups[name] ?? []
            var s = self
            (s.name, s.color) = (name, nil)
            s.x = x.gathered(rows)
            s.y = y.gathered(rows)
            s.size = size?.gathered(rows)
            s.errorBars?.y = errorBars?.y.map { ErrorExtent(minus: $0.minus.gathered(rows), plus: $0.plus.gathered(rows)) }
            s.errorBars?.x = errorBars?.x.map { ErrorExtent(minus: $0.minus.gathered(rows), plus: $0.plus.gathered(rows)) }
            s.band = band.map { BandStyle(lower: $0.lower.gathered(rows), upper: $0.upper.gathered(rows), opacity: $0.opacity) }
            s.labels = labels.map { labels in rows.map { $0 < labels.count ? labels[$0] : nil } }
            // Every group's colours through the scale of all the values, so equal values look equal across groups.
            if let colors = pointColors {
                s.pointColors = PointColors(values: rows.map { $0 < colors.values.count ? colors.values[$0] : .nan }, scale: scale ?? colors.scale)
            }
            return s
        }
    }
}

extension Column {
    /// The values at `rows` (NaN for a row past the end), as an array column.
    func gathered(_ rows: [Int]) -> Column { Column(rows.map { $0 < count ? self[$0] : .nan }) }
}
