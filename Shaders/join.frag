#version 300 es
// Coverage of a miter or bevel join: inside both segments' infinite strips, past the end of
// the incoming segment and before the start of the outgoing one; a bevel also stays on the
// centre's side of the line through the two outer corners.
uniform float uHalfWidth;
uniform highp int uAntialias;   // 0: hard edges
flat in vec2 vCenter;
flat in vec2 vDirIn;
flat in vec2 vDirOut;
flat in int vBevel;
out vec4 fragCoverage;

void main() {
    vec2 q = gl_FragCoord.xy - vCenter;
    vec2 n1 = vec2(-vDirIn.y, vDirIn.x), n2 = vec2(-vDirOut.y, vDirOut.x);
    float c = min(cover(abs(dot(q, n1)), uHalfWidth), cover(abs(dot(q, n2)), uHalfWidth));
    if (dot(q, vDirIn) < 0.0 || dot(q, vDirOut) > 0.0) c = 0.0;
    if (vBevel == 1) {
        float side = dot(vDirOut, n1) > 0.0 ? -1.0 : 1.0;
        vec2 outward = normalize(side * (n1 + n2) + 1e-12);
        float edge = uHalfWidth * dot(side * n1, outward);
        c = min(c, clamp(edge - dot(q, outward) + 0.5, 0.0, 1.0));
    }
    if (uAntialias == 0) c = c >= 0.5 ? 1.0 : 0.0;
    fragCoverage = vec4(c, 0.0, 0.0, c);
}
