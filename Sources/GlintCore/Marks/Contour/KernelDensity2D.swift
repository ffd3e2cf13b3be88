import Dispatch
import Glibc

/// A Gaussian kernel density estimate of points in the plane, as `scipy.stats.gaussian_kde` computes it with
/// Scott's rule: the kernel's covariance is the points' covariance (n − 1 in the denominator) times n^(−1/3)
/// (Scott's factor n^(−1/6) squared; Silverman's is the same in two dimensions).
struct KernelDensity2D {
    let x: [Double], y: [Double]
    /// The kernel's covariance.
    let cxx: Double, cxy: Double, cyy: Double

    /// The estimate of the finite points among (`x`, `y`); nil for fewer than two, or points on one line (no
    /// covariance to take a kernel from).
    init?(x xs: Column, y ys: Column) {
        var (x, y) = ([Double](), [Double]())
        for i in 0..<min(xs.count, ys.count) where xs[i].isFinite && ys[i].isFinite { x.append(xs[i]); y.append(ys[i]) }
        guard x.count > 1 else { return nil }
        let n = Double(x.count)
        let mx = x.reduce(0) { $0 + $1 / n }, my = y.reduce(0) { $0 + $1 / n }
        var (sxx, sxy, syy) = (0.0, 0.0, 0.0)
        for i in x.indices {
            let (dx, dy) = (x[i] - mx, y[i] - my)
            (sxx, sxy, syy) = (sxx + dx * dx, sxy + dx * dy, syy + dy * dy)
        }
        let factor = pow(n, -1.0 / 3)
        (cxx, cxy, cyy) = (sxx / (n - 1) * factor, sxy / (n - 1) * factor, syy / (n - 1) * factor)
        let det = cxx * cyy - cxy * cxy
        guard det > 0, det.isFinite else { return nil }
        (self.x, self.y) = (x, y)
    }

    /// The grid of `size` × `size` nodes from three kernel standard deviations below the lowest point to as far
    /// above the highest, along each axis, with the density at each node.
    func grid(size: Int) -> ContourGrid {
        let (sx, sy) = (cxx.squareRoot() * 3, cyy.squareRoot() * 3)
        let (x0, x1) = (x.min()! - sx, x.max()! + sx), (y0, y1) = (y.min()! - sy, y.max()! + sy)
        let xs = KernelDensity.evenly(from: x0, to: x1, count: size), ys = KernelDensity.evenly(from: y0, to: y1, count: size)
        let det = cxx * cyy - cxy * cxy
        let (ixx, ixy, iyy) = (cyy / det, -cxy / det, cxx / det)
        let norm = 1 / (2 * Double.pi * det.squareRoot() * Double(x.count))
        var z = [Double](repeating: 0, count: size * size)
        z.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: size) { r in
                for c in 0..<size {
                    var sum = 0.0
                    for i in x.indices {
                        let (dx, dy) = (xs[c] - x[i], ys[r] - y[i])
                        sum += exp(-0.5 * (dx * dx * ixx + 2 * dx * dy * ixy + dy * dy * iyy))
                    }
                    out[r * size + c] = sum * norm
                }
            }
        }
        return ContourGrid(x: xs, y: ys, z: z)
    }
}
