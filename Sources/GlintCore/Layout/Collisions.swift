/// What a reviewer rejects in a picture, found from its scene as drawn (`glint layout` lists them, `--check` exits 1
/// when there are any): text over text, text struck through by a mark (a bar's or error bar's edge, a dot), a
/// legend over the data, text leaving the image.
public struct Collision: Sendable, Equatable {
    /// What collides with what.
    public enum Kind: String, Sendable {
        /// Two text runs overlap.
        case textText = "text/text"
        /// A text run crosses a series' mark: overlaps a bar, an error bar's whisker or cap, or a dot without lying
        /// wholly inside it (a value label inside its bar is placed there on purpose).
        case textMark = "text/mark"
        /// A legend's box covers a series' mark: a bar, a dot, a line's point.
        case legendData = "legend/data"
        /// A text run reaches past the image's edge.
        case textEdge = "text/edge"
    }

    /// Its kind.
    public let kind: Kind
    /// The texts (as drawn) or legend ids involved, in order.
    public let subjects: [String]
    /// Where: the overlap; for a dot, its disc's square; for text past the edge, the text's box.
    public let box: Rect
}

/// Finds the collisions of a scene. Overlaps of half a pixel or less are touching, not colliding; at most
/// `limit` are listed.
enum Collisions {
    /// Collisions listed per report.
    static let limit = 1_000

    /// The collisions among `texts` and `legends` (boxes, by id) and `marks`, in an image of `size`.
    static func find(marks: SceneMarks, texts: [LayoutReport.PlacedText], legends: [(id: String, box: Rect)],
                     size: (width: Int, height: Int)) -> [Collision] {
        var found: [Collision] = []
        func add(_ kind: Collision.Kind, _ subjects: [String], _ box: Rect) {
            if found.count < limit { found.append(Collision(kind: kind, subjects: subjects, box: box)) }
        }
        var full: Bool { found.count >= limit }
        let image = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        for t in texts where !image.insetBy(-0.5).contains(t.box) { add(.textEdge, [t.text], t.box) }
        // Text over text: a sweep over the boxes sorted by their left edges.
        let order = texts.indices.sorted { texts[$0].box.x < texts[$1].box.x }
        for (k, i) in order.enumerated() where !full {
            for j in order[(k + 1)...] {
                guard texts[j].box.x < texts[i].box.maxX - 0.5 else { break }
                if let overlap = overlap(texts[i].box, texts[j].box), turnedOverlap(texts[i].corners, texts[j].corners) {
                    add(.textText, [texts[i].text, texts[j].text], overlap)
                }
            }
        }
        // Marks: series rectangles, dots as their discs' squares (tested as discs), lines as points (legends) and
        // the pieces between them (level text: a line through a label strikes it out).
        let (rects, discs, points) = (marks.rects.map(\.box), marks.discs.map { (centre: $0.centre, radius: $0.radius) }, marks.points.map(\.point))
        let discBoxes = discs.map { SceneMarks.square($0.centre, $0.radius) }
        let (rectGrid, discGrid) = (Grid(rects, within: image), Grid(discBoxes, within: image))
        let legendRoles: Set<TextRole.Kind> = [.legendEntry, .legendTitle, .colorBarLabel]
        for t in texts where !legendRoles.contains(t.role.kind) && !full {
            if let r = rectGrid.near(t.box).lazy.map({ rects[$0] }).first(where: { overlap($0, t.box) != nil && !$0.insetBy(-0.5).contains(t.box) }) {
                add(.textMark, [t.text], overlap(r, t.box)!)
            } else if let d = discGrid.near(t.box).first(where: { crosses(discs[$0], t.box) }) {
                add(.textMark, [t.text], discBoxes[d])
            } else if t.rotation == .none, marks.lines.crosses(t.box) {
                add(.textMark, [t.text], t.box)
            }
        }
        for legend in legends {
            let box = legend.box
            if let r = rectGrid.near(box).lazy.map({ rects[$0] }).first(where: { overlap($0, box) != nil }) {
                add(.legendData, [legend.id], overlap(r, box)!)
            } else if let d = discGrid.near(box).first(where: { crosses(discs[$0], box) }) {
                add(.legendData, [legend.id], discBoxes[d])
            } else if let p = points.first(where: { box.insetBy(0.5).contains($0) }) {
                add(.legendData, [legend.id], Rect(x: p.x, y: p.y, width: 0, height: 0))
            }
        }
        return found
    }

    /// Boxes binned in 32-pixel cells of `bounds` (the image, a pixel around it), so that a text is tested
    /// against the marks near it only; what lies outside the bounds is neither binned nor found.
    struct Grid {
        private var cells: [SIMD2<Int32>: [Int]] = [:]
        private let bounds: Rect

        init(_ boxes: [Rect], within image: Rect) {
            bounds = image.insetBy(-1)
            for (index, box) in boxes.enumerated() {
                for key in keys(box) { cells[key, default: []].append(index) }
            }
        }

        /// The indices of the boxes in the cells `box` touches, each once.
        func near(_ box: Rect) -> [Int] {
            var seen = Set<Int>()
            return keys(box).flatMap { cells[$0] ?? [] }.filter { seen.insert($0).inserted }
        }

        /// The cells of `box` within the bounds (at most the image's cells, however large the box).
        private func keys(_ box: Rect) -> [SIMD2<Int32>] {
            let left = max(box.x, bounds.x), right = min(box.maxX, bounds.maxX), top = max(box.y, bounds.y), bottom = min(box.maxY, bounds.maxY)
            guard left <= right, top <= bottom else { return [] }
            func cell(_ v: Double) -> Int32 { Int32((v / 32).rounded(.down)) }
            let (x0, x1, y0, y1) = (cell(left), cell(right), cell(top), cell(bottom))
            return (y0...y1).flatMap { y in (x0...x1).map { SIMD2(x: $0, y: y) } }
        }
    }

    /// The overlap of `a` and `b` when it is more than half a pixel both ways; nil otherwise.
    static func overlap(_ a: Rect, _ b: Rect) -> Rect? {
        guard let both = a.intersection(b), both.width > 0.5, both.height > 0.5 else { return nil }
        return both
    }

    /// Whether two boxes given by their corners (turned rectangles) overlap by more than half a pixel across each
    /// of their edges' directions (separating axes); true when either has no corners.
    static func turnedOverlap(_ a: [Point], _ b: [Point]) -> Bool {
        guard a.count == 4, b.count == 4 else { return true }
        for corners in [a, b] {
            for k in 0..<2 {
                let (p, q) = (corners[k], corners[k + 1])
                let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                guard length > 0 else { continue }
                let axis = Point((q.x - p.x) / length, (q.y - p.y) / length)
                func extent(_ points: [Point]) -> (Double, Double) {
                    let d = points.map { $0.x * axis.x + $0.y * axis.y }
                    return (d.min()!, d.max()!)
                }
                let (a0, a1) = extent(a), (b0, b1) = extent(b)
                if min(a1, b1) - max(a0, b0) <= 0.5 { return false }
            }
        }
        return true
    }

    /// Whether the disc reaches more than half a pixel into `box`.
    static func crosses(_ disc: (centre: Point, radius: Double), _ box: Rect) -> Bool {
        let dx = max(box.x - disc.centre.x, 0, disc.centre.x - box.maxX), dy = max(box.y - disc.centre.y, 0, disc.centre.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot() < disc.radius - 0.5
    }
}
