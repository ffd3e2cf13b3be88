"""Writes TrendReference.swift: the judges' values the trend tests compare Glint's with — numpy.polyfit (linear,
polynomial, and the exp, log and power fits through logarithms), the band of the fitted mean by numpy and
scipy.stats.t, and statsmodels' lowess — on the points the tests make (the same integer arithmetic in Swift).

    python Tests/References/trend_reference.py > Tests/GlintCoreTests/TrendReference.swift"""
import numpy as np
import scipy.stats
import statsmodels.api as sm

N = 60
i = np.arange(N)
x = i * 0.5 + 1.0
noise = ((i * 7919) % 101 - 50) / 25.0
y = 3.0 + 0.8 * x + noise + ((i * i) % 7) / 10.0
POINTS = 25
grid = np.array([x.max() if k == POINTS - 1 else x.min() + (x.max() - x.min()) * k / (POINTS - 1) for k in range(POINTS)])


def fit(u, v, degree, at):
    return np.polyval(np.polyfit(u, v, degree), at)


def band(u, v, degree, at, level):
    a = np.vander(u, degree + 1)
    coef, *_ = np.linalg.lstsq(a, v, rcond=None)
    dof = len(u) - degree - 1
    s2 = np.sum((v - a @ coef) ** 2) / dof
    a0 = np.vander(at, degree + 1)
    half = scipy.stats.t.ppf((1 + level) / 2, dof) * np.sqrt(s2 * np.einsum("ij,jk,ik->i", a0, np.linalg.inv(a.T @ a), a0))
    mean = a0 @ coef
    return mean - half, mean + half


rows = {
    "linear": fit(x, y, 1, grid),
    "poly3": fit(x, y, 3, grid),
    "exp": np.exp(fit(x, np.log(y), 1, grid)),
    "log": fit(np.log(x), y, 1, np.log(grid)),
    "power": np.exp(fit(np.log(x), np.log(y), 1, np.log(grid))),
    "loess": sm.nonparametric.lowess(y, x, frac=2 / 3, it=3, delta=0.0)[:, 1],
    "loess_span03_it0": sm.nonparametric.lowess(y, x, frac=0.3, it=0, delta=0.0)[:, 1],
}
# A straight line with one outlier: after the first pass every other residual is 0 (the median too), and ties.
line_x = np.arange(20.0)
line_y = line_x.copy()
line_y[10] = 100.0
rows["loess_outlier"] = sm.nonparametric.lowess(line_y, line_x, frac=0.5, it=3, delta=0.0)[:, 1]
tie_x = np.array([0.0, 1, 1, 1, 2, 3, 3, 4, 5, 6, 6, 7])
tie_y = np.array([1.0, 2, 5, 3, 4, 8, 6, 7, 9, 8, 12, 11])
rows["loess_ties"] = sm.nonparametric.lowess(tie_y, tie_x, frac=0.4, it=2, delta=0.0)[:, 1]
lower, upper = band(x, y, 2, grid, 0.9)
rows["poly2_band90_lower"], rows["poly2_band90_upper"] = lower, upper
rows["t975"] = np.array([scipy.stats.t.ppf(0.975, d) for d in (1, 2, 5, 30, 1000)])

print("// Written by Tests/References/trend_reference.py (numpy %s, scipy %s, statsmodels %s): do not edit." % (
    np.__version__, scipy.__version__, sm.__version__ if hasattr(sm, "__version__") else __import__("statsmodels").__version__))
print("enum TrendReference {")
for name, values in rows.items():
    swift = "".join(w.capitalize() if k else w for k, w in enumerate(name.split("_")))
    print(f"    static let {swift}: [Double] = [" + ", ".join(repr(float(v)) for v in values) + "]")
print("}")
