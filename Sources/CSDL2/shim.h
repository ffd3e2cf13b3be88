#include <SDL.h>

/* SDL_BUTTON_LMASK is a function-like macro Swift cannot import. */
static const unsigned glint_sdl_left_button_mask = SDL_BUTTON_LMASK;
