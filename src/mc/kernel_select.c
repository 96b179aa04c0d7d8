/* Picks the widest build of the kernel the CPU runs (contract in kernel.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "mc/kernel.h"

lp_gauss_ball_batch_fn *
lp_gauss_ball_batch_select(const char **name)
{
    const char *want = getenv("LEAKPROOF_MC_ISA");
    int avx512 = 0, avx2 = 0;
#ifdef LP_X86_KERNELS
    __builtin_cpu_init();
    avx512 = __builtin_cpu_supports("avx512f");
    avx2 = __builtin_cpu_supports("avx2");
#endif
    if (want && strcmp(want, "generic") == 0)
        avx512 = avx2 = 0;
    else if (want && strcmp(want, "avx2") == 0)
        avx512 = 0;
#ifdef LP_X86_KERNELS
    if (avx512) {
        *name = "avx512";
        return lp_gauss_ball_batch_avx512;
    }
    if (avx2) {
        *name = "avx2";
        return lp_gauss_ball_batch_avx2;
    }
#else
    (void) avx512;
    (void) avx2;
#endif
    *name = "generic";
    return lp_gauss_ball_batch_generic;
}
