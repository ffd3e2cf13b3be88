#version 310 es
// The compute painter's fine pass (ComputePainter): one work group per tile of TILE_SIZE × TILE_SIZE pixels, one
// invocation per pixel. Each invocation walks its tile's list of items (binned by tile_bin.comp, sorted by
// tile_sort.comp, so in scene order), computes each item's coverage at its pixel centre with the formulas of
// coverage.h — the ones the CPU painter's kernels (Sources/CRaster/kernels.h) compile from — and blends in a
// register, as those kernels blend into memory: dots, glyphs, rectangles, image cells and path masks one at a time;
// a line's segments and joins kept as the larger coverage byte, the line's colour blended once when the walk leaves
// the line. The pixel is written once, at the end. GLProgram inserts prelude.glsl and coverage.h after the #version
// line and TILE_SIZE before them; under GLSL ES 3.20 (`#version 320 es` where the context is 3.2) PRECISE keeps each
// sum of products as unfused as the kernels' C computes it.
precision highp int;
precision highp uimage2D;
layout(local_size_x = TILE_SIZE, local_size_y = TILE_SIZE) in;

// Item kinds (TileItemKind in Swift), with the records each reads from its first on. Each item also holds its pixel
// window: the pixels it may touch, as the CPU painter's kernels find them, already inside its command's clip.
const uint ITEM_RECT = 0u;    // (x0, y0, x1, y1) floats; colour
const uint ITEM_DOT = 1u;     // (x, y, r, fill bytes)
const uint ITEM_SEGMENT = 2u; // (ax, ay, bx, by); (start end mode, end end mode, dash start, capsule)
const uint ITEM_JOIN = 3u;    // (x, y, in dx, in dy); (out dx, out dy, bevel, 0)
const uint ITEM_GLYPH = 4u;   // (x0, y0, ux, uy); (vx, vy, tx0, ty0); (tw, th, 0, 0); colour
const uint ITEM_CELLS = 5u;   // (cells, columns, column of pixel, row of pixel): offsets into `words`
const uint ITEM_MASK = 6u;    // (mask bytes' offset into `words` × 4, row stride); colour

// Command kinds (TileCommandKind in Swift): only lines and dots need their command's words.
const uint COMMAND_LINE = 1u;
const uint COMMAND_DOTS = 2u;

// Command flags (TileCommandHeader.Flags).
const uint FLAG_PER_DOT = 1u;
const uint FLAG_HARD = 2u;
const uint FLAG_DASHED = 4u;

// Per item: its first record, its kind, its window's columns x0 | x1 << 16 and rows y0 | y1 << 16.
layout(std430, binding = 0) readonly buffer Items { uvec4 items[]; };
layout(std430, binding = 1) readonly buffer Records { uvec4 records[]; };
// Four uvec4 per command: (kind, first item, flags | marker << 8, half-width or outline width); colour (a line's,
// a dots' fill); a dots' outline colour; a line's dash pattern.
layout(std430, binding = 7) readonly buffer Commands { uvec4 commands[]; };
layout(std430, binding = 3) readonly buffer Starts { uint tileStarts[]; };
layout(std430, binding = 4) readonly buffer Lists { uint tileItems[]; };
// Image cells and indices, path masks (four bytes a word, the first in the low byte).
layout(std430, binding = 5) readonly buffer Words { uint words[]; };
// The glyph atlas, four texels a word.
layout(std430, binding = 6) readonly buffer Atlas { uint atlas[]; };
layout(binding = 0, r32ui) uniform highp uimage2D target;
// A line's coverage carried from one batch of items to the next.
layout(binding = 1, r32ui) uniform highp uimage2D carried;

uniform uint background;
uniform ivec2 size;
uniform int commandCount;
uniform int atlasWidth;
// Whether an earlier batch drew this image (its pixels are read, not cleared); whether the first command's line
// began in it (its coverage is read); whether the last command's line goes on in the next batch (kept, not blended).
uniform bool resumes;
uniform bool carriesIn;
uniform bool carriesOut;

vec4 colorOf(uvec4 bits) { return uintBitsToFloat(bits); }

// Premultiplied bytes of `color` scaled by coverage c (kernels.h: scaled).
uint scaled(vec4 color, float c) {
    return packRGBA(unitByte(color.x * c), unitByte(color.y * c), unitByte(color.z * c), unitByte(color.w * c));
}

// A dot's own fill bytes as the GL painter's normalised attribute reads them (kernels.h: unpacked).
vec4 unpacked(uint bytes) {
    return vec4(float(bytes & 255u) / 255.0, float((bytes >> 8) & 255u) / 255.0, float((bytes >> 16) & 255u) / 255.0,
                float(bytes >> 24) / 255.0);
}

