/* `adversary link`: the delta-ball leakage of the Gaussian mechanism with
 * clipping (p = 1) against its Bayes capacity.  Contract in adversary.h. */
#include <stdio.h>
#include "adversary/adversary.h"
#include "core/attacker.h"
#include "core/host.h"

/* sigma/R and delta/R, the only parameters the experiment has, as balls */
static void
ratios(arb_t sr, arb_t dr, const char *sigma, const char *radius, const char *delta, slong prec)
{
    arb_t r;
    arb_init(r);
    lp_decimal_arb(r, radius, prec);
    lp_decimal_arb(sr, sigma, prec);
    arb_div(sr, sr, r, prec);
    lp_decimal_arb(dr, delta, prec);
    arb_div(dr, dr, r, prec);
    arb_clear(r);
}

int
lp_adversary_link_check(char *msg, size_t len, const char *sigma, const char *radius, const char *delta)
{
    arb_t sr, dr, lo, hi;
    int rc = 0;
    arb_init(sr); arb_init(dr); arb_init(lo); arb_init(hi);
    ratios(sr, dr, sigma, radius, delta, 128);
    arb_set_ui(lo, 16);
    arb_inv(lo, lo, 128);
    arb_set_ui(hi, 1000);
    if (arb_lt(sr, lo) || arb_gt(sr, hi)) {
        /* the discretised channel's work grows as (R/sigma)^3 below 1/16 and
           as sigma/R above 1000: beyond them, minutes and gigabytes */
        snprintf(msg, len, "--sigma, --radius: sigma/radius must lie in [1/16, 1000] (the discretised channel "
                 "would need over 2e9 operations; got sigma %s, radius %s)", sigma, radius);
        rc = -1;
    } else {
        arb_set_ui(lo, 1000000);
        arb_inv(lo, lo, 128);
        if (arb_lt(dr, lo)) {
            snprintf(msg, len, "--delta: delta/radius must be at least 1e-6 (the leakage is a ratio of "
                     "delta-ball masses; got delta %s, radius %s)", delta, radius);
            rc = -1;
        }
    }
    arb_clear(sr); arb_clear(dr); arb_clear(lo); arb_clear(hi);
    return rc;
}

lp_adversary_outcome
lp_adversary_link_study(lp_record *rec, const char *sigma, const char *radius, const char *delta,
                        uint64_t samples, uint64_t seed, slong digits)
{
    lp_ziv z;
    const int priors = 50;
    arb_t sr, dr, cap;
    double sigma_r, delta_r, cap_d = 0, leak_d, leak_mc, se;
    int nx = 0, ny = 0;
    slong got;
    gsl_rng *r;
    lp_adversary_outcome outcome;
    lp_record *o;
    arb_init(sr); arb_init(dr); arb_init(cap);
    /* C = 1 + 2R / (sigma sqrt(2 pi)) = 1 + sqrt(2/pi) / (sigma/R) */
    for (lp_ziv_init(&z, digits, &lp_adversary_ziv);;) {
        ratios(sr, dr, sigma, radius, delta, z.prec);
        arb_const_pi(cap, z.prec);
        arb_mul(cap, cap, sr, z.prec);
        arb_mul(cap, cap, sr, z.prec);
        arb_rsqrt(cap, cap, z.prec);
        arb_sqrt_ui(dr, 2, z.prec);           /* scratch: sqrt 2 */
        arb_mul(cap, cap, dr, z.prec);
        arb_add_ui(cap, cap, 1, z.prec);
        got = lp_adversary_certified_digits(cap, digits);
        if (got >= digits || !lp_ziv_next(&z) || lp_cancelled())
            break;
    }
    ratios(sr, dr, sigma, radius, delta, 64);
    sigma_r = arf_get_d(arb_midref(sr), ARF_RND_NEAR);
    /* a ball of radius 2R covers [-R, R] from anywhere in it: wider is the same */
    delta_r = arf_cmp_si(arb_midref(dr), 2) > 0 ? 2.0 : arf_get_d(arb_midref(dr), ARF_RND_NEAR);
    r = lp_adversary_rng(seed, 0);
    leak_d = lp_adversary_link_discrete(&cap_d, &nx, &ny, sigma_r, delta_r, priors, r);
    gsl_rng_free(r);
    r = lp_adversary_rng(seed, 1);
    lp_adversary_link_mc(&leak_mc, &se, sigma_r, delta_r, samples, r);
    gsl_rng_free(r);

    lp_record_text(rec, "command", "adversary link");
    lp_record_text(rec, "mechanism", "gauss");
    lp_record_int(rec, "p", 1);
    lp_record_text(rec, "sigma", sigma);
    lp_record_text(rec, "radius", radius);
    lp_record_text(rec, "delta", delta);
    lp_record_int(rec, "seed", (int64_t) seed);
    outcome = lp_adversary_precision_fields(rec, got, digits, z.prec);
    lp_record_ball(rec, "capacity", cap, got);
    lp_attacker_record_capacity(rec, cap, z.prec);     /* what C means for an attacker */
    o = lp_record_object(rec, "discrete");
    lp_record_text(o, "status", leak_d >= 0 ? "ok" : "failed");
    lp_record_int(o, "inputs", nx);
    lp_record_int(o, "outputs", ny);
    lp_record_int(o, "priors", priors);
    if (leak_d >= 0) {
        lp_record_double(o, "leakage_max", leak_d);
        lp_record_double(o, "capacity", cap_d);
    } else {
        lp_record_null(o, "leakage_max");
        lp_record_null(o, "capacity");
        lp_record_text(o, "note", "no memory for the discretised channel");
    }
    o = lp_record_object(rec, "mc");
    lp_record_text(o, "status", "ok");
    lp_record_int(o, "samples", (int64_t) samples);
    lp_record_text(o, "prior", "uniform on [-radius, radius]");
    lp_record_double(o, "estimate", leak_mc);
    lp_record_double(o, "std_error", se);
    arb_clear(sr); arb_clear(dr); arb_clear(cap);
    return leak_d >= 0 ? outcome : LP_ADVERSARY_FAILED;
}
