import Foundation
import Glint
import GlintRenderTestSupport
import Testing

/// What the spec used to do silently: sizes that did not show, colour names refused, repeated series looks,
/// numbers that overflowed into gaps, hexadecimal CSV cells.
@Suite struct SpecSurpriseTests {
    func decode(_ json: String, directory: String = testsFolder.path) throws -> Chart {
        try ChartSpec.decode(Array(json.utf8), relativeTo: directory)
    }

    func failure(_ json: String, directory: String = testsFolder.path) -> String? {
        do {
            _ = try decode(json, directory: directory)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A folder with one CSV file in it, removed by the caller.
    func folder(csv: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("glint-surprise-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try csv.write(to: dir.appendingPathComponent("d.csv"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Dots with sizes and no radius take 2…12 px: the smallest size measures 2·2 px across, the largest 2·12.
    @Test(arguments: painters)
    func sizesWithoutARadiusShow(backend: Backend) throws {
        let chart = try decode(#"""
            {"width": 300, "height": 200, "x": {"range": [0, 10], "grid": false}, "y": {"range": [0, 10], "grid": false},
             "legend": {"visible": false},
             "series": [{"type": "dots", "x": [3, 7], "y": [5, 5], "size": [1, 50], "color": "#ff0000"}]}
            """#)
        #expect(chart.series[0].radius == 2...12)
        let image = try Shared.renderer(backend).render(chart)
        let layout = try Shared.layout(chart)
        for (x, radius) in [(3.0, 2.0), (7.0, 12.0)] {
            let centre = layout.transform.apply(x, 5)
            let row = Int(centre.y)
            let across = (Int(centre.x) - 20...Int(centre.x) + 20).filter { RGB(image, $0, row).g < 147 }
            #expect(abs(Double(across.count) - 2 * radius) <= 1, "\(backend): \(across.count) px across for radius \(radius)")
        }
    }

    @Test func everyCSSNamedColourIsAccepted() throws {
        #expect(Color.named.count == 149, "148 CSS names and transparent")
        let chart = try decode(#"""
            {"series": [{"y": [1], "color": "tomato"}, {"y": [1], "color": "LightGray"}, {"y": [1], "color": "rebeccapurple"},
                        {"y": [1], "color": " darkslategrey "}]}
            """#)
        #expect(chart.series.map { $0.color?.hex } == ["#ff6347", "#d3d3d3", "#663399", "#2f4f4f"])
    }

    @Test func anUnknownColourSuggestsTheNearestName() {
        #expect(failure(#"{"series": [{"y": [1], "color": "tomatoe"}]}"#)
                == ##"series[0].color: expected a colour like "#1f77b4" or a CSS colour name such as "steelblue", found "tomatoe" (did you mean "tomato"?)"##)
        #expect(failure(#"{"series": [{"y": [1], "color": "ligthgray"}]}"#)?.hasSuffix(#"(did you mean "lightgray"?)"#) == true)
        #expect(failure(##"{"series": [{"y": [1], "color": "#12345"}]}"##)?.hasSuffix(##"found "#12345""##) == true)
    }

    @Test func thePaletteHasTenWellSeparatedColours() {
        for theme in [Theme.light, Theme.dark] {
            #expect(theme.palette.count >= 10)
            for (i, a) in theme.palette.enumerated() {
                for b in theme.palette[(i + 1)...] {
                    let d = ((a.red - b.red) * (a.red - b.red) + (a.green - b.green) * (a.green - b.green)
                             + (a.blue - b.blue) * (a.blue - b.blue)).squareRoot() * 255
                    #expect(d > 60, "\(a.hex) and \(b.hex) are only \(Int(d)) apart")
                }
            }
        }
    }

    /// Series 11 takes series 1's colour as a lighter tint (Tableau 20's pairs) and no other change; series 21, where
    /// the colours repeat, takes series 1's colour and a second look: it draws markers.
    @Test(arguments: painters)
    func seriesPastThePaletteGetATintThenASecondLook(backend: Backend) throws {
        let count = Theme.light.palette.count
        var series = (0..<2 * count).map { i in Series.line(x: [0, 10], y: [Double(i % 2) * 9 + 0.5, Double(i % 2) * 9 + 0.5]) }
        series[0].y = [3, 3]
        series[count].x = [2, 5, 8]
        series[count].y = [5, 5, 5]
        series.append(Series.line(x: [2, 5, 8], y: [7, 7, 7]))
        let chart = bareChart(series)
        let image = try Shared.renderer(backend).render(chart)
        let layout = try Shared.layout(chart)
        let colour = RGB(Theme.light.palette[0]), tint = RGB(Theme.light.palette[0].mixed(with: .white, amount: 0.45))
        #expect(RGB(Theme.light.paletteColor(count)) == tint && !tint.near(colour, 60) && RGB(Theme.light.paletteColor(2 * count)) == colour)
        let first = layout.transform.apply(5, 3), eleventh = layout.transform.apply(5, 5), twentyFirst = layout.transform.apply(5, 7)
        #expect(RGB(image, Int(first.x), Int(first.y)).near(colour, 8), "series 1 is drawn")
        #expect(RGB(image, Int(eleventh.x), Int(eleventh.y)).near(tint, 8), "series 11 has series 1's colour, lighter")
        #expect(RGB(image, Int(twentyFirst.x), Int(twentyFirst.y)).near(colour, 8), "series 21 has series 1's colour")
        // 3 px above the line's centre is off a 2 px line but inside a 4 px marker.
        #expect(RGB(image, Int(first.x), Int(first.y) - 3) == .white, "series 1 has no markers")
        #expect(RGB(image, Int(eleventh.x), Int(eleventh.y) - 3) == .white, "series 11 has no markers: its tint tells it apart")
        #expect(RGB(image, Int(twentyFirst.x), Int(twentyFirst.y) - 3).near(colour, 8), "series 21 has a marker at each point")
        let between = layout.transform.apply(3.5, 7)
        #expect(RGB(image, Int(between.x), Int(between.y) - 3) == .white, "and only at its points")
    }

    /// A long line past the palette's end is drawn half as wide instead: markers on every one of its points
    /// would merge into a band (and cost a dot per point).
    @Test(arguments: painters)
    func longLinesPastThePaletteAreDrawnHalfAsWide(backend: Backend) throws {
        let count = 2 * Theme.light.palette.count
        let long = (0...Theme.markerLimit).map { Double($0) / Double(Theme.markerLimit) * 10 }
        var series = (0..<count).map { _ in Series.line(x: [0, 10], y: [9.5, 9.5], width: 6) }
        series[0].y = [3, 3]
        series.append(Series.line(x: Column(long), y: Column(long.map { _ -> Double in 7 }), width: 6))
        let chart = bareChart(series)
        #expect(chart.withSeriesStyled.series[count].line.width == 3 && !chart.withSeriesStyled.series[count].line.markers)
        let image = try Shared.renderer(backend).render(chart)
        let layout = try Shared.layout(chart)
        func thickness(_ y: Double, _ colour: Color) -> Int {
            let centre = layout.transform.apply(5, y)
            return (Int(centre.y) - 8...Int(centre.y) + 8).filter { RGB(image, Int(centre.x), $0).near(RGB(colour), 40) }.count
        }
        let (wide, narrow) = (thickness(3, Theme.light.palette[0]), thickness(7, Theme.light.paletteColor(count)))
        #expect(abs(wide - 6) <= 1 && abs(narrow - 3) <= 1, "\(wide) and \(narrow) px")
    }

    @Test func numbersTooLargeForADoubleAreErrorsWithTheirPath() {
        let message = "the number is too large for a Double (beyond ±1.8e308)"
        #expect(failure(#"{"series": [{"y": [1, 2, 1e999]}]}"#) == "series[0].y[2]: \(message)")
        #expect(failure(#"{"series": [{"x": [-1e400], "y": [1]}]}"#) == "series[0].x[0]: \(message)")
        #expect(failure(#"{"width": 1e999}"#) == "width: \(message)")
        #expect(failure(#"{"series": [{"y": [1], "radius": 1e999}]}"#) == "series[0].radius: \(message)")
        #expect(failure(#"{"series": [{"y": [1e308, -1e308, 1e-400]}]}"#) == nil, "large finite numbers and underflow to 0 are fine")
    }

    @Test func csvNumbersAreDecimal() throws {
        let spec = #"{"series": [{"data": {"csv": "d.csv", "x": "x", "y": "v"}}]}"#
        let hex = try folder(csv: "x,v\n1,0x10\n")
        defer { try? FileManager.default.removeItem(at: hex) }
        #expect(failure(spec, directory: hex.path) == "d.csv line 2, column 'v': '0x10' is not a decimal number")
        let overflow = try folder(csv: "x,v\n1,2\n2,1e999\n")
        defer { try? FileManager.default.removeItem(at: overflow) }
        #expect(failure(spec, directory: overflow.path) == "d.csv line 3, column 'v': '1e999' is too large for a number (beyond ±1.8e308)")
        let good = try folder(csv: "x,v\n1,.5\n2,5.\n3,+3\n4, 1e3 \n5,inf\n6,NA\n7,-0\n")
        defer { try? FileManager.default.removeItem(at: good) }
        let y = try decode(spec, directory: good.path).series[0].y
        #expect(Array(y[0..<4]) == [0.5, 5, 3, 1000] && y[4] == .infinity && y[5].isNaN && y[6] == 0 && y[6].sign == .minus)
    }
}
