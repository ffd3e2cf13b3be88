import GlintScales

/// The colours of everything that is not data, and the palette series take their colours from.
public struct Theme: Sendable {
    /// Colour of the whole image behind everything.
    public var background: Color
    /// Colour of the plot area behind the data.
    public var plotBackground: Color
    /// Titles and tick labels.
    public var text: Color
    /// Grid lines.
    public var grid: Color
    /// Axis lines and ticks.
    public var axis: Color
    /// Legend box fill.
    public var legendBackground: Color
    /// Legend box border.
    public var legendBorder: Color
    /// Series colours, used in order and repeated.
    public var palette: [Color]
    /// Font family looked up through fontconfig.
    public var fontFamily: String

    /// A theme from all its colours (start from `Theme.light` or `Theme.dark` and change what differs);
    /// `fontFamily` defaults to `sans-serif`.
    public init(background: Color, plotBackground: Color, text: Color, grid: Color, axis: Color,
                legendBackground: Color, legendBorder: Color, palette: [Color], fontFamily: String = "sans-serif") {
        self.background = background
        self.plotBackground = plotBackground
        self.text = text
        self.grid = grid
        self.axis = axis
        self.legendBackground = legendBackground
        self.legendBorder = legendBorder
        self.palette = palette
        self.fontFamily = fontFamily
    }

    /// Dark text on white; the palette is Tableau 10 (matplotlib's tab10), its orange darkened for contrast on
    /// white.
    public static let light = Theme(
        background: .white, plotBackground: .white, text: Color(rgb: 0x222222),
        grid: Color(rgb: 0xE3E3E3), axis: Color(rgb: 0x555555),
        legendBackground: Color(rgb: 0xFFFFFF, alpha: 0.9), legendBorder: Color(rgb: 0xBBBBBB),
        palette: [Color(rgb: 0x1F77B4), Color(rgb: 0xE8710A), Color(rgb: 0x2CA02C), Color(rgb: 0xD62728),
                  Color(rgb: 0x9467BD), Color(rgb: 0x8C564B), Color(rgb: 0xE377C2), Color(rgb: 0x17BECF),
                  Color(rgb: 0x7F7F7F), Color(rgb: 0xBCBD22)])

    /// Light text on near-black; the palette is the light one's ten hues, brightened for a dark background.
    public static let dark = Theme(
        background: Color(rgb: 0x16181D), plotBackground: Color(rgb: 0x1C1F26), text: Color(rgb: 0xE6E6E6),
        grid: Color(rgb: 0x2E323B), axis: Color(rgb: 0x9AA0AA),
        legendBackground: Color(rgb: 0x22252D, alpha: 0.9), legendBorder: Color(rgb: 0x4A4F5A),
        palette: [Color(rgb: 0x4EA8F5), Color(rgb: 0xFF9F43), Color(rgb: 0x5AD25A), Color(rgb: 0xFF6B6B),
                  Color(rgb: 0xB692F0), Color(rgb: 0xD7A37A), Color(rgb: 0xF49AD6), Color(rgb: 0x2EE6C8),
                  Color(rgb: 0xB4B8C0), Color(rgb: 0xE8E04A)])

    /// The colours of `count` categories drawn side by side (a pie's slices): the palette, and past its end its
    /// colours again as lighter tints (mixed 45 % towards a light plot's background, towards white on a dark one:
    /// Tableau 20's pairs), so up to twice the palette's count are all distinct; only more than that repeat.
    public func categoricalPalette(for count: Int) -> [Color] {
        guard count > palette.count else { return palette }
        return (0..<2 * palette.count).map(paletteColor)
    }

    /// Whether the plot's background is dark (its luma under one half): marks whose default colours run from light
    /// to dark take ones that run the other way.
    public var isDark: Bool {
        let c = plotBackground
        return 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue < 0.5
    }

    /// The most points a line may have to get markers as its second look (see `styled(_:at:)`).
    public static let markerLimit = 500

    /// The palette colour for the series at `index`: the palette in order, then (series 11 to 20 with ten
    /// colours) each of its colours again as a lighter tint (45 % towards a light plot's background, towards white
    /// on a dark one), Tableau 20's pairs; only after twice the palette's count do colours repeat.
    public func paletteColor(_ index: Int) -> Color {
        guard !palette.isEmpty else { return Color(rgb: 0x1F77B4) }
        let k = index % (2 * palette.count)
        // Lighter tints on either background: towards a light plot's colour, towards white on a dark plot (where
        // tints towards the background would sink into it).
        return k < palette.count ? palette[k] : palette[k - palette.count].mixed(with: isDark ? .white : plotBackground, amount: 0.45)
    }
}
