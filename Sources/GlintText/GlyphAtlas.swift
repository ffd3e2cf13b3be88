/// A single-channel (coverage) texture of rasterised glyphs, packed in shelves, at most `width × maxHeight`
/// texels. Both painters sample the same bytes, so text looks the same on each. `TextEngine` empties it between
/// renders when it fills up, never during one.
public struct GlyphAtlas: Sendable {
    /// Width in texels (fixed).
    public let width: Int
    /// Height in texels; doubles when the atlas fills up.
    public private(set) var height: Int
    /// Coverage bytes, row-major, `width × height`.
    public private(set) var pixels: [UInt8]
    /// Increases on every change, so a painter knows to upload again.
    public private(set) var generation = 0

    private var shelfX = 1, shelfY = 1, shelfHeight = 0
    /// The tallest the atlas grows, in texels.
    public let maxHeight = 8192

    /// The share of the largest atlas in use: the shelves filled so far over `width × maxHeight`.
    public var fill: Double { Double(shelfY + shelfHeight) / Double(maxHeight) }

    /// An empty atlas; `generation` continues from `generation` so painters see the change.
    public init(width: Int = 1024, height: Int = 256, generation: Int = 0) {
        self.generation = generation
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height)
    }

    /// Copies a `w × h` coverage bitmap (rows `pitch` bytes apart) into free space; returns its top-left texel,
    /// or nil when the atlas is full.
    mutating func insert(width w: Int, height h: Int, pitch: Int, bytes: UnsafePointer<UInt8>?) -> (x: Int, y: Int)? {
        guard w + 2 <= width else { return nil }
        if shelfX + w + 1 > width {
            shelfY += shelfHeight + 1
            shelfX = 1
            shelfHeight = 0
        }
        while shelfY + h + 1 > height {
            guard height * 2 <= maxHeight else { return nil }
            pixels += [UInt8](repeating: 0, count: width * height)
            height *= 2
        }
        let origin = (x: shelfX, y: shelfY)
        if let bytes {
            for row in 0..<h {
                let src = bytes + row * pitch
                let base = (origin.y + row) * width + origin.x
                for col in 0..<w { pixels[base + col] = src[col] }
            }
        }
        shelfX += w + 1
        shelfHeight = max(shelfHeight, h)
        generation += 1
        return origin
    }
}
