import Foundation
import Glint
import GlintRenderTestSupport
import GlintVector
import Testing

/// SVG and PDF judged by independent tools: every golden chart written in both formats is valid (`xmllint`,
/// `qpdf --check`), and rasterised at the PNG's size by librsvg (`rsvg-convert`) and poppler (`pdftoppm`) it is the
/// CPU painter's golden PNG: outside the text, every pixel but a `geometryTolerance` share within
/// `channelTolerance` of a golden pixel at most one pixel away (poppler snaps rectangle edges to whole pixels);
/// inside the text boxes, within `textTolerance` on average (each rasteriser anti-aliases glyphs its own way, and the
/// vector glyphs are unhinted).
@Suite struct VectorOutputTests {
    /// Outside the text boxes: at most this share of pixels may be further than `channelTolerance` from every golden
    /// pixel within one pixel of it.
    static let geometryTolerance = 0.002
    /// Inside the text boxes: the mean of each pixel's largest channel difference, in 1/255.
    static let textTolerance = 20.0
    static let channelTolerance = 48

    static let renderer: Result<Renderer, Error> = Result { try Renderer(options: Renderer.Options(backend: .cpu)) }

    /// How far a rasterised document is from the golden: the share of pixels outside the text boxes that differ by
    /// more than `channelTolerance`, and the mean difference inside them.
    static func distance(_ image: Image, _ golden: Image, text boxes: [Rect]) -> (geometry: Double, text: Double) {
        var inText = [Bool](repeating: false, count: golden.width * golden.height)
        for box in boxes {
            let x0 = max(Int((box.x - 2).rounded(.down)), 0), x1 = min(Int((box.maxX + 2).rounded(.up)), golden.width)
            let y0 = max(Int((box.y - 2).rounded(.down)), 0), y1 = min(Int((box.maxY + 2).rounded(.up)), golden.height)
            guard x0 < x1, y0 < y1 else { continue }
            for y in y0..<y1 { for x in x0..<x1 { inText[y * golden.width + x] = true } }
        }
        var differing = 0, outside = 0, textSum = 0, textCount = 0
        let (w, h) = (golden.width, golden.height)
        func difference(_ i: Int, _ j: Int) -> Int {
            var worst = 0
            for c in 0..<4 { worst = max(worst, abs(Int(image.pixels[i * 4 + c]) - Int(golden.pixels[j * 4 + c]))) }
            return worst
        }
        for y in 0..<h {
            for x in 0..<w {
                let i = y * w + x
                if inText[i] {
                    (textSum, textCount) = (textSum + difference(i, i), textCount + 1)
                    continue
                }
                outside += 1
                // The nearest match within one pixel: an edge a rasteriser snaps to the pixel grid is not moved geometry.
                var nearest = Int.max
                for v in max(y - 1, 0)...min(y + 1, h - 1) {
                    for u in max(x - 1, 0)...min(x + 1, w - 1) { nearest = min(nearest, difference(i, v * w + u)) }
                }
                if nearest > channelTolerance { differing += 1 }
            }
        }
        return (Double(differing) / Double(max(outside, 1)), Double(textSum) / Double(max(textCount, 1)))
    }

    /// Formats are chosen in `Glint`: PNG needs no document writer; SVG and PDF without one are refused, and are
    /// written by `CairoDocuments` when it is handed over.
    @Test func formatsAreChosenWithoutCairoAndVectorsNeedAWriter() throws {
        let renderer = try Self.renderer.get(), chart = GoldenCharts.lines
        let png = try renderer.output([chart], format: .png, documents: nil)
        #expect(png.painter != "vector" && png.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(throws: GlintError.self) { try renderer.output([chart], format: .svg, documents: nil) }
        let plugged = try renderer.output([chart], format: .svg, documents: CairoDocuments())
        #expect(plugged.painter == "vector" && String(decoding: plugged.bytes.prefix(5), as: UTF8.self) == "<?xml", "\(plugged.bytes.prefix(40))")
    }

