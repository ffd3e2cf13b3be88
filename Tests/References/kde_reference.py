"""Writes KernelDensityReference.swift: the judge's values the violin tests compare Glint's kernel density with —
`scipy.stats.gaussian_kde` with Scott's and Silverman's bandwidths and with a given kernel width — on the values the
tests make (the same arithmetic in Swift), at the points they ask; and Scott's cumulative distribution (`integrate_box_1d`) for density curves.

    python Tests/References/kde_reference.py > Tests/GlintCoreTests/KernelDensityReference.swift"""
import numpy as np
import scipy
import scipy.stats


def values(n):
    """Two clusters and ties, as `KernelDensityTests.values` makes them."""
    return np.array([((i * 7919) % 1009) / 100.0 + (25.0 if i % 3 == 0 else 0.0) for i in range(n)])


def row(name, numbers):
    return f"    static let {name}: [Double] = [{', '.join(repr(float(v)) for v in numbers)}]"


data = values(200)
at = np.array([-5.0 + 45.0 * k / 36 for k in range(37)])
sigma = 1.5
print(f"// Written by Tests/References/kde_reference.py (numpy {np.__version__}, scipy {scipy.__version__}): do not edit.")
print("enum KernelDensityReference {")
print(row("at", at))
print(row("scott", scipy.stats.gaussian_kde(data).evaluate(at)))
print(row("silverman", scipy.stats.gaussian_kde(data, bw_method="silverman").evaluate(at)))
print(row("given", scipy.stats.gaussian_kde(data, bw_method=sigma / data.std(ddof=1)).evaluate(at)))
scott = scipy.stats.gaussian_kde(data)
print(row("scottCumulative", [scott.integrate_box_1d(-np.inf, a) for a in at]))
print(f"    static let scottBandwidth = {float(np.sqrt(scipy.stats.gaussian_kde(data).covariance[0, 0]))!r}")
print("}")
