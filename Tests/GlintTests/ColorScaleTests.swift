import Foundation
import Glint
import GlintCore
import GlintRenderTestSupport
import Testing

/// Colour scales, unit conversion and per-point colours on both painters.
@Suite struct ColorScaleTests {
    static let red = Color(rgb: 0xFF0000), blue = Color(rgb: 0x0000FF)

    @Test func palettesMatchTheirPublishedEnds() {
        let ends: [(ContinuousPalette, UInt32, UInt32)] = [
            (.viridis, 0x440154, 0xFDE725), (.magma, 0x000004, 0xFCFDBF), (.plasma, 0x0D0887, 0xF0F921),
            (.cividis, 0x00224E, 0xFEE838), (.turbo, 0x30123B, 0x7A0403),
        ]
        for (palette, low, high) in ends {
            let scale = ColorScale(palette: palette, range: 0...1)
            #expect(scale.color(for: 0) == Color(rgb: low), "\(palette) at 0")
            #expect(scale.color(for: 1) == Color(rgb: high), "\(palette) at 1")
        }
        #expect(CategoricalPalette.tableau10.colors.first == Color(rgb: 0x1F77B4))
    }

    @Test func stopsInterpolateStepsClassifyCategoriesIndex() {
        let scale = ColorScale(values: [(0, ColorScaleTests.red), (10, ColorScaleTests.blue)])
        #expect(scale.range == 0...10)
        #expect(scale.color(for: 5) == Color(red: 0.5, green: 0, blue: 0.5))
        #expect(scale.color(for: -3) == ColorScaleTests.red && scale.color(for: 99) == ColorScaleTests.blue, "clamped")
        #expect(scale.color(for: .nan) == nil, "NaN is a gap")
        var stepped = scale
        stepped.steps = 2
        #expect(stepped.color(for: 1) == Color(red: 0.75, green: 0, blue: 0.25), "class 0…5 takes its middle, 2.5")
        #expect(stepped.color(for: 4.9) == stepped.color(for: 0.1))
        let categories = ColorScale(categories: ["a", "b"], colors: [ColorScaleTests.red, ColorScaleTests.blue])
        #expect(categories.color(for: 1) == ColorScaleTests.blue && categories.color(for: 2) == nil && categories.color(for: 0.5) == nil)
        let resolved = ColorScale(palette: .viridis).resolved(for: [3, .nan, 7, -.infinity])
        #expect(resolved.range == 3...7)
        let colors = PointColors(categories: ["Poor", "Good", nil, "Poor"], order: ["Good"])
        #expect(colors.scale.categories == ["Good", "Poor"])
        #expect(colors.values[0] == 1 && colors.values[1] == 0 && colors.values[2].isNaN)
    }

    @Test func unitsConvert() throws {
        let f = try #require(UnitConversion(quantity: .temperature, base: "C", display: "F"))
        #expect(abs(f.convert(0) - 32) < 1e-9 && abs(f.convert(100) - 212) < 1e-9 && abs(f.convert(-40) + 40) < 1e-9)
        #expect(f.symbol == "°F")
        let k = try #require(UnitConversion(quantity: .temperature, base: "F", display: "K"))
        #expect(abs(k.convert(32) - 273.15) < 1e-9)
        let speed = try #require(UnitConversion(quantity: .speed, base: "m/s", display: "km/h"))
        #expect(abs(speed.convert(10) - 36) < 1e-9)
        let knots = try #require(UnitConversion(quantity: .speed, base: "kn", display: "mph"))
        #expect(abs(knots.convert(1) - 1.150779) < 1e-6)
        let pressure = try #require(UnitConversion(quantity: .pressure, base: "hPa", display: "inHg"))
        #expect(abs(pressure.convert(1013.25) - 29.921) < 1e-3)
        let length = try #require(UnitConversion(quantity: .length, base: "in", display: "mm"))
        #expect(abs(length.convert(1) - 25.4) < 1e-9)
        #expect(UnitConversion(quantity: .speed, base: "C", display: "F") == nil)
    }

