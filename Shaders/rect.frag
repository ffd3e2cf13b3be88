#version 300 es
// Box-filter coverage of an axis-aligned rectangle: exact 0 or 1 on whole-pixel edges.
flat in vec4 vRect;
flat in vec4 vColor;
out vec4 fragColor;
void main() {
    vec2 p = gl_FragCoord.xy;
    vec2 lo = max(p - 0.5, vRect.xy), hi = min(p + 0.5, vRect.zw);
    vec2 c = clamp(hi - lo, 0.0, 1.0);
    fragColor = vColor * (c.x * c.y);
}
