import CCairo
import Glint

/// A vector document being written: a cairo PDF or SVG surface whose bytes collect in memory. Each `beginPage`
/// starts a page of the size of the chart drawn on it; `finish` ends the document and hands back its bytes.
/// Nothing reaches a file until the whole document is made, so a failure leaves nothing half-written.
public final class CairoDocument {
    /// SVG or PDF.
    public let format: OutputFormat
    /// Pages begun so far.
    public private(set) var pages = 0
    private let sink = ByteSink()
    private var surface: OpaquePointer?
    /// The context of the current page.
    private(set) var context: OpaquePointer?

    /// PDF and SVG units: a document is sized in points (PDF) or CSS pixels (SVG) of its chart's logical size, a CSS
    /// pixel being 0.75 pt (96 per inch).
    static let pointsPerPixel = 0.75

    /// An empty document in `format` (SVG or PDF). Throws `GlintError.usage` for PNG, which is not a vector format.
    public init(format: OutputFormat) throws {
        guard format != .png else { throw GlintError.usage("a vector document is SVG or PDF, not PNG") }
        self.format = format
    }

    deinit {
        if let context { cairo_destroy(context) }
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Starts a page `width × height` device pixels drawn at `scale` device pixels per logical pixel (the chart's
    /// HiDPI factor): the page is the logical size, and the context maps device pixels onto it. An SVG holds one
    /// page; a second throws `GlintError.usage`.
    func beginPage(width: Int, height: Int, scale: Double) throws {
        if format == .svg && pages > 0 { throw GlintError.usage("an SVG holds one chart; write several to a PDF") }
        let unit = format == .pdf ? CairoDocument.pointsPerPixel : 1
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let (w, h) = (Double(width) / scale * unit, Double(height) / scale * unit)
        if let context {
            cairo_show_page(context)
            cairo_destroy(context)
            self.context = nil
        }
        if surface == nil {
            let write: cairo_write_func_t = { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }
            let closure = Unmanaged.passUnretained(sink).toOpaque()
            if format == .pdf {
                surface = cairo_pdf_surface_create_for_stream(write, closure, w, h)
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Glint \(GlintVersion.string)")
            } else {
                surface = cairo_svg_surface_create_for_stream(write, closure, w, h)
                cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            }
            try check(cairo_surface_status(surface), "creating the \(format.rawValue.uppercased()) surface")
        } else {
            cairo_pdf_surface_set_size(surface, w, h)
        }
        context = cairo_create(surface)
        try check(cairo_status(context), "starting a page")
        cairo_scale(context, unit / scale, unit / scale)
        pages += 1
    }

    /// Sets the document's title (PDF metadata; SVG has none that cairo writes).
    func setTitle(_ title: String) {
        guard format == .pdf, let surface, !title.isEmpty else { return }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, CairoText.acceptable(title))
    }

    /// Ends the document and returns its bytes. Throws `GlintError.internalFailure` when cairo failed anywhere
    /// on the way.
    public func finish() throws -> [UInt8] {
        guard let surface else { throw GlintError.usage("a vector document needs at least one chart") }
        if let context {
            try check(cairo_status(context), "drawing")
            cairo_show_page(context)
            cairo_destroy(context)
            self.context = nil
        }
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface), "finishing the document")
        return sink.bytes
    }

    /// Throws for a cairo status other than success.
    func check(_ status: cairo_status_t, _ doing: String) throws {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw GlintError.internalFailure("cairo failed \(doing) the \(format.rawValue.uppercased()): "
                                         + String(cString: cairo_status_to_string(status)))
    }
}

/// Where cairo's stream writes go.
private final class ByteSink {
    var bytes: [UInt8] = []
}
