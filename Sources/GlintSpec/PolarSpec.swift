import GlintCore

/// How angles grow round a polar chart's disc (`"polar": {"direction": ...}`).
enum PolarDirection: String, CaseIterable {
    case clockwise, counterclockwise
}

extension ChartSpec {
    /// The keys of `"polar"` given as an object.
    static let polarKeys = ["startAngle", "direction", "inner"]

    /// `"polar"`: true for polar axes as they come (from 12 o'clock, clockwise, no hole), an object of their keys
    /// (`startAngle` in degrees clockwise from 12 o'clock, `direction`, `inner` the hole's share of the radius), or
    /// false and absent for rectangular axes.
    static func polar(_ root: SpecObject) throws -> PolarAxes? {
        guard let value = root.raw("polar") else { return nil }
        if case let .bool(on) = value { return on ? PolarAxes() : nil }
        guard case .object = value, let o = try root.object("polar", allowed: polarKeys) else {
            throw GlintError.badValue(path: root.childPath("polar"), message: "expected true, false or an object of \(polarKeys.joined(separator: ", "))")
        }
        var polar = PolarAxes()
        if let angle = try o.number("startAngle") { polar.startAngle = angle }
        if let direction = try o.choice("direction", as: PolarDirection.self) { polar.clockwise = direction == .clockwise }
        if let inner = try o.number("inner") {
            guard inner >= 0, inner < 1 else {
                throw GlintError.badValue(path: o.childPath("inner"), message: "expected the hole's share of the radius, from 0 up to 1 "
                                          + "(0.2 for a small one), found \(inner)")
            }
            polar.inner = inner
        }
        return polar
    }
}
