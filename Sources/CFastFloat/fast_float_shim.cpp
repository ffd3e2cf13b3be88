// The one C entry point Swift needs from Debian's header-only fast_float (libfast-float-dev).
#include "glint_fast_float.h"

#include <fast_float/fast_float.h>

extern "C" size_t fast_float_parse_double(const char *first, const char *last, double *value) {
    fast_float::from_chars_result result = fast_float::from_chars(first, last, *value);
    if (result.ec != std::errc()) return 0;
    return static_cast<size_t>(result.ptr - first);
}
