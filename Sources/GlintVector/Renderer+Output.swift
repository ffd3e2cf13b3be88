import Glint

extension Renderer {
    /// `chart` written in `format`: a PNG from the renderer's painter (zlib level `pngLevel`), or an SVG or PDF from
    /// the vector painter, with the same layout. Throws what `render` throws, and `GlintError.usage` for a
    /// `rasterizeAbove` out of range.
    public func output(_ chart: Chart, format: OutputFormat, pngLevel: Int = Image.defaultCompressionLevel,
                       vector: VectorOptions = VectorOptions()) throws -> RenderedOutput {
        try output([chart], format: format, pngLevel: pngLevel, vector: vector)
    }

    /// `charts` written in `format`, one page each: a PDF holds any number (each page its chart's size); PNG and
    /// SVG hold one, and several are `GlintError.usage`. The whole file is made in memory, so an invalid chart
    /// anywhere throws before anything is written.
    public func output(_ charts: [Chart], format: OutputFormat, pngLevel: Int = Image.defaultCompressionLevel,
                       vector: VectorOptions = VectorOptions()) throws -> RenderedOutput {
        guard let first = charts.first else { throw GlintError.usage("nothing to write: no chart was given") }
        guard charts.count == 1 || format.holdsSeveralCharts else {
            throw GlintError.usage("a \(format.rawValue.uppercased()) holds one chart; write \(charts.count) charts to a PDF (a page each)")
        }
        guard (0...9).contains(pngLevel) else { throw GlintError.usage("the PNG level must be 0 to 9, found \(pngLevel)") }
        guard (0...VectorOptions.maxRasterizeAbove).contains(vector.rasterizeAbove) else {
            throw GlintError.usage("the rasterize limit must be 0 to \(VectorOptions.maxRasterizeAbove) dots, found \(vector.rasterizeAbove)")
        }
        if format == .png {
            let image = try render(first)
            return RenderedOutput(format: .png, bytes: try image.pngData(compressionLevel: pngLevel), pages: 1, width: image.width,
                                  height: image.height, painter: image.backend?.rawValue ?? "-", notices: image.notices,
                                  information: image.information)
        }
        var document = try CairoDocument(format: format)
        let painter = VectorPainter(options: vector, threads: threads)
        var notices: [String] = [], information: [String] = [], size = (width: 0, height: 0)
        for (page, chart) in charts.enumerated() {
            let (drawn, said) = try withScene(chart) { scene, text -> (notices: [String], information: [String]) in
                var phases = PaintPhases()
                try painter.paint(scene, text: text, into: &document, phases: &phases)
                if page == 0 { size = (scene.width, scene.height) }
                return (painter.notices, scene.information)
            }
            let prefix = charts.count > 1 ? "page \(page + 1): " : ""
            notices += (said + drawn.notices).map { prefix + $0 }
            information += drawn.information.map { prefix + $0 }
        }
        document.setTitle(first.title ?? "")
        return RenderedOutput(format: format, bytes: try document.finish(), pages: document.pages, width: size.width,
                              height: size.height, painter: "vector", notices: notices, information: information)
    }
}
