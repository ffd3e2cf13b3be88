#version 300 es
// One instanced quad per interior point for miter and bevel joins: the outer wedge between
// the two segments' hard-cut ends. Round joins need no pass: their segment ends are discs.
layout(location = 0) in vec2 aPrev;
layout(location = 1) in vec2 aCur;
layout(location = 2) in vec2 aNext;
uniform vec2 uViewport;
uniform vec2 uOffset;       // pixel position of the data origin; attributes are offsets from it
uniform vec2 uScale;        // pixels per attribute unit (see segment.vert)
uniform float uHalfWidth;
uniform int uJoin;          // JOIN_MITER or JOIN_BEVEL
uniform float uMiterLimit;  // longest miter as a multiple of the stroke width (SVG stroke-miterlimit)
uniform int uAntialias;     // 0: vertices snap to pixel centres
flat out vec2 vCenter;
flat out vec2 vDirIn;       // direction of the incoming segment
flat out vec2 vDirOut;      // direction of the outgoing segment
flat out int vBevel;

void main() {
    vec2 prev = aPrev * uScale + uOffset;
    vec2 cur = aCur * uScale + uOffset;
    vec2 next = aNext * uScale + uOffset;
    if (uAntialias == 0) {
        prev = snapToCentre(prev);
        cur = snapToCentre(cur);
        next = snapToCentre(next);
    }
    float l1 = length(cur - prev), l2 = length(next - cur);
    if (isGap(aPrev) || isGap(aCur) || isGap(aNext) || l1 == 0.0 || l2 == 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec2 d1 = (cur - prev) / l1, d2 = (next - cur) / l2;
    // Miter length / stroke width = 1 / sin(theta / 2), theta the angle between the segments.
    float sinHalf = sqrt(max(0.0, (1.0 + dot(d1, d2)) * 0.5));
    bool bevel = uJoin == JOIN_BEVEL || sinHalf * uMiterLimit < 1.0;
    float reach = (bevel ? uHalfWidth : uHalfWidth * min(uMiterLimit, 1.0 / max(sinHalf, 1e-6))) + 1.0;
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
    vCenter = cur;
    vDirIn = d1;
    vDirOut = d2;
    vBevel = bevel ? 1 : 0;
    gl_Position = vec4((cur + corner * reach) / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
