/// How dot sizes map onto radii.
public enum RadiusScale: String, CaseIterable, Sendable {
    /// The radius grows linearly with the size.
    case linear
    /// The area grows linearly with the size (the radius with its square root), as readers compare dots.
    case area
}