    @Test(arguments: GoldenCharts.cases.map(\.0))
    func everyGoldenDrawsTheSameInSVGAndPDF(name: String) throws {
        let chart = try #require(GoldenCharts.cases.first { $0.0 == name }).1
        let renderer = try Self.renderer.get()
        let golden = try Image(pngData: [UInt8](try Data(contentsOf: Golden.directory.appendingPathComponent("cpu/\(name).png"))))
        let boxes = try renderer.layoutReport(chart).texts.map(\.box)
        try ExternalTool.inScratch { folder in
            let svg = folder.appendingPathComponent("chart.svg"), pdf = folder.appendingPathComponent("chart.pdf")
            try Data(try renderer.output(chart, format: .svg).bytes).write(to: svg)
            try Data(try renderer.output(chart, format: .pdf).bytes).write(to: pdf)
            let xml = try ExternalTool.run("xmllint", ["--noout", svg.path])
            #expect(xml.status == 0, "xmllint: \(xml.output)")
            let qpdf = try ExternalTool.run("qpdf", ["--check", pdf.path])
            #expect(qpdf.status == 0, "qpdf: \(qpdf.output)")
            let (w, h) = ("\(golden.width)", "\(golden.height)")
            let fromSVG = folder.appendingPathComponent("svg.png"), fromPDF = folder.appendingPathComponent("pdf")
            let rsvg = try ExternalTool.run("rsvg-convert", ["-w", w, "-h", h, svg.path, "-o", fromSVG.path])
            #expect(rsvg.status == 0, "rsvg-convert: \(rsvg.output)")
            let poppler = try ExternalTool.run("pdftoppm", ["-png", "-scale-to-x", w, "-scale-to-y", h, "-singlefile", pdf.path, fromPDF.path])
            #expect(poppler.status == 0, "pdftoppm: \(poppler.output)")
            for (judge, file) in [("rsvg-convert", fromSVG), ("pdftoppm", fromPDF.appendingPathExtension("png"))] {
                let image = try Image(pngData: [UInt8](try Data(contentsOf: file)))
                try #require(image.width == golden.width && image.height == golden.height,
                             "\(judge): \(image.width)x\(image.height), golden \(golden.width)x\(golden.height)")
                let (geometry, text) = Self.distance(image, golden, text: boxes)
                print("vector \(name) \(judge): geometry \(geometry) text \(text)")
                #expect(geometry <= Self.geometryTolerance, "\(name) by \(judge): \(geometry * 100)% of the pixels outside text differ")
                #expect(text <= Self.textTolerance, "\(name) by \(judge): text differs by \(text)/255 on average")
            }
        }
    }
}

/// Vector output from the command line: the format by extension or `--format`, several specs to one PDF, text a
/// reader can extract, and bad input that writes nothing.
extension VectorOutputTests {
    static let examples = repositoryRoot.appendingPathComponent("Examples")

