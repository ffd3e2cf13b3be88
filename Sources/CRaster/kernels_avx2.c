// The kernels for x86-64 with AVX2: the same source as kernels_baseline.c, every function compiled for AVX2
// (without FMA, whose fused rounding would change bytes). dispatch.c calls them only where cpuid says AVX2.
#if defined(__x86_64__)
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "raster_kernels.h"
#include "kernel_table.h"

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#define KERNELS raster_kernels_avx2
#include "kernels.h"
#pragma clang attribute pop
#endif
