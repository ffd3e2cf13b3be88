import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// Every kind of bad spec gets a message naming where and what.
@Suite struct SpecErrorTests {
    func decode(_ json: String, directory: String = testsFolder.path) throws -> Chart {
        try ChartSpec.decode(Array(json.utf8), relativeTo: directory)
    }

    func message(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let error as GlintError {
            guard error.exitCode == 65 else { return "not bad data: \(error)" }
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func wrongTypeNamesThePathAndWhatWasExpected() {
        let json = #"{"series": [{"y": [1]}, {"y": [1]}, {"x": [1], "y": "oops"}]}"#
        #expect(message(json) == "series[2].y: expected an array of numbers, found a string")
    }

    @Test func wrongElementTypeNamesTheIndex() {
        #expect(message(#"{"series": [{"y": [1, true]}]}"#) == "series[0].y[1]: expected a number (or null for a gap), found a boolean")
    }

    @Test func unknownKeysListTheValidOnes() throws {
        let text = try #require(message(#"{"series": [{"y": [1], "colour": "red"}]}"#))
        #expect(text.hasPrefix("series[0].colour: unknown key (did you mean 'color'?); valid keys: aggregate, antialias, axis, band, bandwidth, barWidth, baseline, bin, bins, cap, category, cellLabels, close, color, cut,"))
        let top = try #require(message(#"{"titel": "x"}"#))
        #expect(top.hasPrefix("titel: unknown key (did you mean 'title'?)"))
        #expect(message(#"{"legend": {"position": "top-left", "orientaton": "vertical"}}"#)?.hasPrefix("legend.orientaton: unknown key") == true)
    }

    @Test func badChoiceListsTheAllowedWords() {
        #expect(message(#"{"legend": {"position": "middle"}}"#)?.hasPrefix(#"legend.position: expected one of "top-left", "top","#) == true)
        #expect(message(#"{"series": [{"type": "radar", "y": [1]}]}"#) == #"series[0].type: expected one of "line", "dots", "bars", "area", "histogram", "heatmap", "candlestick", "ohlc", "pie", "density", "stem", "box", "violin", "hexbin", "contour", found "radar""#)
    }

    @Test func lengthMismatchNamesBothLengthsAtRenderTime() throws {
        let chart = try decode(#"{"series": [{"x": [1, 2, 3], "y": [1, 2]}]}"#)
        #expect(throws: GlintError.badData("series[0]: x has 3 values but y has 2")) { try Shared.renderer(.cpu).render(chart) }
    }

    @Test func malformedJSONGivesLineAndColumn() {
        #expect(message("{\n  \"width\": 300,\n  \"height\": ,\n}") == "invalid JSON at line 3, column 13: unexpected character ','")
        #expect(message(#"{"a": 1, "a": 2}"#)?.hasPrefix("invalid JSON at line 1, column 10: duplicate key \"a\"") == true)
        // NaN and Infinity, which other tools write, are not JSON: the message says what to write instead.
        for word in ["NaN", "nan", "Infinity", "-Infinity", "inf"] {
            #expect(message(#"{"series": [{"y": [1, "# + word + "]}]}") ==
                    "invalid JSON at line 1, column \(word.hasPrefix("-") ? 24 : 23): JSON has no NaN or Infinity: write null for a gap (a missing value), or a finite number",
                    "\(word)")
        }
        #expect(message(String(repeating: "[", count: 10000))?.contains("nesting deeper than") == true)
    }

    @Test(arguments: [("0", "width"), ("-3", "width"), ("2.5", "width"), ("40000", "width")])
    func impossibleSizesAreRefused(value: String, key: String) {
        #expect(message(#"{"\#(key)": \#(value)}"#)?.hasPrefix("width: expected a whole number of pixels from 1 to 32768") == true)
    }

    @Test(needsGL) func sizeOverTheGLLimitIsRefusedAtRender() throws {
        let chart = try decode(#"{"width": 20000, "height": 100, "series": [{"y": [1, 2]}]}"#)
        #expect(throws: GlintError.badData("image size 20000x100 is over the limit of 16384 pixels per side (GL_MAX_RENDERBUFFER_SIZE 16384)")) {
            try Shared.renderer(.gl).render(chart)
        }
    }

    @Test func missingCSVFileIsNamed() {
        #expect(message(#"{"series": [{"data": {"csv": "nope.csv", "y": "a"}}]}"#)
                == "nope.csv: CSV file not found or not readable (No such file or directory)")
    }

    @Test func csvErrorsNameTheColumnAndTheLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "month,minutes\n1,410\n2,455\n3,abc\n".write(to: dir.appendingPathComponent("runs.csv"), atomically: true, encoding: .utf8)
        func run(_ json: String) -> String {
            do {
                _ = try decode(json, directory: dir.path)
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        #expect(run(#"{"series": [{"data": {"csv": "runs.csv", "x": "month", "y": "minutez"}}]}"#)
                == "series[0].data.y: column 'minutez' is not in runs.csv; its columns are: month, minutes")
        #expect(run(#"{"series": [{"data": {"csv": "runs.csv", "x": "month", "y": "minutes"}}]}"#)
                == "runs.csv line 4, column 'minutes': 'abc' is not a decimal number")
        // Cells that are names or dates say what the spec is missing.
        try "day,kind,v\n2024-01-01,a,1\n2024-01-02,b,2\n".write(to: dir.appendingPathComponent("days.csv"), atomically: true, encoding: .utf8)
        #expect(run(#"{"series": [{"data": {"csv": "days.csv", "x": "day", "y": "v"}}]}"#)
                == #"days.csv line 2, column 'day': '2024-01-01' is not a decimal number; dates on x need a time axis: "x": {"type": "time"}"#)
        #expect(run(#"{"series": [{"type": "dots", "data": {"csv": "days.csv", "y": "v"}, "color": {"column": "kind"}}]}"#)
                == #"days.csv line 2, column 'kind': 'a' is not a decimal number; to colour by the names in a column, give a "#
                   + #"categorical palette ("palette": "tableau10") or the "categories" in the series' "color""#)
        #expect(run(#"{"x": {"type": "time"}, "series": [{"data": {"csv": "days.csv", "x": "day", "y": "v"}}]}"#) == "decoded")
    }

