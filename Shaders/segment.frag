#version 300 es
// Coverage of one segment at this pixel: the box-filtered distance across the stroke,
// and at each end the cap (butt, round, square) or a hard cut where a join takes over.
// Written with MAX blending into the series' coverage texture, so overlaps never add up.
uniform float uHalfWidth;
uniform highp int uAntialias;   // 0: hard edges (coverage 0 or 1)
flat in vec2 vA;
flat in vec2 vB;
flat in ivec2 vEnds;
flat in float vDistance;
uniform int uDashed;            // 1: multiply by the dash pattern's coverage along the line
uniform vec4 uDash;             // on, off, on, off lengths in pixels
out vec4 fragCoverage;

// Coverage of the end at distance `t` past it (t > 0 outside), given its mode.
float endCover(int mode, float t, vec2 fromEnd) {
    if (mode == END_ROUND) return t > 0.0 ? cover(length(fromEnd), uHalfWidth) : 1.0;
    if (mode == END_CUT) return t <= 0.0 ? 1.0 : 0.0;
    float extent = mode == END_SQUARE ? uHalfWidth : 0.0;
    return clamp(extent - t + 0.5, 0.0, 1.0);
}

void main() {
    vec2 p = gl_FragCoord.xy;
    vec2 d = vB - vA;
    float len = length(d);
    vec2 dir = len > 0.0 ? d / len : vec2(1.0, 0.0);
    float t = dot(p - vA, dir);
    float across = dot(p - vA, vec2(-dir.y, dir.x));
    float c = cover(abs(across), uHalfWidth);
    // Round ends replace the cross-section beyond the end by a disc.
    if (vEnds.x == END_ROUND && t < 0.0) c = 1.0;
    if (vEnds.y == END_ROUND && t > len) c = 1.0;
    c *= endCover(vEnds.x, -t, p - vA);
    c *= endCover(vEnds.y, t - len, p - vB);
    if (uDashed == 1) c *= dashCover(vDistance + t, uDash);
    if (uAntialias == 0) c = c >= 0.5 ? 1.0 : 0.0;
    fragCoverage = vec4(c, 0.0, 0.0, c);
}
