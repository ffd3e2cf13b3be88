import Glint

/// SVG and PDF documents written through cairo by the vector painter: the `DocumentWriter` a program that links
/// GlintVector hands `Renderer.output`.
public struct CairoDocuments: DocumentWriter {
    /// The cairo writer.
    public init() {}

    public func write(_ charts: [Chart], format: OutputFormat, renderer: Renderer, options: VectorOptions) throws -> RenderedOutput {
        var document = try CairoDocument(format: format)
        let painter = VectorPainter(options: options, threads: renderer.threads)
        var notices: [String] = [], information: [String] = [], size = (width: 0, height: 0)
        for (page, chart) in charts.enumerated() {
            let (drawn, said) = try renderer.withScene(chart) { scene, text -> (notices: [String], information: [String]) in
                var phases = PaintPhases()
                try painter.paint(scene, text: text, into: &document, phases: &phases)
                if page == 0 { size = (scene.width, scene.height) }
                return (painter.notices, scene.information)
            }
            let prefix = charts.count > 1 ? "page \(page + 1): " : ""
            notices += (said + drawn.notices).map { prefix + $0 }
            information += drawn.information.map { prefix + $0 }
        }
        document.setTitle(charts.first?.title ?? "")
        return RenderedOutput(format: format, bytes: try document.finish(), pages: document.pages, width: size.width,
                              height: size.height, painter: "vector", notices: notices, information: information)
    }
}

extension Renderer {
    /// `chart` written in `format` (see `output(_:format:pngLevel:vector:documents:)`), SVG and PDF through cairo.
    public func output(_ chart: Chart, format: OutputFormat, pngLevel: Int = Image.defaultCompressionLevel,
                       vector: VectorOptions = VectorOptions()) throws -> RenderedOutput {
        try output([chart], format: format, pngLevel: pngLevel, vector: vector, documents: CairoDocuments())
    }

    /// `charts` written in `format`, one page each (see `output(_:format:pngLevel:vector:documents:)`), SVG and PDF
    /// through cairo.
    public func output(_ charts: [Chart], format: OutputFormat, pngLevel: Int = Image.defaultCompressionLevel,
                       vector: VectorOptions = VectorOptions()) throws -> RenderedOutput {
        try output(charts, format: format, pngLevel: pngLevel, vector: vector, documents: CairoDocuments())
    }
}
