#version 300 es
// A sampled image's pixels (premultiplied RGBA8, each the cell under the pixel's centre: ImageShape.cellIndices),
// fetched texel-exact for the tile the quad covers and blended over the image (composite.vert draws the quad).
uniform sampler2D uPixels;
uniform vec2 uTileOrigin;
out vec4 fragColor;
void main() {
    fragColor = texelFetch(uPixels, ivec2(gl_FragCoord.xy - uTileOrigin), 0);
}
