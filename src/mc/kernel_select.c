/* Picks the widest build of the kernel the CPU runs (contract in kernel.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "mc/kernel.h"

/* 2: avx512, 1: avx2, 0: generic */
static int
widest(void)
{
    const char *want = getenv("LEAKPROOF_MC_ISA");
    int avx512 = 0, avx2 = 0;
#ifdef LP_X86_KERNELS
    __builtin_cpu_init();
    /* the vector builds use the FMA instruction (every AVX-512F CPU has it) */
    avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma");
    avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#endif
    if (want && strcmp(want, "generic") == 0)
        avx512 = avx2 = 0;
    else if (want && strcmp(want, "avx2") == 0)
        avx512 = 0;
    return avx512 ? 2 : avx2 ? 1 : 0;
}

static const char *const names[] = { "generic", "avx2", "avx512" };

lp_gauss_ball_batch_fn *
lp_gauss_ball_batch_select(const char **name)
{
    int w = widest();
    *name = names[w];
#ifdef LP_X86_KERNELS
    if (w == 2)
        return lp_gauss_ball_batch_avx512;
    if (w == 1)
        return lp_gauss_ball_batch_avx2;
#endif
    return lp_gauss_ball_batch_generic;
}

lp_gauss_normals_batch_fn *
lp_gauss_normals_batch_select(const char **name)
{
    int w = widest();
    *name = names[w];
#ifdef LP_X86_KERNELS
    if (w == 2)
        return lp_gauss_normals_batch_avx512;
    if (w == 1)
        return lp_gauss_normals_batch_avx2;
#endif
    return lp_gauss_normals_batch_generic;
}
