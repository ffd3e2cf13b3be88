// Shared by every shader: GLProgram inserts this text after each file's #version line.
// Swift twins, side by side in Sources/GlintCore/Scene/StrokeModes.swift (the modes),
// Sources/GlintCore/Scene/DrawingRules.swift (gaps, snapping) and Sources/GlintRaster/Coverage.swift (cover), so
// that both painters compute the same pixels; docs/ARCHITECTURE.md lists the pairs and the tests that pin them.
precision highp float;

// The gap marker: uploads write Float's largest finite value where a point is a gap (GLSL ES need not keep a
// NaN), and anything beyond 1e37 reads as one. Swift twin: PixelGap.
bool isGap(float v) { return abs(v) > 1e37; }
bool isGap(vec2 p) { return isGap(p.x) || isGap(p.y); }

// An aliased line's vertex snaps to the centre of its pixel. Swift twin: PixelSnap.centre.
vec2 snapToCentre(vec2 p) { return floor(p) + 0.5; }

// Line end modes (StrokeEnd in Swift): an open end's cap, or a hard cut where a join covers the rest.
const int END_BUTT = 0;
const int END_ROUND = 1;
const int END_SQUARE = 2;
const int END_CUT = 3;

// Join modes (LineJoin.shaderMode in Swift).
const int JOIN_ROUND = 0;
const int JOIN_MITER = 1;
const int JOIN_BEVEL = 2;

// Share of the pixel [d-0.5, d+0.5] that lies inside [-h, h]: box-filtered coverage at distance d
// from the centre of a band of half-width h.
float cover(float d, float h) { return clamp(min(d + 0.5, h) - max(d - 0.5, -h), 0.0, 1.0); }

// The length of the dashes between 0 and s for the pattern (on, off, on, off) repeating.
// Swift twin: DashPattern.onLength in Sources/GlintCore/Scene/DashPattern.swift.
float dashLength(float s, vec4 dash) {
    float period = dash.x + dash.y + dash.z + dash.w;
    float k = floor(s / period);
    float u = s - k * period;
    return k * (dash.x + dash.z) + clamp(u, 0.0, dash.x) + clamp(u - (dash.x + dash.y), 0.0, dash.z);
}

// The share of the pixel [s - 0.5, s + 0.5] along a line that lies on a dash (DashPattern.cover).
float dashCover(float s, vec4 dash) { return dashLength(s + 0.5, dash) - dashLength(s - 0.5, dash); }
