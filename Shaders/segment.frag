#version 300 es
// Coverage of one segment at this pixel (segmentCover in coverage.h): the box-filtered distance across the
// stroke, and at each end the cap (butt, round, square) or a hard cut where a join takes over.
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

void main() {
    vec2 p = gl_FragCoord.xy;
    float len = length(vB - vA);
    vec2 dir = direction(vA, vB, len);
    float t = along(p, vA, dir);
    float c = segmentCover(p, vA, vB, dir, len, vEnds.x, vEnds.y, uHalfWidth, t);
    if (uDashed == 1) c *= dashCover(vDistance + t, uDash);
    if (uAntialias == 0) c = hardEdge(c);
    fragCoverage = vec4(c, 0.0, 0.0, c);
}
