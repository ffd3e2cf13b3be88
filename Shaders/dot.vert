#version 300 es
// One instanced quad per dot; radius mapped linearly into [min, max] by the point's size fraction
// (0…1, computed in Double by DotShape.sizeFraction).
layout(location = 0) in vec2 aPosition;
layout(location = 1) in float aSize;    // size fraction 0…1
layout(location = 2) in vec4 aFill;     // premultiplied fill: per dot, or the shape's one colour
uniform vec2 uViewport;
uniform vec2 uOffset;     // pixel position of the origin; positions are offsets from it
uniform vec2 uScale;      // pixels per position unit: 1 for pixel offsets, the axes' scale for a live series' data
                          // offsets kept on the GPU (GLDotRing)
uniform vec2 uRadius;     // radius in pixels of the smallest and the largest size
uniform highp int uShape;       // MARKER_ code: a shape other than the disc reaches MARKER_REACH times the radius
flat out vec2 vCenter;
flat out float vRadius;
flat out vec4 vFill;

void main() {
    if (isGap(aPosition) || isGap(aSize)) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        return;
    }
    float r = mix(uRadius.x, uRadius.y, aSize);
    vec2 c = aPosition * uScale + uOffset;
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
    vCenter = c;
    vRadius = r;
    vFill = aFill;
    float reach = uShape == MARKER_CIRCLE ? r : r * MARKER_REACH;
    gl_Position = vec4((c + corner * (reach + 1.0)) / uViewport * 2.0 - 1.0, 0.0, 1.0);
}
