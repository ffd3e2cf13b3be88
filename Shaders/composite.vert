#version 300 es
// A quad over a pixel rectangle (the series' clip), for compositing its coverage once.
uniform vec2 uViewport;
uniform vec4 uRect;  // x0, y0, x1, y1 in pixels
void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(uRect.xy, uRect.zw, corner);
    gl_Position = vec4(p / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
