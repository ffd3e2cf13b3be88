import Glint
import GlintRenderTestSupport
import Testing

/// The numbers a reader sees on axes, as laid out: suffixes for billions, exponents for millionths, decades in one
/// notation, and at least three ticks on an axis with room for them.
@Suite struct NumberLabelTests {
    @Test func billionsAndMillionthsAreShortOnTheAxes() throws {
        let revenue = Chart(width: 480, height: 300, series: [.bars(x: [2019, 2020, 2021, 2022], y: [2e9, 5.5e9, 8e9, 1.2e10])])
        let layout = try Shared.layout(revenue)
        #expect(layout.y.labels == ["0", "2B", "4B", "6B", "8B", "10B", "12B"], "\(layout.y.labels)")
        #expect(layout.x.labels.allSatisfy { $0.count == 4 && $0.hasPrefix("20") }, "years stay years: \(layout.x.labels)")
        let tiny = try Shared.layout(Chart(width: 480, height: 300, series: [.dots(x: [1, 2, 3, 4], y: [2e-6, 5.5e-6, 8.25e-6, 1.2e-5])]))
        #expect(tiny.y.labels.allSatisfy { $0.contains("e-") || $0 == "0" }, "\(tiny.y.labels)")
        var log = Chart(width: 480, height: 300, series: [.line(x: [1, 2, 3], y: [1e-6, 1, 1e6])])
        log.y.scale = .log
        #expect(try Shared.layout(log).y.labels.allSatisfy { $0.hasPrefix("10") && $0.count >= 3 }, "one notation for every decade")
    }
}
