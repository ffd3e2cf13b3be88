// Shared by every shader: GLProgram inserts this text after each file's #version line.
// Swift twins, side by side in Sources/GlintCore/StrokeModes.swift (the modes) and
// Sources/GlintRaster/Coverage.swift (cover), so that both painters compute the same pixels.
precision highp float;

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
