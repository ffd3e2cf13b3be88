#version 300 es
// A signed-distance circle (discCover in coverage.h): fill inside radius - strokeWidth, outline between that and
// the radius; or another marker shape (markerCover), with its outline inside its edge.
uniform vec4 uStroke;       // premultiplied
uniform float uStrokeWidth; // pixels, inside the radius
uniform highp int uShape;         // MARKER_ code; 0 (a disc) when unset
flat in vec2 vCenter;
flat in float vRadius;
flat in vec4 vFill;         // premultiplied
out vec4 fragColor;

void main() {
    vec2 q = gl_FragCoord.xy - vCenter;
    vec2 c = uShape == MARKER_CIRCLE ? discCover(length(q), vRadius, uStrokeWidth)
                                     : markerCover(uShape, vec2(q.x, -q.y), vRadius, uStrokeWidth);
    fragColor = vec4(outlined(vFill.r, uStroke.r, c), outlined(vFill.g, uStroke.g, c), outlined(vFill.b, uStroke.b, c),
                     outlined(vFill.a, uStroke.a, c));
}
