import Glint

/// A `POST /render` request read: the chart from the body with the query's overrides, and how to render it.
struct RenderRequest {
    var chart: Chart
    var backend: Backend?
    var pngLevel = Image.defaultCompressionLevel
    /// The format the front end negotiated (`FormatNegotiation`).
    var format = OutputFormat.png
    var vector = VectorOptions()

    /// Reads the spec (`GlintError.badData` with the JSON path when it is wrong), its CSV files on `threads`
    /// threads, and the `query` arguments. With a `multipartBoundary` the body is the spec and its columns
    /// (`ColumnParts`).
    init(_ body: [UInt8], multipartBoundary: String? = nil, files: DataFiles, databases: DatabaseAccess, query: [String: String], threads: Int) throws {
        if let multipartBoundary {
            let parts = try ColumnParts(body, boundary: multipartBoundary)
            chart = try ChartSpec.decode(parts.spec, files: files, columns: parts.columns, databases: databases, threads: threads)
        } else {
            chart = try ChartSpec.decode(body, files: files, databases: databases, threads: threads)
        }
        chart = try SizeOverrides({ query[$0] }, prefix: "", problem: GlintError.badData).applied(to: chart)
        func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
            guard let text = query[name] else { return nil }
            guard let value = Double(text), range.contains(value) else {
                throw GlintError.badValue(path: name, message: "expected a number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
            }
            return value
        }
        if let level = try number("png-level", in: 0...9) { pngLevel = Int(level) }
        if let limit = try number("rasterize-above", in: 0...Double(VectorOptions.maxRasterizeAbove)) {
            guard limit == limit.rounded() else {
                throw GlintError.badValue(path: "rasterize-above", message: "expected a whole number of dots, found \(limit)")
            }
            vector.rasterizeAbove = Int(limit)
        }
        if let text = query["format"] { format = try OutputFormat.named(text, source: "format", problem: GlintError.badData) }
        if let text = query["backend"] { backend = try Backend.named(text, source: "backend", problem: GlintError.badData) }
    }
}
