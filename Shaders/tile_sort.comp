#version 310 es
// The compute painter's stable order (ComputePainter): one work group per tile sorts the tile's list of items,
// which tile_bin.comp placed in whatever order its atomic adds fell, into ascending item order, which is scene
// order. A bitonic sorting network over the list's length rounded up to a power of two, the missing entries taken
// as larger than any item (a compare with one is skipped): each merge's first step compares mirror images in a block,
// the others partners a stride apart, so every block comes out ascending.
precision highp int;
layout(local_size_x = 256) in;
layout(std430, binding = 4) coherent buffer Lists { uint tileItems[]; };
layout(std430, binding = 3) readonly buffer Starts { uint starts[]; };

void main() {
    uint tile = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint base = starts[tile];
    uint n = starts[tile + 1u] - base;
    // No early return before the barriers: a list of fewer than two runs no step.
    uint lane = gl_LocalInvocationID.x;
    for (uint block = 2u; (block >> 1) < n; block <<= 1) {
        for (uint stride = block >> 1; stride > 0u; stride >>= 1) {
            for (uint i = lane; i < n; i += 256u) {
                uint partner = stride == block >> 1 ? (i & ~(block - 1u)) + (block - 1u - (i & (block - 1u))) : i ^ stride;
                if (partner <= i || partner >= n) continue;
                uint a = tileItems[base + i], b = tileItems[base + partner];
                if (a > b) {
                    tileItems[base + i] = b;
                    tileItems[base + partner] = a;
                }
            }
            memoryBarrierBuffer();
            barrier();
        }
    }
}
