// Shared by every shader: GLProgram inserts this text, then coverage.h (the per-pixel formulas the CPU painter's
// kernels compile from the same file), after each file's #version line. Swift twins of what is here, side by side
// in Sources/GlintScene/Strokes/StrokeModes.swift (the modes) and Sources/GlintScene/Commands/DrawingRules.swift
// (snapping); docs/ARCHITECTURE.md lists them and the tests that pin them.
precision highp float;

// coverage.h reads this to take its GLSL side.
#define GLSL 1

// An aliased line's vertex snaps to the centre of its pixel. Swift twin: PixelSnap.centre.
vec2 snapToCentre(vec2 p) { return floor(p) + 0.5; }

// Join modes (LineJoin.shaderMode in Swift). The end modes, END_*, are in coverage.h.
const int JOIN_ROUND = 0;
const int JOIN_MITER = 1;
const int JOIN_BEVEL = 2;
