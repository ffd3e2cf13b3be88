"""Writes ContourReference.swift: the judge's contours the contour tests compare Glint's with — contourpy's
(matplotlib's contour engine) lines at each level, as every vertex of every line in order of x then y, how many
lines, and the area of each filled band — on the grid the tests make (the same arithmetic in Swift).

    python Tests/References/contour_reference.py > Tests/GlintCoreTests/ContourReference.swift"""
import math

import contourpy
import numpy as np


def grid():
    """Uneven positions and a surface with hills, a valley and saddles, as `ContourTests.grid` makes it."""
    x = np.array([k * 0.2 + 0.013 * k * k for k in range(40)])
    y = np.array([k * 0.15 + 0.011 * k * k for k in range(30)])
    z = np.array([[math.sin(a) * math.cos(1.3 * b) + 0.3 * a - 0.1 * b for a in x] for b in y])
    return x, y, z


def row(name, numbers):
    return f"    static let {name}: [Double] = [{', '.join(repr(float(v)) for v in numbers)}]"


def area(points):
    x, y = points[:, 0], points[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


x, y, z = grid()
levels = [-0.6, 0.0, 0.45, 1.1, 1.7, 2.6]
generator = contourpy.contour_generator(x, y, z)
print(f"// Written by Tests/References/contour_reference.py (numpy {np.__version__}, contourpy {contourpy.__version__}): do not edit.")
print("enum ContourReference {")
print(row("levels", levels))
for k, level in enumerate(levels):
    lines = generator.lines(level)
    vertices = sorted((float(p[0]), float(p[1])) for line in lines for p in (line[:-1] if np.array_equal(line[0], line[-1]) else line))
    print(row(f"x{k}", [v[0] for v in vertices]))
    print(row(f"y{k}", [v[1] for v in vertices]))
    print(f"    static let count{k} = {len(lines)}")
bands = []
for lower, upper in zip(levels, levels[1:]):
    points, offsets = generator.filled(lower, upper)
    bands.append(sum(area(p[o[i]:o[i + 1]]) for p, o in zip(points, offsets) for i in range(len(o) - 1)))
print(row("bandAreas", bands))
print("}")