    @Test func byteOrderMarksAreIgnored() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "\u{FEFF}month,v\n1,3\n2,4\n".write(to: dir.appendingPathComponent("b.csv"), atomically: true, encoding: .utf8)
        let spec = Array("\u{FEFF}{\"series\": [{\"data\": {\"csv\": \"b.csv\", \"x\": \"month\", \"y\": \"v\"}}]}".utf8)
        let chart = try ChartSpec.decode(spec, relativeTo: dir.path)
        #expect(chart.series[0].x == [1, 2] && chart.series[0].y == [3, 4])
    }

    @Test func csvColumnsLoadWithGaps() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "x,\"y, quoted\"\n1,10\n2,\n3,NaN\n4,40\n".write(to: dir.appendingPathComponent("d.csv"), atomically: true, encoding: .utf8)
        let chart = try decode(#"{"series": [{"data": {"csv": "d.csv", "x": "x", "y": "y, quoted"}}]}"#, directory: dir.path)
        #expect(chart.series[0].x == [1, 2, 3, 4])
        #expect(chart.series[0].y[0] == 10 && chart.series[0].y[1].isNaN && chart.series[0].y[2].isNaN && chart.series[0].y[3] == 40)
    }

    @Test func everyDocumentedKeyDecodes() throws {
        let chart = try decode("""
        {"width": 640, "height": 360, "scale": 2, "title": "T", "theme": "dark", "font": "DejaVu Sans",
         "x": {"title": "X", "range": [0, 10], "grid": false}, "y": {"title": "Y"},
         "series": [{"type": "dots", "name": "d", "x": [1, 2], "y": [3, 4], "size": [1, 9], "radius": [2, 8],
                     "sizeRange": [0, 10], "color": "#ff000080", "strokeColor": "white", "strokeWidth": 2},
                    {"type": "line", "y": [1, null, 3], "width": 3, "join": "miter", "cap": "square", "miterLimit": 6,
                     "markers": true, "radius": 3},
                    {"type": "bars", "x": [1], "y": [2], "barWidth": 0.5}],
         "legend": {"visible": true, "position": "center", "orientation": "horizontal", "margins": {"left": 4, "top": 5}}}
        """)
        #expect(chart.width == 640 && chart.height == 360 && chart.scale == 2 && chart.title == "T")
        #expect(chart.theme.background == Theme.dark.background && chart.theme.fontFamily == "DejaVu Sans")
        #expect(chart.x.range == 0...10 && chart.x.grid == false && chart.y.title == "Y")
        let d = chart.series[0]
        #expect(d.kind == .dots && d.size == [1, 9] && d.radius == 2...8 && d.dots.sizeRange == 0...10)
        #expect(d.color == Color(rgb: 0xFF0000, alpha: 128.0 / 255) && d.outline.color == .white && d.outline.width == 2)
        let l = chart.series[1]
        #expect(l.x == [0, 1, 2] && l.y[1].isNaN && l.line.join == .miter && l.line.cap == .square && l.line.miterLimit == 6 && l.line.markers)
        #expect(chart.series[2].bars.width == 0.5)
        #expect(chart.legend.position == .center && chart.legend.orientation == .horizontal)
        #expect(chart.legend.margins == EdgeInsets(left: 4, top: 5, right: 10, bottom: 10))
    }

    @Test func emptySeriesRenderAnEmptyChart() throws {
        let chart = try decode(#"{"series": [{"name": "none", "x": [], "y": []}]}"#)
        let image = try Shared.renderer(.cpu).render(chart)
        #expect(image.width == 800 && image.height == 500)
    }
}

