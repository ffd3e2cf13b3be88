// The per-pixel maths of both painters, written once in the common subset of GLSL ES 3.00 and C99:
// GLProgram inserts this text into every shader after prelude.glsl (which defines GLSL), and the CPU painter's kernels
// (Sources/CRaster) include it, so the GL and CPU painters compute each pixel from the same formulas.
// Rules for this file: float literals carry an `f`; vectors are built with vec2(...)/vec4(...) and read by
// component (C has no operators on them); only the built-ins defined for C below are used; every function is
// declared SHARED. Under C the built-ins compute exactly what Swift's min/max/clamp compute, in Float32.
#ifndef GLINT_COVERAGE_H
#define GLINT_COVERAGE_H

#ifdef GLSL
#define SHARED
// Keeps a sum of products from being fused into one rounding where GLSL ES 3.20 can say so (C contracts nothing:
// the kernels are built without contraction); desktop GLSL 3.30, which GL hosts compile these shaders as, has no
// such keyword.
#if defined(GL_ES) && __VERSION__ >= 320
#define PRECISE precise
#else
#define PRECISE
#endif
#else
#define PRECISE
#include <stdbool.h>
#define SHARED static inline __attribute__((always_inline))
typedef unsigned int uint;
typedef struct { float x, y; } vec2;
typedef struct { float x, y, z, w; } vec4;
#define vec2(x, y) ((vec2){ (x), (y) })
#define vec4(x, y, z, w) ((vec4){ (x), (y), (z), (w) })
// Through int, which vector units convert in one instruction: the values converted here are below 2^31.
#define uint(x) ((uint)(int)(x))
// min/max as Swift and GLSL define them for ordered values (`y < x ? y : x`, `y >= x ? y : x`).
SHARED float glint_min(float x, float y) { return y < x ? y : x; }
SHARED float glint_max(float x, float y) { return y >= x ? y : x; }
#define min(x, y) glint_min(x, y)
#define max(x, y) glint_max(x, y)
#define clamp(x, lo, hi) glint_min(glint_max(x, lo), hi)
#define abs(x) __builtin_fabsf(x)
#define floor(x) __builtin_elementwise_floor(x)
#define sqrt(x) __builtin_elementwise_sqrt(x)
SHARED float length(vec2 v) { return sqrt(v.x * v.x + v.y * v.y); }
#endif

// The gap marker: uploads write Float's largest finite value where a point is a gap (GLSL ES need not keep a
// NaN), and anything beyond 1e37 reads as one. Swift twin: PixelGap.
SHARED bool isGap(float v) { return abs(v) > 1e37f; }
#ifdef GLSL
bool isGap(vec2 p) { return isGap(p.x) || isGap(p.y); }
#endif

// Line end modes (StrokeEnd in Swift): an open end's cap, or a hard cut where a join covers the rest.
#define END_BUTT 0
#define END_ROUND 1
#define END_SQUARE 2
#define END_CUT 3

// Share of the pixel [d - 0.5, d + 0.5] that lies inside [-h, h]: box-filtered coverage at distance d from the
// centre of a band of half-width h (a stroke's cross-section, a disc's radius).
SHARED float cover(float d, float h) { return clamp(min(d + 0.5f, h) - max(d - 0.5f, -h), 0.0f, 1.0f); }

// Share of the pixel [p - 0.5, p + 0.5] inside [lo, hi]: one axis of a rectangle's box-filtered edges.
SHARED float spanCover(float p, float lo, float hi) { return clamp(min(p + 0.5f, hi) - max(p - 0.5f, lo), 0.0f, 1.0f); }

// The length of the dashes between 0 and s for the pattern (on, off, on, off) repeating in both directions.
SHARED float dashLength(float s, vec4 dash) {
    float period = dash.x + dash.y + dash.z + dash.w;
    float k = floor(s / period);
    PRECISE float u = s - k * period;
    PRECISE float whole = k * (dash.x + dash.z) + clamp(u, 0.0f, dash.x) + clamp(u - (dash.x + dash.y), 0.0f, dash.z);
    return whole;
}