    @Test func theExtensionOrFormatChoosesTheFormat() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, magic) in [("a.svg", "<?xml"), ("b.PDF", "%PDF-"), ("c.png", "\u{89}PNG")] {
            let run = try GlintCommand.run(["demo", "-o", name], in: dir)
            #expect(run.status == 0, "\(name): \(run.stderr)")
            let head = try Data(contentsOf: dir.appendingPathComponent(name)).prefix(5)
            #expect(String(decoding: head, as: UTF8.self).hasPrefix(magic) || head.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name)")
        }
        let piped = try GlintCommand.run(["demo", "--format", "svg", "-o", "-"], in: dir)
        #expect(piped.status == 0 && String(decoding: piped.stdout.prefix(5), as: UTF8.self) == "<?xml", "\(piped.stderr)")
        let contradicting = try GlintCommand.run(["demo", "--format", "pdf", "-o", "d.svg"], in: dir)
        #expect(contradicting.status == 64 && contradicting.stderr.contains("contradicts"), "\(contradicting.stderr)")
        let unknown = try GlintCommand.run(["demo", "--format", "eps", "-o", "-"], in: dir)
        #expect(unknown.status == 64 && unknown.stderr.contains("formats: png, svg, pdf"), "\(unknown.stderr)")
        #expect(GlintCommand.files(dir) == ["a.svg", "b.PDF", "c.png"])
    }

    @Test func severalSpecsMakeOnePDFAPageEachAndABadOneWritesNothing() throws {
        let dir = try GlintCommand.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let specs = ["bars", "dashes", "steps"].map { Self.examples.appendingPathComponent("\($0).json").path }
        let run = try GlintCommand.run(["render"] + specs + ["-o", "report.pdf"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let info = try ExternalTool.run("pdfinfo", [dir.appendingPathComponent("report.pdf").path])
        #expect(info.output.contains("Pages:           3"), "\(info.output)")
        // Each page its chart's size: bars is 640×360 pixels, 480×270 pt; dashes 500×300, 375×225 pt.
        let sizes = try ExternalTool.run("pdfinfo", ["-f", "1", "-l", "3", dir.appendingPathComponent("report.pdf").path])
        #expect(sizes.output.contains("Page    1 size:  480 x 270 pts") && sizes.output.contains("Page    2 size:  375 x 225 pts"), "\(sizes.output)")

        try Data(#"{"series": [{"type": "line", "x": [1, 2], "y": [1, "a"]}]}"#.utf8).write(to: dir.appendingPathComponent("bad.json"))
        let bad = try GlintCommand.run(["render", specs[0], "bad.json", "-o", "broken.pdf"], in: dir)
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bad.stderr.contains("bad.json: series[0].y[1]: expected a number"), "\(bad.stderr)")
        let png = try GlintCommand.run(["render", specs[0], specs[1], "-o", "two.png"], in: dir)
        #expect(png.status == 64 && png.stderr.contains("a page each"), "\(png.stderr)")
        #expect(GlintCommand.files(dir) == ["bad.json", "report.pdf"], "nothing else was written")
    }

    @Test func aPDFsTextIsExtractableAndItsFontsEmbedded() throws {
        let renderer = try Self.renderer.get()
        try ExternalTool.inScratch { folder in
            let pdf = folder.appendingPathComponent("demo.pdf")
            try Data(try renderer.output(.demo, format: .pdf).bytes).write(to: pdf)
            let text = try ExternalTool.run("pdftotext", [pdf.path, "-"]).output
            for expected in ["Checkout service, last 30 days", "Latency (ms)", "Median latency", "Incidents (radius = minutes)", "130", "25"] {
                #expect(text.contains(expected), "'\(expected)' in \(text)")
            }
            let fonts = try ExternalTool.run("pdffonts", [pdf.path]).output.split(separator: "\n").dropFirst(2)
            #expect(!fonts.isEmpty && fonts.allSatisfy { $0.contains(" yes yes ") }, "every font embedded and subset: \(fonts)")
            // Ligatures, fallback fonts and a right-to-left stretch in a left-to-right run carry their characters.
            let international = folder.appendingPathComponent("international.pdf")
            try Data(try renderer.output(GoldenCharts.international, format: .pdf).bytes).write(to: international)
            let words = try ExternalTool.run("pdftotext", [international.path, "-"]).output
            for expected in ["Température °C — 東京 — ", "مرحبا", "AVATAR Wave office", "ffi fl →", "मौसम"] {
                #expect(words.contains(expected), "'\(expected)' in \(words)")
            }
            #expect(try ExternalTool.run("pdffonts", [international.path]).output.contains("DroidSansFallback"), "the CJK fallback font is embedded")
        }
    }
}

/// Big data stays small: long lines are decimated as for PNG, big dots layers embedded as one image.
extension VectorOutputTests {
    /// A random walk of `count` points.
    static func walk(_ count: Int) -> Chart {
        var y = [Double](repeating: 0, count: count), state: UInt64 = 42, level = 0.0
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            level += Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
            y[i] = level
        }
        return Chart(width: 1280, height: 720, title: "A long walk", series: [.line(name: "walk", x: Column((0..<count).map(Double.init)), y: Column(y))])
    }

    /// Scattered dots, `count` of them, of radius 2.
    static func scatter(_ count: Int, rasterize: Bool? = nil) -> Chart {
        let x = (0..<count).map { Double(($0 &* 7919) % 1000) / 10 }, y = (0..<count).map { Double(($0 &* 104729) % 997) / 10 }
        var series = Series.dots(name: "dots", x: Column(x), y: Column(y), radius: 2...2, color: Color(rgb: 0x1F77B4, alpha: 0.5))
        series.rasterize = rasterize
        return Chart(width: 400, height: 300, title: "Dots", series: [series])
    }

    /// The rasterised SVG's distance from the CPU painter's PNG of `chart`.
    static func svgDistance(_ chart: Chart, _ svg: [UInt8]) throws -> (geometry: Double, text: Double) {
        let renderer = try Self.renderer.get()
        let png = try renderer.render(chart)
        return try ExternalTool.inScratch { folder in
            let file = folder.appendingPathComponent("chart.svg"), raster = folder.appendingPathComponent("chart.png")
            try Data(svg).write(to: file)
            let rsvg = try ExternalTool.run("rsvg-convert", ["-w", "\(png.width)", "-h", "\(png.height)", file.path, "-o", raster.path])
            try #require(rsvg.status == 0, "rsvg-convert: \(rsvg.output)")
            let image = try Image(pngData: [UInt8](try Data(contentsOf: raster)))
            return distance(image, png, text: try renderer.layoutReport(chart).texts.map(\.box))
        }
    }

    @Test func aLongLineIsDecimatedForTheResolutionAsForPNG() throws {
        let chart = Self.walk(2_000_000)
        let svg = try Self.renderer.get().output(chart, format: .svg)
        #expect(svg.bytes.count <= 2_000_000, "a 2e6-point line's SVG is \(svg.bytes.count) bytes")
        let (geometry, _) = try Self.svgDistance(chart, svg.bytes)
        #expect(geometry <= Self.geometryTolerance, "\(geometry * 100)% of the pixels differ from the PNG")
    }

    @Test func dotsOverTheLimitAreOneImageAndASeriesMayDecide() throws {
        let renderer = try Self.renderer.get()
        func images(_ output: RenderedOutput) -> Int { String(decoding: output.bytes, as: UTF8.self).components(separatedBy: "<image").count - 1 }
        let big = Self.scatter(120_000)
        let embedded = try renderer.output(big, format: .svg)
        #expect(images(embedded) == 1, "one image for the dots")
        #expect(embedded.notices.contains { $0.contains("120000 dots embedded as an image") }, "\(embedded.notices)")
        // The image is the CPU painter's pixels: the rasterised SVG is the PNG.
        #expect(try Self.svgDistance(big, embedded.bytes).geometry <= Self.geometryTolerance)

        let lower = try renderer.output(Self.scatter(2000), format: .svg, vector: VectorOptions(rasterizeAbove: 1000))
        #expect(images(lower) == 1, "the limit is configurable")
        let kept = try renderer.output(Self.scatter(2000, rasterize: false), format: .svg, vector: VectorOptions(rasterizeAbove: 1000))
        #expect(images(kept) == 0 && kept.notices.isEmpty, "\"rasterize\": false keeps them vector: \(kept.notices)")
        let asked = try renderer.output(Self.scatter(50, rasterize: true), format: .pdf)
        #expect(asked.notices.contains { $0.contains("asks for \"rasterize\": true") }, "\(asked.notices)")
        let few = try renderer.output(Self.scatter(2000), format: .svg)
        #expect(images(few) == 0, "2000 dots stay discs")
        #expect(try Self.svgDistance(Self.scatter(2000), few.bytes).geometry <= Self.geometryTolerance)
        #expect(throws: GlintError.self) { try renderer.output(big, format: .svg, vector: VectorOptions(rasterizeAbove: -1)) }
    }
}

