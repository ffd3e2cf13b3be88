/// What a band needs of a command besides the command itself.
enum BinnedCommand {
    /// A line's points in pixels, and its segments and joins by point index.
    case line(LineRaster.Points, segments: LineBins, joins: LineBins)
    /// Dots with their pixel centre and radius already computed.
    case dots(DotBins)
}
