#version 300 es
// One instanced quad per line segment A→B, expanded to the stroke width plus one pixel of
// anti-aliasing fringe. The neighbours (prev, next) tell whether each end is an open end
// (cap) or shared with another segment (join). Positions are Float32 pixel offsets from the data
// origin's pixel, scaled in Double before the conversion (PixelMapping), so any finite value lands
// on its pixel; or, for a live line kept on the GPU between frames (GLLineRing), Float32 data offsets
// from the ring's origin that uScale takes to pixels.
layout(location = 0) in vec2 aPrev;
layout(location = 1) in vec2 aA;
layout(location = 2) in vec2 aB;
layout(location = 3) in vec2 aNext;
layout(location = 4) in float aDistance;  // A's distance along the line in pixels (dashed lines)
uniform vec2 uViewport;   // image size in pixels
uniform vec2 uOffset;     // pixel position of the data origin; attributes are offsets from it
uniform vec2 uScale;      // pixels per attribute unit: 1 for pixel offsets, the axes' scale for data offsets
uniform float uHalfWidth; // half the stroke width in pixels
uniform int uCap;         // open ends: END_BUTT, END_ROUND or END_SQUARE
uniform int uJoin;        // shared ends: JOIN_ROUND, JOIN_MITER or JOIN_BEVEL
uniform int uAntialias;   // 0: vertices snap to pixel centres (aliased lines)
flat out vec2 vA;
flat out vec2 vB;
flat out ivec2 vEnds;     // per end: an END_ mode
flat out float vDistance; // A's distance along the line

int endMode(vec2 neighbour) {
    if (isGap(neighbour)) return uCap;
    return uJoin == JOIN_ROUND ? END_ROUND : END_CUT;
}

void main() {
    if (isGap(aA) || isGap(aB)) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    vec2 a = aA * uScale + uOffset;
    vec2 b = aB * uScale + uOffset;
    if (uAntialias == 0) {
        a = snapToCentre(a);
        b = snapToCentre(b);
    }
    vec2 d = b - a;
    float len = length(d);
    vec2 dir = len > 0.0 ? d / len : vec2(1.0, 0.0);
    vec2 normal = vec2(-dir.y, dir.x);
    float reach = uHalfWidth + 1.0;
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(a - dir * reach, b + dir * reach, corner.x) + normal * reach * (corner.y * 2.0 - 1.0);
    vA = a;
    vB = b;
    vEnds = ivec2(endMode(aPrev), endMode(aNext));
    vDistance = aDistance;
    gl_Position = vec4(p / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
