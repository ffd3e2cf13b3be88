// The kernels for the build's baseline instruction set (SSE2 on x86-64).
#define KERNELS raster_kernels_baseline
#include "kernels.h"
