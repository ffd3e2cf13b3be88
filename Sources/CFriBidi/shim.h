#include <fribidi.h>

/// FRIBIDI_PAR_ON (the paragraph direction follows its first strong character), as a constant Swift can see.
static const FriBidiParType glint_fribidi_par_on = FRIBIDI_PAR_ON;
