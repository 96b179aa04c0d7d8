/* `adversary attacks` and `adversary laplace`: Balunovic et al. with Laplace
 * noise, by Monte Carlo in doubles on the parameter ranges where the
 * samplers stay accurate.  Contracts in adversary.h. */
#include <stdio.h>
#include <stdlib.h>
#include "core/host.h"
#include "adversary/adversary.h"

int
lp_adversary_attacks_check(char *msg, size_t len, const char *b)
{
    if (lp_adversary_decimal_outside(b, "1e-6", "1e6")) {
        snprintf(msg, len, "--b must lie in [1e-6, 1e6], where the attacks' double arithmetic is exact enough (got '%s')", b);
        return -1;
    }
    return 0;
}

lp_adversary_outcome
lp_adversary_attacks_study(lp_record *rec, int d, int m, const char *b, long trials, uint64_t seed)
{
    static const char *const names[4] = { "l2", "l1", "cosine", "bayes" };
    lp_attack_errors e;
    gsl_rng *r = lp_adversary_rng(seed, 0);
    lp_adversary_table1(&e, d, m, lp_strtod(b, NULL), (int) trials, r);
    gsl_rng_free(r);
    lp_record_text(rec, "command", "adversary attacks");
    lp_record_int(rec, "d", d);
    lp_record_int(rec, "m", m);
    lp_record_text(rec, "b", b);
    lp_record_int(rec, "trials", trials);
    lp_record_int(rec, "seed", (int64_t) seed);
    lp_record_text(rec, "status", "ok");
    lp_record_text(rec, "estimand", "mean squared error per coordinate of the reconstruction");
    for (int k = 0; k < 4; k++) {
        lp_record *row = lp_record_append(rec, "objectives");
        lp_record_text(row, "objective", names[k]);
        lp_record_double(row, "estimate", e.mse[k]);
        lp_record_double(row, "std_error", e.se[k]);
    }
    return LP_ADVERSARY_OK;
}

int
lp_adversary_laplace_check(char *msg, size_t len, int d, long samples, const char *gain, const char *b,
                           const char *delta)
{
    /* the posterior sampler cancels digits as gain/b grows (about gain^2/b^2
       ulps): these ranges keep the ratio below 1e6 */
    const char *opt = lp_adversary_decimal_outside(gain, "1e-3", "1e3") ? "--gain"
                      : lp_adversary_decimal_outside(b, "1e-3", "1e3") ? "--b" : NULL;
    if (opt) {
        snprintf(msg, len, "%s must lie in [1e-3, 1e3], where the posterior sampler is accurate (got '%s')", opt,
                 opt[2] == 'g' ? gain : b);
        return -1;
    }
    if (lp_adversary_decimal_outside(delta, NULL, "1e3")) {
        snprintf(msg, len, "--delta must lie in (0, 1e3] (got '%s')", delta);
        return -1;
    }
    if ((double) samples * d > LP_ADVERSARY_LAPLACE_DRAWS_MAX) {
        snprintf(msg, len, "--samples: %ld draws of dimension %d would hold %.3g doubles (at most %.0e)", samples, d,
                 (double) samples * d, LP_ADVERSARY_LAPLACE_DRAWS_MAX);
        return -1;
    }
    return 0;
}

lp_adversary_outcome
lp_adversary_laplace_study(lp_record *rec, int d, const char *gain, const char *b, const char *delta,
                           long samples, uint64_t seed)
{
    static const char *const names[3] = { "posterior_mean", "map", "mean_shift" };
    lp_centre_result c;
    gsl_rng *r = lp_adversary_rng(seed, 0);
    int rc = lp_adversary_laplace_centres(&c, d, lp_strtod(gain, NULL), lp_strtod(b, NULL), lp_strtod(delta, NULL),
                                          (int) samples, r);
    gsl_rng_free(r);
    lp_record_text(rec, "command", "adversary laplace");
    lp_record_int(rec, "d", d);
    lp_record_text(rec, "gain", gain);
    lp_record_text(rec, "b", b);
    lp_record_text(rec, "delta", delta);
    lp_record_int(rec, "samples", samples);
    lp_record_int(rec, "seed", (int64_t) seed);
    lp_record_text(rec, "status", rc == 0 ? "ok" : "failed");
    if (rc != 0) {
        lp_record_text(rec, "note", "no memory for the posterior draws");
        return LP_ADVERSARY_FAILED;
    }
    lp_record_text(rec, "estimand", "probability that the delta-ball around the centre holds x");
    for (int k = 0; k < 3; k++) {
        lp_record *row = lp_record_append(rec, "centres");
        lp_record_text(row, "centre", names[k]);
        lp_record_double(row, "estimate", c.success[k]);
        lp_record_double(row, "std_error", c.se[k]);
    }
    return LP_ADVERSARY_OK;
}
