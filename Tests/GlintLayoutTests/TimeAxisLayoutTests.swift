import Testing
@testable import GlintLayout

/// A time axis laid out: instants no calendar holds get numbers.
@Suite struct TimeAxisLayoutTests {
    @Test func instantsBeyondCalendarsGetNumbers() {
        let axis = AxisLayout(domain: -1e300...1e300, length: 400, spacing: 90, scale: TimeScale())
        #expect(axis.labels.contains("0") && axis.labels.count >= 3, "\(axis.labels)")
    }
}
