#version 300 es
// Box-filter coverage of an axis-aligned rectangle (spanCover in coverage.h): exact 0 or 1 on whole-pixel edges.
flat in vec4 vRect;
flat in vec4 vColor;
out vec4 fragColor;
void main() {
    vec2 p = gl_FragCoord.xy;
    fragColor = vColor * (spanCover(p.x, vRect.x, vRect.z) * spanCover(p.y, vRect.y, vRect.w));
}