/// A bad value's JSON path travels in the error itself (the server's `path` field), not in its text alone.
@Suite struct ErrorPathTests {
    static func error(_ json: String) -> GlintError? {
        do {
            _ = try decodeSpec(json)
            return nil
        } catch {
            return error as? GlintError
        }
    }

    @Test func specErrorsCarryTheirPath() throws {
        let cases = [
            (#"{"series": [{"y": "up"}]}"#, "series[0].y"),
            (#"{"series": [{"y": [1], "width": 1e20}]}"#, "series[0].width"),
            (#"{"scale": 99}"#, "scale"),
            (#"{"theme": "sepia"}"#, "theme"),
            (#"{"series": [{"type": "dots", "y": [1], "step": "mid"}]}"#, "series[0].step"),
        ]
        for (json, path) in cases {
            let error = try #require(Self.error(json), Comment(rawValue: json))
            #expect(error.path == path, "\(json): \(error)")
            #expect(error.exitCode == 65 && error.httpStatus == 400)
            #expect("\(error)".hasPrefix(path + ": "))
            #expect(error == GlintError.badData(error.rawMessage), "a bad value is bad data with that text")
        }
        #expect(Self.error(#"{"series": [}"#)?.path == nil, "a JSON syntax error has a line and column, no path")
    }

    @Test func aTimeAxisFormatIsADatePattern() throws {
        let spec = { (format: String) in
            #"{"x": {"type": "time", "format": "\#(format)"}, "series": [{"x": ["2024-01-01", "2024-12-01"], "y": [1, 2]}]}"#
        }
        let chart = try ChartSpec.decode(Array(spec("%b %Y").utf8), relativeTo: ".")
        #expect(chart.x.dateFormat?.pattern == "%b %Y" && chart.x.format == nil)
        let labels = try Shared.renderer(.cpu).layoutReport(chart).texts.filter { $0.role == TextRole(.tickLabel, axis: "x") }.map(\.text)
        #expect(labels.first == "Jan 2024" && labels.allSatisfy { $0.hasSuffix(" 2024") }, "\(labels)")
        #expect(throws: GlintError.badValue(path: "x.format", message: DateFormat.problem("%Y-%Q")!)) {
            _ = try ChartSpec.decode(Array(spec("%Y-%Q").utf8), relativeTo: ".")
        }
    }

    @Test func chartErrorsFromTheSwiftAPICarryTheirPath() throws {
        var chart = Chart(series: [.line(x: [0, 1], y: [0, 1])])
        chart.series[0].line.dash = []
        #expect(throws: GlintError.badValue(path: "series[0].dash", message: "expected 1 to 4 positive lengths (an odd count "
                                            + "repeats), alternately on and off")) {
            try Shared.renderer(.cpu).render(chart)
        }
        do {
            _ = try Shared.renderer(.cpu).render(chart)
        } catch let error as GlintError {
            #expect(error.path == "series[0].dash")
        }
    }
}
