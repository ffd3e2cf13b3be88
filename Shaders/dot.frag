#version 300 es
// A signed-distance circle: fill inside radius - strokeWidth, outline between that and radius.
uniform vec4 uStroke;       // premultiplied
uniform float uStrokeWidth; // pixels, inside the radius
flat in vec2 vCenter;
flat in float vRadius;
flat in vec4 vFill;         // premultiplied
out vec4 fragColor;

void main() {
    float d = length(gl_FragCoord.xy - vCenter);
    float outer = cover(d, vRadius);
    float inner = uStrokeWidth > 0.0 ? cover(d, max(vRadius - uStrokeWidth, 0.0)) : outer;
    fragColor = vFill * inner + uStroke * (outer - inner);
}