/// The vector painter takes every scene the raster painters take: text with noncharacters (cairo refuses them in
/// UTF-8; they are given to it as U+FFFD, the glyphs HarfBuzz chose unchanged) and dashes far shorter than a pixel
/// (each length at least `DashPattern.minimumLength` on every painter; a length that rounded to 0 in Float32 left
/// cairo a pattern of period 0, which it refuses).
extension VectorOutputTests {
    @Test(arguments: [1e-300, 1e-45, 1e-3])
    func noncharactersAndTinyDashesDrawAsOnPNG(dash: Double) throws {
        // Swift refuses noncharacters in literals: made from their values.
        let non = { (value: UInt32) in String(Unicode.Scalar(value)!) }
        var line = Series.line(name: "a" + non(0xFDD0) + "b", x: [0, 1, 2, 3], y: [1, 3, 2, 4])
        line.line.dash = [dash, 4 * dash]
        var chart = Chart(width: 320, height: 200, title: "Title " + non(0xFFFF) + non(0xFFFE) + " " + non(0x10FFFF) + "end", series: [line])
        chart.legend.showsLoneSeries = true
        let renderer = try Self.renderer.get()
        let svg = try renderer.output(chart, format: .svg).bytes, pdf = try renderer.output(chart, format: .pdf).bytes
        let (geometry, _) = try Self.svgDistance(chart, svg)
        #expect(geometry <= Self.geometryTolerance, "dash \(dash): \(geometry * 100)% of the SVG's pixels differ from the PNG")
        try ExternalTool.inScratch { folder in
            let file = folder.appendingPathComponent("chart.pdf")
            try Data(pdf).write(to: file)
            #expect(try ExternalTool.run("qpdf", ["--check", file.path]).status == 0)
            let text = try ExternalTool.run("pdftotext", [file.path, "-"]).output
            #expect(text.contains("Title \u{FFFD}\u{FFFD} \u{FFFD}end"), "\(text)")
            #expect(text.contains("a\u{FFFD}b"), "\(text)")
        }
    }
}
