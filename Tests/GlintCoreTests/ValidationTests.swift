import Testing
@testable import GlintCore

@Suite struct ValidationTests {
    @Test func lengthMismatchNamesTheSeriesAndBothLengths() {
        let c = Chart(series: [.line(x: [1], y: [1]), .line(x: [1, 2, 3], y: [1, 2])])
        #expect(throws: ChartError.lengthMismatch(series: 1, x: 3, y: 2)) { try c.validate() }
        #expect(ChartError.lengthMismatch(series: 1, x: 3, y: 2).description == "series[1]: x has 3 values but y has 2")
    }

    @Test func sizeMismatchIsRefused() {
        let c = Chart(series: [.dots(x: [1, 2], y: [1, 2], size: [1])])
        #expect(throws: ChartError.sizeLengthMismatch(series: 0, points: 2, sizes: 1)) { try c.validate() }
    }

    @Test(arguments: [(0, 10), (10, 0), (-5, 10)])
    func nonPositiveSizesAreRefused(width: Int, height: Int) {
        #expect(throws: ChartError.invalidSize(width: width, height: height)) { try Chart(width: width, height: height).validate() }
    }

    @Test func colourParsing() {
        #expect(Color(parsing: "#ff0000") == Color(rgb: 0xFF0000))
        #expect(Color(parsing: "#f00") == Color(rgb: 0xFF0000))
        #expect(Color(parsing: "#00ff0080")?.alpha == 128.0 / 255)
        #expect(Color(parsing: "steelblue") == Color(rgb: 0x4682B4))
        #expect(Color(parsing: "blu") == nil)
        #expect(Color(parsing: "#12345") == nil)
    }

    @Test func dotRadiusMapsSizesLinearlyAndClamps() {
        let dots = DotShape(x: [], y: [], size: nil, transform: .identity, radius: 2...10, sizeRange: 0...100, fill: .black)
        #expect(dots.radius(forSize: 0) == 2)
        #expect(dots.radius(forSize: 50) == 6)
        #expect(dots.radius(forSize: 100) == 10)
        #expect(dots.radius(forSize: 500) == 10)
        let constant = DotShape(x: [], y: [], size: nil, transform: .identity, radius: 2...10, sizeRange: 0...0, fill: .black)
        #expect(constant.radius(forSize: 0) == 10)
    }
}