    @Test(arguments: painters)
    func dotsAndBarsTakeTheirValuesColours(painter: Backend) throws {
        let scale = ColorScale(values: [(0, ColorScaleTests.red), (10, ColorScaleTests.blue)])
        var dots = Series.dots(x: [2, 5, 8, 3.5], y: [8, 8, 8, 8], radius: 6...6)
        dots.pointColors = PointColors(values: [0, 5, 10, .nan], scale: scale)
        var bars = Series.bars(x: [2, 5, 8], y: [5, 5, 5])
        bars.pointColors = PointColors(values: [10, 0, 5], scale: scale)
        let chart = bareChart([bars, dots])
        let image = try Shared.renderer(painter).render(chart)
        let t = try Shared.layout(chart).transform
        let purple = RGB(128, 0, 128)
        for (x, color) in [(2.0, RGB(ColorScaleTests.red)), (5, purple), (8, RGB(ColorScaleTests.blue))] {
            let c = t.apply(x, 8)
            #expect(RGB(image, Int(c.x), Int(c.y)).near(color, 1), "dot at x \(x)")
        }
        let gap = t.apply(3.5, 8)
        #expect(RGB(image, Int(gap.x), Int(gap.y)) == .white, "a NaN colour value is a gap")
        for (x, color) in [(2.0, RGB(ColorScaleTests.blue)), (5, RGB(ColorScaleTests.red)), (8, purple)] {
            let c = t.apply(x, 2)
            #expect(RGB(image, Int(c.x), Int(c.y)).near(color, 1), "bar at x \(x)")
        }
    }

    /// Fifteen categories without a palette are fifteen colours: Tableau 10's, then Tableau 20's lighter ones;
    /// ten or fewer keep Tableau 10 alone.
    @Test func categoriesPastTenTakeTableau20sLighterColours() throws {
        let names = (0..<15).map { "\"c\($0)\"" }.joined(separator: ", ")
        let chart = try decodeSpec(#"{"series": [{"type": "dots", "y": [\#((0..<15).map(String.init).joined(separator: ", "))], "color": {"categories": [\#(names)]}}]}"#)
        let scale = try #require(chart.series[0].pointColors?.scale)
        let colours = (0..<15).compactMap { scale.color(for: Double($0)) }
        #expect(Set(colours.map(\.hex)).count == 15)
        #expect(Array(colours.prefix(10)) == CategoricalPalette.tableau10.colors)
        #expect(colours[10] == Color(rgb: 0xAEC7E8) && colours[14] == Color(rgb: 0xC5B0D5))
        #expect(CategoricalPalette.tableau10.colors(for: 10) == CategoricalPalette.tableau10.colors)
        #expect(CategoricalPalette.dark2.colors(for: 15) == CategoricalPalette.dark2.colors)
    }

    @Test func specReadsScalesAndRefusesBadOnes() throws {
        let chart = try decodeSpec(#"""
            {"series": [{"type": "dots", "y": [1, 2, 3], "color": {"values": [0, 5, 10], "scale": {"stops": [[0, "red"], [10, "blue"]], "steps": 4}}},
                        {"type": "dots", "y": [1, 2], "color": {"categories": ["b", "a"], "palette": "dark2"}},
                        {"type": "dots", "y": [1, 2], "color": {"categories": ["Good", "Poor"], "palette": {"Good": "#29e11f", "Poor": "#d0021b"}}},
                        {"type": "dots", "y": [1, 2], "color": {"values": [3, 4], "palette": "magma"}}]}
            """#)
        #expect(chart.series[0].pointColors?.scale.steps == 4 && chart.series[0].pointColors?.scale.range == 0...10)
        #expect(chart.series[1].pointColors?.scale.categories == ["b", "a"])
        #expect(chart.series[2].pointColors?.scale.stops.map(\.color) == [Color(rgb: 0x29E11F), Color(rgb: 0xD0021B)])
        #expect(chart.series[3].pointColors?.scale.color(atFraction: 0) == Color(rgb: 0x000004))
        #expect(specError(#"{"series": [{"y": [1], "color": {"values": [1], "palette": "viridiss"}}]}"#)
            .contains(#"series[0].color.palette: unknown palette "viridiss" (did you mean "viridis"?); valid: viridis, magma"#))
        #expect(specError(#"{"series": [{"y": [1], "color": {"values": [1], "scale": {"stops": [[5, "red"], [1, "blue"]]}}}]}"#)
            .contains("series[0].color.scale.stops[1][0]: stop values must increase"))
        #expect(specError(#"{"series": [{"y": [1, 2], "color": {"values": [1], "palette": "viridis"}}]}"#) == "")
        #expect(throws: GlintError.self) {
            try Shared.renderer(.cpu).render(try decodeSpec(#"{"series": [{"y": [1, 2], "color": {"values": [1], "palette": "viridis"}}]}"#))
        }
    }
}
