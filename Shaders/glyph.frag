#version 300 es
// Glyph coverage fetched texel-exact from the atlas (glyphs sit on whole pixels).
uniform sampler2D uAtlas;
in vec2 vTexel;
flat in vec4 vColor;
out vec4 fragColor;
void main() {
    float c = texelFetch(uAtlas, ivec2(floor(vTexel)), 0).r;
    fragColor = vColor * c;
}
