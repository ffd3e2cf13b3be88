#version 310 es
// Counts a density series' points into the plot's cells on the GPU (GLDensityCounter): each invocation takes one
// point's pixel position — computed on the CPU in the painters' arithmetic, (-1, -1) for a point without one —
// finds its cell by the rule of DensityCells.cell (its Swift twin; DensityTests compares the two painters' counts
// cell by cell on points that sit on every kind of edge) and adds one to it. Comparisons and int() are exact in
// IEEE single precision, so the cell is the one the CPU finds.
precision highp float;
precision highp int;
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Positions { vec2 positions[]; };
layout(std430, binding = 1) buffer Counts { uint counts[]; };
// How many positions this dispatch counts.
uniform uint pointCount;
// The cells' closed bounds in pixels: left, top, right, bottom.
uniform vec4 bounds;
// The cells' first pixel column and row, and how many columns.
uniform ivec3 window;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= pointCount) return;
    vec2 p = positions[i];
    if (p.x < bounds.x || p.x > bounds.z || p.y < bounds.y || p.y > bounds.w) return;
    // Pixels grow down while y grows up: a y on a row's edge belongs to the row above it; the right and top
    // edges themselves to the last column and the first row.
    int column = p.x >= bounds.z ? window.z - 1 : int(p.x) - window.x;
    int below = int(p.y);
    int row = p.y <= bounds.y ? 0 : (float(below) < p.y ? below : below - 1) - window.y;
    atomicAdd(counts[row * window.z + column], 1u);
}
