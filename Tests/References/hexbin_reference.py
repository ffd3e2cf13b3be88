"""Writes HexbinReference.swift: the judge's hexagons the hexbin tests compare Glint's with — matplotlib's
`Axes.hexbin` (its offsets and array) for counts with the data's extent, counts on a given extent and a grid of two
sizes (points outside it left out), and values reduced by mean and median with `mincnt` — on the points the tests
make (the same arithmetic in Swift).

    python Tests/References/hexbin_reference.py > Tests/GlintCoreTests/HexbinReference.swift"""
import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def points(n):
    """Two clusters on a 0.01 grid (ties on the lattices' edges), as `HexbinTests.points` makes them."""
    x = np.array([((i * 7919) % 1009) / 100.0 for i in range(n)])
    y = np.array([((i * 104729) % 997) / 50.0 + (5.0 if i % 3 == 0 else 0.0) for i in range(n)])
    c = np.array([float((i * 31) % 17) - 8.0 for i in range(n)])
    return x, y, c


def row(name, numbers):
    return f"    static let {name}: [Double] = [{', '.join(repr(float(v)) for v in numbers)}]"


def case(name, **kwargs):
    figure, axes = plt.subplots()
    hexagons = axes.hexbin(x, y, **kwargs)
    offsets, values = hexagons.get_offsets(), hexagons.get_array()
    plt.close(figure)
    return [row(name + "X", offsets[:, 0]), row(name + "Y", offsets[:, 1]), row(name + "Values", values)]


x, y, c = points(500)
print(f"// Written by Tests/References/hexbin_reference.py (numpy {np.__version__}, matplotlib {matplotlib.__version__}): do not edit.")
print("enum HexbinReference {")
for line in (case("counts", gridsize=10, mincnt=1)
             + case("extent", gridsize=(8, 5), extent=(2, 8, 3, 20), mincnt=1)
             + case("means", C=c, gridsize=6)
             + case("medians", C=c, gridsize=7, reduce_C_function=np.median, mincnt=2)):
    print(line)
print("}")
