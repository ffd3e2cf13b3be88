import GlintCore

/// The file formats Glint writes: PNG from a raster painter, SVG and PDF from the vector painter. Every format
/// draws the same scene, so a chart's SVG and PDF have exactly the layout of its PNG.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// A raster image (the CPU or GL painter).
    case png
    /// One SVG document (cairo's SVG surface).
    case svg
    /// A PDF document of one page per chart (cairo's PDF surface), fonts subset and embedded.
    case pdf

    /// The media type the render server answers with.
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .svg: return "image/svg+xml"
        case .pdf: return "application/pdf"
        }
    }

    /// Whether the format holds more than one chart (a page each).
    public var holdsSeveralCharts: Bool { self == .pdf }

    /// The formats, as a usage message lists them.
    public static let listed = allCases.map(\.rawValue).joined(separator: ", ")

    /// The format called `name` (`png`, `svg` or `pdf`, any case); throws `problem` naming `source` and listing the
    /// formats for any other.
    public static func named(_ name: String, source: String, problem: (String) -> GlintError = GlintError.usage) throws -> OutputFormat {
        guard let format = OutputFormat(rawValue: name.lowercased()) else {
            throw problem("\(source): '\(BoundedText.line(name, limit: 32))' is not a format Glint writes; formats: \(listed)")
        }
        return format
    }

    /// The format a path's extension names (`chart.svg`: SVG, any case); nil for a path without one, standard output
    /// (`-`) and devices (`/dev/stdout`), which are written in the format asked for (PNG by default). Throws
    /// `GlintError.usage` listing the formats for an extension Glint does not write (`chart.jpg`).
    public static func of(path: String) throws -> OutputFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard path != "-", !path.hasPrefix("/dev/"), let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = String(name[name.index(after: dot)...])
        guard let format = OutputFormat(rawValue: ext.lowercased()) else {
            throw GlintError.usage("cannot write '\(BoundedText.line(path, limit: 200))': '.\(BoundedText.line(ext, limit: 32))' is not a format "
                                   + "Glint writes; formats: \(listed) (by the extension, or --format)")
        }
        return format
    }
}

/// How the vector painter draws what a vector document would hold too much of.
public struct VectorOptions: Sendable, Equatable {
    /// The number of dots above which a dots layer is embedded as one image at the output's resolution, as
    /// matplotlib's `rasterized=True` (a series' `"rasterize": true | false` decides for itself). Default 100 000.
    public var rasterizeAbove: Int

    /// The largest `rasterizeAbove` accepted: 10^12 dots, more than any chart holds.
    public static let maxRasterizeAbove = 1_000_000_000_000

    /// Options with dots layers over `rasterizeAbove` dots embedded as images.
    public init(rasterizeAbove: Int = 100_000) {
        self.rasterizeAbove = rasterizeAbove
    }
}

/// A chart, or several, written in a format: the file's bytes and what was substituted or left out on the way.
public struct RenderedOutput: Sendable {
    /// The format written.
    public let format: OutputFormat
    /// The whole file.
    public let bytes: [UInt8]
    /// Pages (charts) in it: 1 but for a PDF of several.
    public let pages: Int
    /// Width and height of the first chart in device pixels.
    public let width: Int, height: Int
    /// Which painter drew it: "cpu" or "gl" for PNG, "vector" for SVG and PDF.
    public let painter: String
    /// What was substituted for what was asked, one line each, as `Image.notices` (a PDF's prefixed by its page).
    public let notices: [String]
    /// What the render did that is no problem, as `Image.information` (a PDF's prefixed by its page).
    public let information: [String]

    /// A written file and what was said on the way.
    public init(format: OutputFormat, bytes: [UInt8], pages: Int, width: Int, height: Int, painter: String, notices: [String],
                information: [String]) {
        (self.format, self.bytes, self.pages, self.width, self.height) = (format, bytes, pages, width, height)
        (self.painter, self.notices, self.information) = (painter, notices, information)
    }
}
