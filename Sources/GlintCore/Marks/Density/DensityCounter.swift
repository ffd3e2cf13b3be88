/// The density counter of the render in progress, set by the renderer around the work of a chart it paints on a
/// GPU (`DensityCounter.$current.withValue(counter) { … }`); nil, the default, counts on the CPU.
public enum DensityCounter {
    @TaskLocal public static var current: (any DensityCounting)?

    /// Whether a counter other than the CPU counts `s`: plain counts of points (no weights, which are cells a
    /// database counted; no value reductions, categories or lines, which the CPU's loops hold).
    static func counts(_ s: Series) -> Bool {
        s.density.reduction == .count && s.density.geometry == .points && s.density.weights == nil
    }
}
