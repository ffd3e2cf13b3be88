/// Counting a density series' points somewhere other than the CPU's loops: on a GPU (the GL painter's compute
/// shaders). The positions are still the painters' own — each point's pixel computed on the CPU in Double from the
/// axes' origin, then Float32, as every mark's vertices are — so a point lands in the cell it lands in on the CPU;
/// what moves is the work per point after that (the cell rule and the increment, the random writes that cost the
/// CPU most) and the per-thread grids' sum.
public protocol DensityCounting: Sendable {
    /// Where the counting runs, as a notice says it: "NVIDIA H200/PCIe/SSE2 (OpenGL ES compute shader)".
    var place: String { get }

    /// The points per cell of `cells` (row-major, row 0 at the top) of `points` points, whose pixel positions
    /// `positions` writes on demand: x, y pairs of points `range` into a buffer of `2 × range.count` Floats, a pair
    /// outside the cells' bounds (-1, -1) for a point without a position. Nil when it could not count (the CPU
    /// counts instead).
    func counts(cells: DensityCells, points: Int,
                positions: (_ range: Range<Int>, _ into: UnsafeMutableBufferPointer<Float>) -> Void) -> [UInt32]?
}
