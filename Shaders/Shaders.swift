/// The GLSL ES 3.00 (and, for compute, 3.10) sources in this folder, embedded into the binary at build time.
public enum ShaderSource {
    /// The text of an embedded shader file, by file name (`segment.vert`, ...); nil when there is none.
    public static func named(_ name: String) -> String? {
        guard let bytes = all[name] else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static let all: [String: [UInt8]] = [
        "segment.vert": PackageResources.segment_vert, "segment.frag": PackageResources.segment_frag,
        "join.vert": PackageResources.join_vert, "join.frag": PackageResources.join_frag,
        "dot.vert": PackageResources.dot_vert, "dot.frag": PackageResources.dot_frag,
        "rect.vert": PackageResources.rect_vert, "rect.frag": PackageResources.rect_frag,
        "glyph.vert": PackageResources.glyph_vert, "glyph.frag": PackageResources.glyph_frag,
        "composite.vert": PackageResources.composite_vert, "composite.frag": PackageResources.composite_frag,
        "image.frag": PackageResources.image_frag,
        "prelude.glsl": PackageResources.prelude_glsl, "coverage.h": PackageResources.coverage_h,
        "density_count.comp": PackageResources.density_count_comp,
        "tile_bin.comp": PackageResources.tile_bin_comp, "tile_scan.comp": PackageResources.tile_scan_comp,
        "tile_sort.comp": PackageResources.tile_sort_comp, "tile_fine.comp": PackageResources.tile_fine_comp,
    ]
}
