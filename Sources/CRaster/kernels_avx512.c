// The kernels for x86-64 with AVX-512 (F, BW, DQ and VL: the x86-64-v4 level): the same source as
// kernels_baseline.c, every function compiled for it (contraction off, so the FMA it implies fuses nothing), and a
// dot's rows and a line's short segments sixteen to a vector (WIDE_LANES). dispatch.c calls them only where cpuid says the CPU has those extensions
// and the system saves their registers.
#if defined(__x86_64__)
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "raster_kernels.h"
#include "kernel_table.h"

#pragma clang attribute push(__attribute__((target("avx2,avx512f,avx512bw,avx512dq,avx512vl"))), apply_to = function)
#define KERNELS raster_kernels_avx512
#define WIDE_LANES 16
#include "kernels.h"
#pragma clang attribute pop
#endif
