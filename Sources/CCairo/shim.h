// cairo's PDF and SVG surfaces and its FreeType font faces, for the vector painter (GlintVector).
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo-ft.h>
