/// The version of Glint: `glint --version`, the render server's `/info`.
public enum GlintVersion {
    /// The version as `major.minor.patch`.
    public static let string = "0.1.0"
}
