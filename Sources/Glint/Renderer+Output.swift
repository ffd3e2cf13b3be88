import GlintCore

/// What writes charts as a vector document (SVG, PDF): plugged into `Renderer.output` by whoever links one
/// (`CairoDocuments` in GlintVector), so that the renderer chooses formats without linking a vector library, and a
/// program that writes PNG only links none.
public protocol DocumentWriter: Sendable {
    /// `charts` drawn by `renderer`'s layout as one document in `format` (a page each), with `options`. Throws what a
    /// render throws.
    func write(_ charts: [Chart], format: OutputFormat, renderer: Renderer, options: VectorOptions) throws -> RenderedOutput
}

extension Renderer {
    /// `charts` written in `format`, one page each: a PNG from the renderer's painter (zlib level `pngLevel`), or an
    /// SVG or PDF from `documents` with the same layout (`GlintError.usage` without one). A PDF holds any number of
    /// charts (each page its chart's size); PNG and SVG hold one, and several are `GlintError.usage`. The whole file is
    /// made in memory, so an invalid chart anywhere throws before anything is written.
    public func output(_ charts: [Chart], format: OutputFormat, pngLevel: Int = Image.defaultCompressionLevel,
                       vector: VectorOptions = VectorOptions(), documents: (any DocumentWriter)?) throws -> RenderedOutput {
        guard let first = charts.first else { throw GlintError.usage("nothing to write: no chart was given") }
        guard charts.count == 1 || format.holdsSeveralCharts else {
            throw GlintError.usage("a \(format.rawValue.uppercased()) holds one chart; write \(charts.count) charts to a PDF (a page each)")
        }
        guard (0...9).contains(pngLevel) else { throw GlintError.usage("the PNG level must be 0 to 9, found \(pngLevel)") }
        guard (0...VectorOptions.maxRasterizeAbove).contains(vector.rasterizeAbove) else {
            throw GlintError.usage("the rasterize limit must be 0 to \(VectorOptions.maxRasterizeAbove) dots, found \(vector.rasterizeAbove)")
        }
        guard format == .png else {
            guard let documents else { throw GlintError.usage("this program writes PNG only; \(format.rawValue.uppercased()) needs GlintVector") }
            return try documents.write(charts, format: format, renderer: self, options: vector)
        }
        let image = try render(first)
        return RenderedOutput(format: .png, bytes: try image.pngData(compressionLevel: pngLevel), pages: 1, width: image.width,
                              height: image.height, painter: image.backend?.rawValue ?? "-", notices: image.notices,
                              information: image.information)
    }
}
