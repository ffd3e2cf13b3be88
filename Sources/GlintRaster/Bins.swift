/// Primitives sorted into the horizontal bands they touch, so a band visits only its own primitives,
/// in their original order, and reads them sequentially.
struct Bins<Element> {
    /// Primitives per band.
    let lists: [[Element]]

    /// Bins `count` primitives; `item(i)` gives what to store for primitive i and the first and last pixel
    /// row it can touch, or nil when it draws nothing.
    init(count: Int, bandHeight: Int, bands: Int, item: (Int) -> (element: Element, top: Int, bottom: Int)?) {
        var lists = [[Element]](repeating: [], count: bands)
        for i in 0..<count {
            guard let (element, top, bottom) = item(i) else { continue }
            let first = max(0, top / bandHeight), last = min(bands - 1, bottom / bandHeight)
            guard first <= last else { continue }
            for band in first...last { lists[band].append(element) }
        }
        self.lists = lists
    }
}

/// What a band needs of a command besides the command itself.
enum BinnedCommand {
    /// A line's points in pixels, and its segments and joins by point index.
    case line(LineRaster.Points, segments: LineBins, joins: LineBins)
    /// Dots with their pixel centre and radius already computed.
    case dots(Bins<DotRaster.Dot>)
}
