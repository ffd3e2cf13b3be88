/// The scene shapes a painter draws as they are; every other is lowered, before it paints, to simpler shapes every
/// painter draws (`Scene.lowered(keeping:)`). A new painter declares what it draws natively and gets the rest lowered,
/// as plotters' `DrawingBackend` and Skia's `SkDevice` lower what a backend does not override.
public struct NativeShapes: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Rectangles with a border, or a border alone, drawn as such; else each becomes its fill's and its border's
    /// rectangles (`RectShape.rasterRects`).
    public static let borders = NativeShapes(rawValue: 1)
    /// Grids of cells drawn as images; else each becomes a rectangle per cell (`ImageShape.rasterRects`). A sampled
    /// image (a heatmap's, a density's) is always drawn as an image.
    public static let cellImages = NativeShapes(rawValue: 2)
}
