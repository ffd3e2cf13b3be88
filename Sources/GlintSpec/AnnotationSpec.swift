import GlintCore

/// `"annotations"`: notes pointing at data points, `{"x", "y", "text", "axis", "arrow", "box", "color"}`; x is a number, a
/// date on a time axis, or a category's name on a category axis.
extension ChartSpec {
    static let annotationKeys = ["x", "y", "text", "axis", "arrow", "box", "color"]

    /// The annotations of `root`, their x read as `time` and `categories` read the series' x.
    static func annotations(_ root: SpecObject, time: TimeValues, categories: AxisCategories) throws -> [Annotation] {
        try (try root.array("annotations") ?? []).enumerated().map { i, item in
            let o = try SpecObject(item, path: root.childPath("annotations") + "[\(i)]", allowed: annotationKeys)
            guard let text = try o.string("text"), !text.isEmpty else {
                throw GlintError.badValue(path: o.childPath("text"), message: "missing; the note to write")
            }
            guard let y = try o.number("y") else { throw GlintError.badValue(path: o.childPath("y"), message: "missing; the point's y") }
            let x: Double
            switch o.raw("x") {
            case let .number(n)?:
                x = time.isActive ? (try time.milliseconds(of: .array([.number(n)]), path: o.childPath("x")))?.first ?? n : n
            case let .string(name)? where time.isActive:
                x = try time.milliseconds(of: .array([.string(name)]), path: o.childPath("x"))?.first ?? .nan
            case let .string(name)?:
                guard let index = categories.x.names?.firstIndex(of: name) else {
                    throw GlintError.badValue(path: o.childPath("x"), message: "\"\(BoundedText.line(name, limit: 40))\" is not a category of the x axis")
                }
                x = Double(index)
            case let value?:
                throw SpecObject.mismatch(o.childPath("x"), expected: "a number, a date or a category", found: value)
            case nil:
                throw GlintError.badValue(path: o.childPath("x"), message: "missing; the point's x")
            }
            return Annotation(x: try SpecObject.finite(x, path: o.childPath("x")), y: try SpecObject.finite(y, path: o.childPath("y")), text: text,
                              axis: try o.choice("axis", as: SeriesAxis.self) ?? .y, arrow: try o.bool("arrow") ?? true,
                              boxed: try o.bool("box") ?? false, color: try o.color("color"))
        }
    }
}