// A coverage as the byte a line keeps (kernels.h: coverage_byte).
uint coverageByte(float c, bool hard) {
    float v = hard ? hardEdge(c) : c;
    return v > 0.0 ? unorm8(v) : 0u;
}

uint wordByte(uint i) { return (words[i >> 2] >> ((i & 3u) * 8u)) & 255u; }
uint atlasByte(uint i) { return (atlas[i >> 2] >> ((i & 3u) * 8u)) & 255u; }

// The line of command c blended over `color` with coverage byte `coverage` (kernels.h: composite).
uint finishLine(int c, uint coverage, uint color) {
    if (c < 0 || commands[4 * c].x != COMMAND_LINE || coverage == 0u) return color;
    return blendOver(scaled(colorOf(commands[4 * c + 1]), float(coverage) / 255.0), color);
}

// A disc (kernels.h: dot_lanes).
uint disc(vec2 p, vec4 d, float strokeWidth, vec4 fill, vec4 stroke) {
    bool outline = strokeWidth > 0.0;
    float r = d.z;
    float inner = max(r - strokeWidth, 0.0);
    float solidEdge = (outline ? inner : r) - 0.5;
    float solid = solidEdge > 0.0 ? solidEdge * solidEdge : -1.0;
    float outerSq = (r + 0.5) * (r + 0.5);
    float dy = p.y - d.y;
    float dy2 = dy * dy;
    if (!(dy2 < outerSq)) return 0u;
    float dx = p.x - d.x;
    PRECISE float d2 = dx * dx + dy2;
    vec2 c = discCover(sqrt(d2), r, outline ? strokeWidth : 0.0);
    if (!(d2 < outerSq && c.y > 0.0)) return 0u;
    if (d2 <= solid) return packRGBA(unorm8(fill.x), unorm8(fill.y), unorm8(fill.z), unorm8(fill.w));
    if (!outline) return scaled(fill, c.y);
    return packRGBA(unorm8(outlined(fill.x, stroke.x, c)), unorm8(outlined(fill.y, stroke.y, c)),
                    unorm8(outlined(fill.z, stroke.z, c)), unorm8(outlined(fill.w, stroke.w, c)));
}

// Any other marker shape (kernels.h: marks).
uint marker(vec2 p, vec4 d, int shape, float strokeWidth, vec4 fill, vec4 stroke) {
    vec2 c = markerCover(shape, vec2(p.x - d.x, d.y - p.y), d.z, strokeWidth);
    if (!(c.y > 0.0)) return 0u;
    return packRGBA(unorm8(outlined(fill.x, stroke.x, c)), unorm8(outlined(fill.y, stroke.y, c)),
                    unorm8(outlined(fill.z, stroke.z, c)), unorm8(outlined(fill.w, stroke.w, c)));
}

// A segment's coverage byte (kernels.h: segment and capsule).
uint segment(vec2 p, uint at, uint flags, float hw, vec4 dash) {
    vec4 ends = uintBitsToFloat(records[at]);
    uvec4 modes = records[at + 1u];
    vec2 a = ends.xy, b = ends.zw;
    float len = length(vec2(b.x - a.x, b.y - a.y));
    vec2 dir = direction(a, b, len);
    if (modes.w != 0u) return coverageByte(capsuleCover(p, a, b, dir, len, hw), false);
    float t = along(p, a, dir);
    float v = segmentCover(p, a, b, dir, len, int(modes.x), int(modes.y), hw, t);
    if ((flags & FLAG_DASHED) != 0u) v *= dashCover(uintBitsToFloat(modes.z) + t, dash);
    return coverageByte(v, (flags & FLAG_HARD) != 0u);
}

// A miter or bevel join's coverage byte (kernels.h: join).
uint join(vec2 p, uint at, uint flags, float hw) {
    vec4 first = uintBitsToFloat(records[at]);
    uvec4 second = records[at + 1u];
    vec2 dIn = first.zw, dOut = uintBitsToFloat(second.xy);
    bool bevel = second.z != 0u;
    vec4 edge = bevelEdge(dIn, dOut, hw);
    float v = joinCover(vec2(p.x - first.x, p.y - first.y), dIn, dOut, bevel, edge, hw);
    return coverageByte(v, (flags & FLAG_HARD) != 0u);
}

