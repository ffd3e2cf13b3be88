#include <GLES3/gl31.h>
