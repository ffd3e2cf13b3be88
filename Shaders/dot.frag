#version 300 es
// A signed-distance circle (discCover in coverage.h): fill inside radius - strokeWidth, outline between that and
// the radius.
uniform vec4 uStroke;       // premultiplied
uniform float uStrokeWidth; // pixels, inside the radius
flat in vec2 vCenter;
flat in float vRadius;
flat in vec4 vFill;         // premultiplied
out vec4 fragColor;

void main() {
    vec2 c = discCover(length(gl_FragCoord.xy - vCenter), vRadius, uStrokeWidth);
    fragColor = vec4(outlined(vFill.r, uStroke.r, c), outlined(vFill.g, uStroke.g, c), outlined(vFill.b, uStroke.b, c),
                     outlined(vFill.a, uStroke.a, c));
}