// The share of the pixel [s - 0.5, s + 0.5] along a line that lies on a dash: an exact box filter.
SHARED float dashCover(float s, vec4 dash) { return dashLength(s + 0.5f, dash) - dashLength(s - 0.5f, dash); }

// Coverage of a segment's end at distance t past it (t > 0 outside), given its mode; fromEnd is the pixel
// centre relative to the end point, hw the stroke's half-width.
SHARED float endCover(int mode, float t, vec2 fromEnd, float hw) {
    if (mode == END_ROUND) return t > 0.0f ? cover(length(fromEnd), hw) : 1.0f;
    if (mode == END_CUT) return t <= 0.0f ? 1.0f : 0.0f;
    float extent = mode == END_SQUARE ? hw : 0.0f;
    return clamp(extent - t + 0.5f, 0.0f, 1.0f);
}

// Aliased strokes keep a pixel whose coverage reaches one half, whole.
SHARED float hardEdge(float c) { return c >= 0.5f ? 1.0f : 0.0f; }

// The unit direction of a segment of length len from a to b (along x when the segment is a point).
SHARED vec2 direction(vec2 a, vec2 b, float len) {
    return len > 0.0f ? vec2((b.x - a.x) / len, (b.y - a.y) / len) : vec2(1.0f, 0.0f);
}

// Coverage at the pixel centre p of the segment from a to b (length len, unit direction dir) with end modes e0
// and e1, before dashes: the box-filtered distance across the stroke, and at each end its cap or cut. Round
// ends replace the cross-section beyond the end by a disc. `t` is how far along the segment p lies.
SHARED float segmentCover(vec2 p, vec2 a, vec2 b, vec2 dir, float len, int e0, int e1, float hw, float t) {
    vec2 q = vec2(p.x - a.x, p.y - a.y);
    PRECISE float across = -q.x * dir.y + q.y * dir.x;
    float c = cover(abs(across), hw);
    if (e0 == END_ROUND && t < 0.0f) c = 1.0f;
    if (e1 == END_ROUND && t > len) c = 1.0f;
    c *= endCover(e0, -t, q, hw);
    c *= endCover(e1, t - len, vec2(p.x - b.x, p.y - b.y), hw);
    return c;
}

// How far along the segment from a (unit direction dir) the pixel centre p lies.
SHARED float along(vec2 p, vec2 a, vec2 dir) {
    PRECISE float t = (p.x - a.x) * dir.x + (p.y - a.y) * dir.y;
    return t;
}

// A segment with round ends on both sides, anti-aliased, undashed: segmentCover's products collapse to the
// coverage of the distance to the nearer end point beyond the segment, or across it in between — the same
// Float32 values, chosen without branches (both distances are computed, so a vector unit can take them).
SHARED float capsuleCover(vec2 p, vec2 a, vec2 b, vec2 dir, float len, float hw) {
    vec2 q = vec2(p.x - a.x, p.y - a.y);
    PRECISE float t = q.x * dir.x + q.y * dir.y;
    PRECISE float across = -q.x * dir.y + q.y * dir.x;
    bool before = t < 0.0f;
    bool beyond = t > len;
    vec2 e = before ? q : vec2(p.x - b.x, p.y - b.y);
    PRECISE float squared = e.x * e.x + e.y * e.y;
    float toEnd = sqrt(squared);
    return cover(before || beyond ? toEnd : abs(across), hw);
}

// The outer edge of a bevel at a join with incoming and outgoing unit directions dIn and dOut: the outward unit
// normal of the line through the two outer corners (x, y) and its distance from the join's centre (z).
SHARED vec4 bevelEdge(vec2 dIn, vec2 dOut, float hw) {
    vec2 n1 = vec2(-dIn.y, dIn.x);
    vec2 n2 = vec2(-dOut.y, dOut.x);
    PRECISE float turn = dOut.x * n1.x + dOut.y * n1.y;
    float side = turn > 0.0f ? -1.0f : 1.0f;
    PRECISE vec2 outward = vec2(side * (n1.x + n2.x) + 1e-12f, side * (n1.y + n2.y) + 1e-12f);
    PRECISE float squared = outward.x * outward.x + outward.y * outward.y;
    float norm = sqrt(squared);
    outward = vec2(outward.x / norm, outward.y / norm);
    PRECISE float reach = hw * (side * n1.x * outward.x + side * n1.y * outward.y);
    return vec4(outward.x, outward.y, reach, 0.0f);
}

