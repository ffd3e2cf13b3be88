#version 310 es
// The compute painter's prefix sum (ComputePainter): one work group turns the tiles' counts into each tile's start
// in the list of all tiles' items (`starts`, one more entry than tiles: the total last), and copies the starts into
// `counts`, where tile_bin.comp's placing pass takes them as cursors. Each invocation sums a run of tiles, the work
// group scans the runs' sums in shared memory, and each invocation writes its run's starts.
precision highp int;
layout(local_size_x = 1024) in;
layout(std430, binding = 2) buffer Counts { uint counts[]; };
layout(std430, binding = 3) writeonly buffer Starts { uint starts[]; };

uniform uint tileCount;

shared uint sums[1024];

void main() {
    uint lane = gl_LocalInvocationID.x;
    uint run = (tileCount + 1023u) / 1024u;
    uint first = min(lane * run, tileCount), last = min(first + run, tileCount);
    uint total = 0u;
    for (uint t = first; t < last; t++) total += counts[t];
    sums[lane] = total;
    barrier();
    // Hillis–Steele over the 1024 sums: after each step, sums[i] holds the sum of up to 2^k sums ending at i.
    for (uint step = 1u; step < 1024u; step <<= 1) {
        uint add = lane >= step ? sums[lane - step] : 0u;
        barrier();
        sums[lane] += add;
        barrier();
    }
    uint start = sums[lane] - total;
    for (uint t = first; t < last; t++) {
        uint count = counts[t];
        starts[t] = start;
        counts[t] = start;
        start += count;
    }
    if (lane == 1023u) starts[tileCount] = sums[1023];
}
