#version 300 es
// The series colour (premultiplied) times its stroke coverage, blended once over the image.
uniform sampler2D uCoverage;
uniform vec4 uColor;
out vec4 fragColor;
void main() {
    float c = texelFetch(uCoverage, ivec2(gl_FragCoord.xy), 0).r;
    fragColor = uColor * c;
}