// Coverage of a miter or bevel join at q (the pixel centre relative to the join's centre): inside both segments'
// strips, past the end of the incoming segment and before the start of the outgoing one; a bevel also stays on
// the centre's side of its outer edge (bevelEdge).
SHARED float joinCover(vec2 q, vec2 dIn, vec2 dOut, bool bevel, vec4 edge, float hw) {
    PRECISE float acrossIn = q.x * -dIn.y + q.y * dIn.x;
    PRECISE float acrossOut = q.x * -dOut.y + q.y * dOut.x;
    PRECISE float pastEdge = edge.z - (q.x * edge.x + q.y * edge.y) + 0.5f;
    PRECISE float alongIn = q.x * dIn.x + q.y * dIn.y;
    PRECISE float alongOut = q.x * dOut.x + q.y * dOut.y;
    float c = min(cover(abs(acrossIn), hw), cover(abs(acrossOut), hw));
    if (bevel) c = min(c, clamp(pastEdge, 0.0f, 1.0f));
    bool beside = alongIn < 0.0f || alongOut > 0.0f;
    return beside ? 0.0f : c;
}

// A disc of radius r at distance d with an outline strokeWidth wide inside the radius: x the coverage of the
// fill, y of the whole disc (the outline's share is y - x).
SHARED vec2 discCover(float d, float r, float strokeWidth) {
    float outer = cover(d, r);
    return vec2(strokeWidth > 0.0f ? cover(d, max(r - strokeWidth, 0.0f)) : outer, outer);
}

// Marker shapes (MarkerShape in Swift, by code). Each is drawn about the dot's centre at the dot's radius r: a
// square and a diamond of the disc's area, triangles and a star reaching 1.3 r and 1.25 r, a plus and a cross whose
// arms reach 1.1 r, 0.2 r thick on each side (at least half a pixel). None reaches past MARKER_REACH × r.
#define MARKER_CIRCLE 0
#define MARKER_SQUARE 1
#define MARKER_TRIANGLE_UP 2
#define MARKER_TRIANGLE_DOWN 3
#define MARKER_DIAMOND 4
#define MARKER_CROSS 5
#define MARKER_PLUS 6
#define MARKER_STAR 7
#define MARKER_REACH 1.3f

// Signed distance from q (relative to the centre, y up) to a box of half-sizes hx, hy: negative inside.
SHARED float boxDistance(vec2 q, float hx, float hy) {
    float dx = abs(q.x) - hx;
    float dy = abs(q.y) - hy;
    float ox = max(dx, 0.0f);
    float oy = max(dy, 0.0f);
    PRECISE float squared = ox * ox + oy * oy;
    return sqrt(squared) + min(max(dx, dy), 0.0f);
}

// Signed distance from q to an equilateral triangle pointing up, its centroid at the origin, its corners R away.
SHARED float triangleDistance(vec2 q, float R) {
    float k = 1.7320508f;
    float h = R * 0.8660254f;
    float px = abs(q.x) - h;
    float py = q.y + h / k;
    if (px + k * py > 0.0f) {
        float nx = (px - k * py) * 0.5f;
        float ny = (-k * px - py) * 0.5f;
        px = nx;
        py = ny;
    }
    px = px - clamp(px, -2.0f * h, 0.0f);
    float d = sqrt(px * px + py * py);
    return py > 0.0f ? -d : d;
}

