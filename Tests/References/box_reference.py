"""Writes BoxReference.swift: the judges' values the box plot tests compare Glint's with — matplotlib's
`cbook.boxplot_stats` (its quartiles numpy's `percentile`, linear method; whiskers at 1.5 IQR and at the range; the
notch's interval) — on the groups the tests make (the same arithmetic in Swift).

    python Tests/References/box_reference.py > Tests/GlintCoreTests/BoxReference.swift"""
import matplotlib
import numpy as np
from matplotlib import cbook

SIZES = [1, 2, 3, 4, 5, 10, 11, 57, 1000]


def values(n, seed):
    """Spread values with ties and a few far ones, as `BoxStatisticsTests.values` makes them."""
    out = []
    for i in range(n):
        v = ((i * 7919 + seed * 104729) % 1009) / 10.0 - 50.0 + ((i * i) % 13) * 0.37
        out.append(v * 6.0 if i % 17 == 16 else v)
    return np.array(out)


def row(name, numbers):
    return f"    static let {name}: [Double] = [{', '.join(repr(float(v)) for v in numbers)}]"


print(f"// Written by Tests/References/box_reference.py (numpy {np.__version__}, matplotlib {matplotlib.__version__}): do not edit.")
print("enum BoxReference {")
print(f"    static let sizes = {SIZES}")
for whis, tag in [(1.5, "tukey"), ((0, 100), "range"), (3.0, "tukey3")]:
    stats = [cbook.boxplot_stats(values(n, seed), whis=whis)[0] for seed, n in enumerate(SIZES)]
    for key in ["q1", "med", "q3", "whislo", "whishi", "cilo", "cihi"]:
        print(row(f"{tag}{key[0].upper()}{key[1:]}", [s[key] for s in stats]))
    print(f"    static let {tag}Fliers: [[Double]] = [{', '.join('[' + ', '.join(repr(float(v)) for v in sorted(s['fliers'])) + ']' for s in stats)}]")
percentiles = [0, 1, 12.5, 25, 33.3, 50, 66.7, 75, 90, 99.9, 100]
print(f"    static let percentiles: [Double] = [{', '.join(repr(float(p)) for p in percentiles)}]")
print(row("percentilesOf1000", np.percentile(values(1000, 8), percentiles)))
print("}")
