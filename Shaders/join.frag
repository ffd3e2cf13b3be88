#version 300 es
// Coverage of a miter or bevel join (joinCover in coverage.h): inside both segments' infinite strips, past the
// end of the incoming segment and before the start of the outgoing one; a bevel also stays on the centre's side
// of the line through the two outer corners.
uniform float uHalfWidth;
uniform highp int uAntialias;   // 0: hard edges
flat in vec2 vCenter;
flat in vec2 vDirIn;
flat in vec2 vDirOut;
flat in int vBevel;
out vec4 fragCoverage;

void main() {
    vec2 q = gl_FragCoord.xy - vCenter;
    float c = joinCover(q, vDirIn, vDirOut, vBevel == 1, bevelEdge(vDirIn, vDirOut, uHalfWidth), uHalfWidth);
    if (uAntialias == 0) c = hardEdge(c);
    fragCoverage = vec4(c, 0.0, 0.0, c);
}
