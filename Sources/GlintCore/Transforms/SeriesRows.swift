extension Series {
    /// The series with only the points at `rows`, in that order — x, y, sizes, labels, per-point colour values
    /// (through the scale of all the values, so equal values keep their colour), error bars, bands, candles and a
    /// hexbin's values alike: what `split` and `keeping` make their series from.
    public func gathered(rows: [Int]) -> Series {
        var s = self
        s.x = x.gathered(rows)
        s.y = y.gathered(rows)
        s.size = size?.gathered(rows)
        s.labels = labels.map { labels in rows.map { $0 < labels.count ? labels[$0] : nil } }
        if let colors = pointColors {
            let values = Column(colors.values).gathered(rows).doubles
            s.pointColors = PointColors(values: values, scale: colors.scale.resolved(for: colors.values))
        }
        s.errorBars?.y = errorBars?.y.map { ErrorExtent(minus: $0.minus.gathered(rows), plus: $0.plus.gathered(rows)) }
        s.errorBars?.x = errorBars?.x.map { ErrorExtent(minus: $0.minus.gathered(rows), plus: $0.plus.gathered(rows)) }
        s.band = band.map { BandStyle(lower: $0.lower.gathered(rows), upper: $0.upper.gathered(rows), opacity: $0.opacity) }
        s.hexbin.values = hexbin.values?.gathered(rows)
        if let c = candles {
            s.candles?.open = c.open.gathered(rows)
            s.candles?.high = c.high.gathered(rows)
            s.candles?.low = c.low.gathered(rows)
        }
        return s
    }

    /// The series with only the points `keep` says (one flag per point; points past the flags are dropped).
    public func keeping(_ keep: [Bool]) -> Series {
        gathered(rows: (0..<min(x.count, y.count, keep.count)).filter { keep[$0] })
    }
}

extension Column {
    /// The values at `rows` (NaN for a row past the end), as an array column.
    func gathered(_ rows: [Int]) -> Column { Column(rows.map { $0 < count ? self[$0] : .nan }) }
}
