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

    @Test func dotSizeFractionsAreLinearClampedAndSafeForAnyDouble() {
        let dots = DotShape(x: [], y: [], size: [0, 50, 100, 500, -7, .nan], transform: .identity, radius: 2...10,
                            sizeRange: 0...100, fill: .black)
        #expect((0..<5).map { dots.sizeFraction($0) } == [0, 0.5, 1, 1, 0])
        #expect(dots.sizeFraction(5) == nil, "a NaN size is a gap")
        let constant = DotShape(x: [], y: [], size: [3], transform: .identity, radius: 2...10, sizeRange: 3...3, fill: .black)
        #expect(constant.sizeFraction(0) == 1)
        let unsized = DotShape(x: [], y: [], size: nil, transform: .identity, radius: 2...10, sizeRange: 0...0, fill: .black)
        #expect(unsized.sizeFraction(0) == 1)
        let huge = DotShape(x: [], y: [], size: [-1e308, 0, 1e308], transform: .identity, radius: 2...10,
                            sizeRange: -1e308...1e308, fill: .black)
        #expect((0..<3).map { huge.sizeFraction($0) } == [0, 0.5, 1])
    }
}

/// Caches bounded in bytes as well as entries: a long-lived process never grows past either bound, whatever it sees.
@Suite struct BoundedCacheTests {
    @Test func costBoundsTheCacheAsCountDoes() {
        var cache = BoundedCache<Int, [UInt8]>(capacity: 1000, maxCost: 10_000)
        for key in 0..<500 { _ = cache.value(for: key, cost: { $0.count }) { [UInt8](repeating: 1, count: 240) } }
        #expect(cache.totalCost <= 10_000 && cache.count == 10_000 / 240, "\(cache.totalCost) bytes in \(cache.count) values")
        // The most recent values are the ones kept; one costlier than the bound alone is returned, not kept.
        var made = 0
        _ = cache.value(for: 499, cost: { $0.count }) { made += 1; return [] }
        #expect(made == 0)
        let huge = cache.value(for: -1, cost: { $0.count }) { [UInt8](repeating: 2, count: 20_000) }
        #expect(huge.count == 20_000 && cache.totalCost <= 10_000)
        _ = cache.value(for: -1, cost: { $0.count }) { made += 1; return [] }
        #expect(made == 1, "the oversized value was not kept")
    }

    @Test func saturatingConversionsNeverTrap() {
        let limit = Int.saturationLimit
        #expect([Double.nan, .infinity, -.infinity, 1e308, -1e308, 2.9, -2.9].map { Int(saturating: $0) } == [0, limit, -limit, limit, -limit, 2, -2])
        #expect(Int(saturating: .nan, nan: 7) == 7)
        #expect(Range(checked: 5, 3) == 5..<5 && Range(checked: 1, 4) == 1..<4)
    }
}

/// The default dot radius follows the series' sizes whenever it is read, not only when the series is made.
@Suite struct DefaultRadiusTests {
    @Test func theDefaultFollowsSizesSetLater() {
        var s = Series.dots(x: [0, 1], y: [0, 1])
        #expect(s.radius == DotStyle.plainRadius)
        s.size = [0, 100]
        #expect(s.radius == DotStyle.sizedRadius, "sizes set after init, as a database source fills them")
        s.size = nil
        #expect(s.radius == DotStyle.plainRadius)
        s.dots.radius = 3...9
        s.size = [1, 2]
        #expect(s.radius == 3...9 && s.dots.radius == 3...9, "a radius that was set stays")
    }
}
