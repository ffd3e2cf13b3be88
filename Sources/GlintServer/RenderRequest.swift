import Glint

/// A `POST /render` request read: the chart from the body with the query's overrides, and how to render it.
struct RenderRequest {
    var chart: Chart
    var backend: Backend?
    var pngLevel = Image.defaultCompressionLevel

    /// Reads the spec (`GlintError.badData` with the JSON path when it is wrong) and the `query` arguments.
    init(_ body: [UInt8], files: DataFiles, databases: DatabaseAccess, query: [String: String]) throws {
        chart = try ChartSpec.decode(body, files: files, databases: databases)
        func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
            guard let text = query[name] else { return nil }
            guard let value = Double(text), range.contains(value) else {
                throw GlintError.badData("\(name): expected a number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
            }
            return value
        }
        if let w = try number("width", in: 1...32768) { chart.width = Int(w) }
        if let h = try number("height", in: 1...32768) { chart.height = Int(h) }
        if let s = try number("scale", in: 0.01...16) { chart.scale = s }
        if let level = try number("png-level", in: 0...9) { pngLevel = Int(level) }
        if let text = query["backend"] {
            guard let backend = Backend(rawValue: text) else { throw GlintError.badData("backend: expected auto, gl or cpu, found '\(text)'") }
            self.backend = backend
        }
    }
}
