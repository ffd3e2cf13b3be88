#version 300 es
// One instanced quad per rectangle, one pixel larger on each side for the edge coverage.
layout(location = 0) in vec4 aRect;   // x0, y0, x1, y1 in pixels
layout(location = 1) in vec4 aColor;  // premultiplied
uniform vec2 uViewport;
flat out vec4 vRect;
flat out vec4 vColor;
void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(floor(aRect.xy) - 1.0, ceil(aRect.zw) + 1.0, corner);
    vRect = aRect;
    vColor = aColor;
    gl_Position = vec4(p / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
