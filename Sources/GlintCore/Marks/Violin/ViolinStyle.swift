/// How a violin plot is drawn (`"type": "violin"`): its kernel's bandwidth, how far its curves reach past the
/// values, and how wide its violins are. Its colour is the series'.
public struct ViolinStyle: MarkStyle, Equatable {
    /// The Gaussian kernel's width: Scott's rule by default.
    public var bandwidth: KernelBandwidth = .scott
    /// How many bandwidths each curve reaches below the lowest value and above the highest (seaborn's `cut`).
    public var cut = 2.0
    /// The widest violin's width as a share (0…1] of the smallest distance between groups; every violin is drawn
    /// to the same density scale, so each encloses the same area.
    public var width = 0.8
    /// The violins, once the series' values are summarised (before layout, `ViolinKind.prepared`); nil before.
    public var violins: [Violin]? = nil

    /// Scott's bandwidth, cut at 2 bandwidths, 0.8 wide.
    public init() {}

    /// The points along each violin's curve.
    public static let curvePoints = 128
}

/// One violin: the density of a group's values along y, and the box of their quartiles drawn inside it.
public struct Violin: Equatable, Sendable {
    /// The group's quartiles, whiskers and median (`BoxSummary`; its outliers are not drawn).
    public var summary: BoxSummary
    /// The curve's values along y, ascending, and the density at each; empty where the values have no spread.
    public var y: [Double], density: [Double]
}

extension Series {
    /// How the series' violins are drawn (`kind == .violin`).
    public var violin: ViolinStyle {
        get { styles[ViolinStyle.self] }
        set { styles[ViolinStyle.self] = newValue }
    }

    /// A violin plot: per distinct `x` (a category's index on a category axis), the Gaussian kernel density of the
    /// `y` values at it mirrored about x, with their quartiles and median inside.
    public static func violin(name: String = "", x: Column, y: Column, bandwidth: KernelBandwidth = .scott, color: Color? = nil) -> Series {
        var s = Series(kind: .violin, name: name, x: x, y: y, color: color)
        s.violin.bandwidth = bandwidth
        return s
    }
}
