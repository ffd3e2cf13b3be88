import CRaster

/// The instruction-set variants of the CPU painter's kernels (Sources/CRaster): one is chosen per process from
/// the CPU (AVX-512 F/BW/DQ/VL where cpuid offers them, else AVX2, else the baseline). Every variant draws the
/// same bytes; the choice is only about speed, so it may be changed at any time, even while other threads paint.
public enum CPUKernels {
    /// Every variant's name, the fastest first.
    public static let variants = ["avx512", "avx2", "baseline"]

    /// The variant in use.
    public static var variant: String { String(cString: raster_variant()) }

    /// Whether this CPU runs the variant called `name` (one of `variants`); changes nothing.
    public static func runs(_ name: String) -> Bool { name.withCString { raster_runs_variant($0) } }

    /// Uses the variant called `name` (one of `variants`), or the CPU's best for nil; false, changing nothing,
    /// when this CPU cannot run it or there is no such variant.
    @discardableResult
    public static func use(_ name: String?) -> Bool {
        guard let name else { return raster_use_variant(nil) }
        return name.withCString { raster_use_variant($0) }
    }
}
