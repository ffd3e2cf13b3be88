#ifndef GLINT_FAST_FLOAT_H
#define GLINT_FAST_FLOAT_H

#include <stddef.h>
/* Internal to Glint: linked into its libraries, never exported from libGlintC.so. */
#pragma GCC visibility push(hidden)

#ifdef __cplusplus
extern "C" {
#endif

/// Parses the longest decimal number at the start of [first, last) with fast_float (Eisel–Lemire, correctly
/// rounded: the same double as strtod). Writes it to *value and returns the bytes consumed; 0 when there is no
/// number there. A leading '+' is not accepted (callers skip it); fast_float's own "inf"/"nan" spellings are
/// accepted here, so callers check the first byte themselves.
size_t fast_float_parse_double(const char *first, const char *last, double *value);
#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif

#endif
