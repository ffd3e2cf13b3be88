/// Primitive indices sorted into the horizontal bands they touch, so a band visits only its own
/// primitives and paints them in their original order (indices ascend within a band).
struct Bins {
    /// Indices per band.
    let lists: [[Int32]]

    /// Bins `count` primitives; `rows(i)` gives the first and last pixel row primitive i can touch,
    /// or nil when it draws nothing.
    init(count: Int, bandHeight: Int, bands: Int, rows: (Int) -> (Int, Int)?) {
        var lists = [[Int32]](repeating: [], count: bands)
        for i in 0..<count {
            guard let (top, bottom) = rows(i) else { continue }
            let first = max(0, top / bandHeight), last = min(bands - 1, bottom / bandHeight)
            guard first <= last else { continue }
            for band in first...last { lists[band].append(Int32(i)) }
        }
        self.lists = lists
    }
}
