/* vmf_cache.c -- lp_vmf_cache_release (contract in privacy.h): every
 * per-thread cache of the VMF profiles freed at once, each kept in the file
 * that fills it (vmf_profile_arb.c, vmf_chordal_arb.c, vmf_0f1_arb.c), so
 * that none of those files calls another to release. */
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"

void
lp_vmf_cache_release(void)
{
    lp_vmf_profile_cache_release();
    lp_vmf_chordal_cache_release();
    lp_vmf_0f1_cache_release();
}
