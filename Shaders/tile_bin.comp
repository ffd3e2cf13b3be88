#version 310 es
// The compute painter's binning (ComputePainter), in two dispatches over the items of a batch, one invocation per
// item: first each item adds one to the count of every tile its pixel window reaches (`placing` false); after
// tile_scan.comp has turned the counts into each tile's start (and a cursor per tile), each item takes a slot in
// every such tile's list (`placing` true). Slots come from atomic adds, so a tile's list is in no set order until
// tile_sort.comp sorts it. GLProgram inserts TILE_SIZE after the #version line.
precision highp int;
layout(local_size_x = 256) in;
// Per item: its first record, its kind, its window's columns x0 | x1 << 16 and rows y0 | y1 << 16.
layout(std430, binding = 0) readonly buffer Items { uvec4 items[]; };
// Per tile: its count (counting), its cursor (placing).
layout(std430, binding = 2) buffer Counts { uint counts[]; };
layout(std430, binding = 4) writeonly buffer Lists { uint tileItems[]; };

uniform uint itemCount;
// Tiles across the image.
uniform uint tilesAcross;
uniform bool placing;

void main() {
    uint item = gl_GlobalInvocationID.y * gl_NumWorkGroups.x * 256u + gl_GlobalInvocationID.x;
    if (item >= itemCount) return;
    uvec4 entry = items[item];
    // A window lies inside the image; an empty one (a dot drawn nowhere) reaches no tile.
    if ((entry.z >> 16) <= (entry.z & 0xFFFFu) || (entry.w >> 16) <= (entry.w & 0xFFFFu)) return;
    uint x0 = (entry.z & 0xFFFFu) / uint(TILE_SIZE), x1 = ((entry.z >> 16) - 1u) / uint(TILE_SIZE);
    uint y0 = (entry.w & 0xFFFFu) / uint(TILE_SIZE), y1 = ((entry.w >> 16) - 1u) / uint(TILE_SIZE);
    for (uint y = y0; y <= y1; y++) {
        for (uint x = x0; x <= x1; x++) {
            uint tile = y * tilesAcross + x;
            if (placing) tileItems[atomicAdd(counts[tile], 1u)] = item;
            else atomicAdd(counts[tile], 1u);
        }
    }
}
