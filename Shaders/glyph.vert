#version 300 es
// Glyph quads as triangles: pixel position, atlas texel coordinate and premultiplied colour.
layout(location = 0) in vec2 aPosition;
layout(location = 1) in vec2 aTexel;
layout(location = 2) in vec4 aColor;
uniform vec2 uViewport;
out vec2 vTexel;
flat out vec4 vColor;
void main() {
    vTexel = aTexel;
    vColor = aColor;
    gl_Position = vec4(aPosition / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