// A glyph sampled texel-exact from the atlas (kernels.h: glyph).
uint glyph(vec2 p, uint at) {
    vec4 q = uintBitsToFloat(records[at]);
    uvec4 second = records[at + 1u];
    uvec4 third = records[at + 2u];
    vec2 v = uintBitsToFloat(second.xy);
    PRECISE float uu = q.z * q.z + q.w * q.w, vv = v.x * v.x + v.y * v.y;
    float px = p.x - q.x, py = p.y - q.y;
    PRECISE float onU = px * q.z + py * q.w, onV = px * v.x + py * v.y;
    float s = onU / uu, r = onV / vv;
    if (!(s >= 0.0 && s < 1.0 && r >= 0.0 && r < 1.0)) return 0u;
    int tx = int(second.z) + int(floor(s * float(third.x))), ty = int(second.w) + int(floor(r * float(third.y)));
    float c = float(atlasByte(uint(ty * atlasWidth + tx))) / 255.0;
    return c > 0.0 ? scaled(colorOf(records[at + 3u]), c) : 0u;
}

// The cell of a sampled image under the pixel, or nothing (kernels.h: image).
uint cell(ivec2 pixel, uint at, ivec4 window) {
    uvec4 image = records[at];
    int row = int(words[image.w + uint(pixel.y - window.y)]);
    int column = int(words[image.z + uint(pixel.x - window.x)]);
    if (row < 0 || column < 0) return 0u;
    return words[image.x + uint(row) * image.y + uint(column)];
}

// A path mask's byte in its colour (kernels.h: composite_rows).
uint mask(ivec2 pixel, uint at, ivec4 window) {
    uvec4 m = records[at];
    uint c = wordByte(m.x + uint(pixel.y - window.y) * m.y + uint(pixel.x - window.x));
    return c == 0u ? 0u : scaled(colorOf(records[at + 1u]), float(c) / 255.0);
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (pixel.x >= size.x || pixel.y >= size.y) return;
    uint tile = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    vec2 p = vec2(float(pixel.x) + 0.5, float(pixel.y) + 0.5);
    uint color = resumes ? imageLoad(target, pixel).x : background;
    uint coverage = carriesIn ? imageLoad(carried, pixel).x : 0u;
    int command = 0;
    uint flags = commands[0].z;
    float width = uintBitsToFloat(commands[0].w);
    uint end = tileStarts[tile + 1u];
    for (uint k = tileStarts[tile]; k < end; k++) {
        uint item = tileItems[k];
        if (command + 1 < commandCount && item >= commands[4 * (command + 1)].y) {
            color = finishLine(command, coverage, color);
            coverage = 0u;
            while (command + 1 < commandCount && item >= commands[4 * (command + 1)].y) command++;
            flags = commands[4 * command].z;
            width = uintBitsToFloat(commands[4 * command].w);
        }
        uvec4 entry = items[item];
        ivec4 window = ivec4(entry.z & 0xFFFFu, entry.w & 0xFFFFu, entry.z >> 16, entry.w >> 16);
        if (pixel.x < window.x || pixel.y < window.y || pixel.x >= window.z || pixel.y >= window.w) continue;
        uint at = entry.x;
        if (entry.y == ITEM_SEGMENT) {
            coverage = max(coverage, segment(p, at, flags, width, colorOf(commands[4 * command + 3])));
        } else if (entry.y == ITEM_JOIN) {
            coverage = max(coverage, join(p, at, flags, width));
        } else if (entry.y == ITEM_DOT) {
            vec4 d = uintBitsToFloat(records[at]);
            vec4 fill = (flags & FLAG_PER_DOT) != 0u ? unpacked(records[at].w) : colorOf(commands[4 * command + 1]);
            vec4 stroke = colorOf(commands[4 * command + 2]);
            int shape = int(flags >> 8);
            uint source = shape == MARKER_CIRCLE ? disc(p, d, width, fill, stroke) : marker(p, d, shape, width, fill, stroke);
            color = blendOver(source, color);
        } else if (entry.y == ITEM_RECT) {
            vec4 r = uintBitsToFloat(records[at]);
            float cy = spanCover(p.y, r.y, r.w);
            float cx = spanCover(p.x, r.x, r.z);
            if (cy > 0.0 && cx > 0.0) color = blendOver(scaled(colorOf(records[at + 1u]), cx * cy), color);
        } else if (entry.y == ITEM_GLYPH) {
            color = blendOver(glyph(p, at), color);
        } else if (entry.y == ITEM_CELLS) {
            color = blendOver(cell(pixel, at, window), color);
        } else if (entry.y == ITEM_MASK) {
            color = blendOver(mask(pixel, at, window), color);
        }
    }
    if (carriesOut) {
        bool last = command == commandCount - 1;
        if (!last) color = finishLine(command, coverage, color);
        imageStore(carried, pixel, uvec4(last ? coverage : 0u));
    } else {
        color = finishLine(command, coverage, color);
    }
    imageStore(target, pixel, uvec4(color));
}