// Signed distance from q to a five-pointed star pointing up, its points R away, its inner corners ratio × R.
SHARED float starDistance(vec2 q, float R, float ratio) {
    float k1x = 0.809016994f;
    float k1y = -0.587785252f;
    float px = abs(q.x);
    float py = q.y;
    float d1 = max(k1x * px + k1y * py, 0.0f);
    px = px - 2.0f * d1 * k1x;
    py = py - 2.0f * d1 * k1y;
    float d2 = max(-k1x * px + k1y * py, 0.0f);
    px = px + 2.0f * d2 * k1x;
    py = py - 2.0f * d2 * k1y;
    px = abs(px);
    py = py - R;
    float bax = ratio * -k1y;
    float bay = ratio * k1x - 1.0f;
    float h = clamp((px * bax + py * bay) / (bax * bax + bay * bay), 0.0f, R);
    float ex = px - bax * h;
    float ey = py - bay * h;
    float d = sqrt(ex * ex + ey * ey);
    return py * bax - px * bay >= 0.0f ? d : -d;
}

// Signed distance from q to marker `shape` of radius r (q relative to the centre, y up).
SHARED float markerDistance(int shape, vec2 q, float r) {
    float arm = 1.1f * r;
    float thick = max(0.2f * r, 0.5f);
    if (shape == MARKER_SQUARE) return boxDistance(q, 0.8862269f * r, 0.8862269f * r);
    if (shape == MARKER_TRIANGLE_UP) return triangleDistance(q, 1.3f * r);
    if (shape == MARKER_TRIANGLE_DOWN) return triangleDistance(vec2(q.x, -q.y), 1.3f * r);
    if (shape == MARKER_DIAMOND) return (abs(q.x) + abs(q.y) - 1.2533141f * r) * 0.70710678f;
    if (shape == MARKER_PLUS) return min(boxDistance(q, arm, thick), boxDistance(q, thick, arm));
    if (shape == MARKER_CROSS) {
        vec2 t = vec2((q.x + q.y) * 0.70710678f, (q.y - q.x) * 0.70710678f);
        return min(boxDistance(t, arm, thick), boxDistance(t, thick, arm));
    }
    if (shape == MARKER_STAR) return starDistance(q, 1.25f * r, 0.45f);
    return length(q) - r;
}

// A marker's coverage at q as discCover gives a disc's: x the fill's (inside the outline strokeWidth wide), y the
// whole marker's; box-filtered across its edge by the signed distance.
SHARED vec2 markerCover(int shape, vec2 q, float r, float strokeWidth) {
    float d = markerDistance(shape, q, r);
    float outer = clamp(0.5f - d, 0.0f, 1.0f);
    return vec2(strokeWidth > 0.0f ? clamp(0.5f - d - strokeWidth, 0.0f, 1.0f) : outer, outer);
}

// A channel of a fill with coverage c.x plus an outline with coverage c.y - c.x (premultiplied).
SHARED float outlined(float fill, float stroke, vec2 c) { return fill * c.x + stroke * (c.y - c.x); }

// A value already in 0...1 (a product of two such values, say) as GL stores it in an 8-bit normalised channel.
SHARED uint unitByte(float v) {
    PRECISE float scaled = v * 255.0f + 0.5f;
    return uint(scaled);
}

// Any value as GL stores it in an 8-bit normalised channel: clamped to 0...1 first.
SHARED uint unorm8(float v) { return unitByte(clamp(v, 0.0f, 1.0f)); }

// Premultiplied RGBA8 packed in a word (red in the low byte).
SHARED uint packRGBA(uint r, uint g, uint b, uint a) { return r | (g << 8) | (b << 16) | (a << 24); }

// Premultiplied source-over of packed RGBA8 words, rounded as GL's unorm8 blend: per channel
// s + d × (255 − sA) / 255 with the exact rounding of a unorm8 multiply, two channels per word (each product fits
// in 16 bits, and premultiplied sources never exceed their alpha, so no channel carries into the next).
SHARED uint blendOver(uint s, uint d) {
    uint keep = 255u - (s >> 24);
    uint rb = (d & 0x00FF00FFu) * keep + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint ga = ((d >> 8) & 0x00FF00FFu) * keep + 0x00800080u;
    ga = ((ga + ((ga >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    return s + (rb | (ga << 8));
}

#endif
