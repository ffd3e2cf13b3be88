import GlintCore

/// Turns the extremes a database returns into the points M4 keeps of the full data.
enum M4Assembly {
    /// How the gaps of a reduced line come back.
    enum Gaps {
        /// There are none.
        case none
        /// Extremes per run between gaps in the buckets holding both, and the gaps' positions there
        /// (`DatabaseSession.gapPositions`).
        case runs([Double])
        /// Extremes per bucket, and every row of the buckets holding a gap, ordered by x.
        case wholeBuckets(DatabaseRows)
    }

    /// The points of `extremes` in x order — each entry's first, lowest and highest (in x order) and last point,
    /// without repeats, only first and last outside the columns — with the gaps put back as rows with a NaN y
    /// (one for a bucket holding only gaps).
    /// The result is then decimated by `buckets` once more, which keeps the entries as they are and reduces whole
    /// buckets to their runs: exactly the points M4 keeps of every row, gaps included.
    static func points(_ extremes: [BucketExtremes], gaps: Gaps, buckets: M4Buckets) -> DatabaseRows {
        var x: [Double] = [], y: [Double] = []
        x.reserveCapacity(extremes.count * 4)
        y.reserveCapacity(extremes.count * 4)
        var nextRow = 0, nextGap = 0
        /// Gap positions (runs mode) before bucket `b`, or before run `run` of it.
        func gapsBefore(bucket b: Int, run: Int) {
            guard case let .runs(positions) = gaps else { return }
            while nextGap < positions.count, buckets.bucket(positions[nextGap]) < b || nextGap < run {
                x.append(positions[nextGap])
                y.append(.nan)
                nextGap += 1
            }
        }
        for e in extremes.sorted(by: { ($0.bucket, $0.run) < ($1.bucket, $1.run) }) {
            gapsBefore(bucket: e.bucket, run: e.run)
            if case let .wholeBuckets(rows) = gaps, e.gaps > 0, e.rows > e.gaps {
                while nextRow < rows.x.count, buckets.bucket(rows.x[nextRow]) <= e.bucket {
                    if buckets.bucket(rows.x[nextRow]) == e.bucket {
                        x.append(rows.x[nextRow])
                        y.append(rows.y[nextRow])
                    }
                    nextRow += 1
                }
                continue
            }
            guard e.rows > e.gaps else {
                // Only gaps in this bucket: one of them stands for all.
                x.append(e.firstGap)
                y.append(.nan)
                continue
            }
            var kept = [e.first]
            if !buckets.isEdge(e.bucket) {
                let (a, b) = e.low.x <= e.high.x ? (e.low, e.high) : (e.high, e.low)
                for p in [a, b] where !kept.contains(p) && p != e.last { kept.append(p) }
            }
            if e.last != e.first { kept.append(e.last) }
            for p in kept {
                x.append(p.x)
                y.append(p.y)
            }
        }
        gapsBefore(bucket: Int.max, run: Int.max)
        // At most four points a bucket: one thread.
        guard let decimated = M4Decimation.decimate(x: Column(x), y: Column(y), buckets: buckets, threads: 1) else {
            return DatabaseRows(x: x, y: y)
        }
        return DatabaseRows(x: decimated.x.doubles, y: decimated.y.doubles)
    }
}
