/* t-pld-compose-phases.c -- the phases' composition through the single
 * run's proved machinery (pld_compose_body.h's pld_compose_product, the
 * product's bound in pld_compose_best.c): a run of the Poisson-subsampled
 * Gaussian split into two phases of the same step gives a bracket around
 * the one run's (to 1e-4 relative; the same at T <= 100, where both grids
 * come out alike, and at T 1000 the one run's inside: the two routes size
 * their grids apart, pld_phases.c from the Gaussian estimate, pld_init.c from
 * the saddlepoint's, finer: [1.50975, 1.52098] inside [1.50839, 1.52234] at
 * q 0.01), at most 1.1 % wide, and the phases' a-priori FFT bound stays
 * within 2.5 times the one run's for each relation (the phases' complex FFT
 * of n points without the direct sums had 3.8 times it at 400 + 600 steps:
 * 1.17e-10 against 3.10e-11); at delta 1e-9, where the doubles' bound is
 * too large, both ends through the long-double composition.  Through
 * lp_call, records compared.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "leakproof.h"
#include "tap.h"
#include "call_json.h"

static double
num(json_t *j, const char *rel, const char *key)
{
    json_t *o = j && rel ? json_object_get(j, rel) : j;
    json_t *v = o ? json_object_get(o, key) : NULL;
    return json_is_string(v) ? strtod(json_string_value(v), NULL) : NAN;
}

int
main(void)
{
    static const struct { const char *q; unsigned a, b; } c[] = {
        { "0.01", 400, 600 }, { "0.1", 30, 70 }, { "0.001", 5, 5 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char p1[64], p2[64], T[32];
        int rc1, rc2;
        json_t *ph, *one;
        double lo_p, hi_p, lo_1, hi_1;
        snprintf(p1, sizeof p1, "1.1,%s,%u", c[i].q, c[i].a);
        snprintf(p2, sizeof p2, "1.1,%s,%u", c[i].q, c[i].b);
        snprintf(T, sizeof T, "%u", c[i].a + c[i].b);
        ph = call_json(&rc1, (const char *const[]) { "account", "--accountant", "pld", "--phase", p1, "--phase", p2,
                  "--delta", "1e-5", "--json", NULL });
        one = call_json(&rc2, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier", "1.1",
                   "--sampling-rate", c[i].q, "--steps", T, "--delta", "1e-5", "--json", NULL });
        lo_p = num(ph, NULL, "epsilon_lower_bound");
        hi_p = num(ph, NULL, "epsilon_upper_bound");
        lo_1 = num(one, NULL, "epsilon_lower_bound");
        hi_1 = num(one, NULL, "epsilon_upper_bound");
        tap_ok(rc1 == 0 && rc2 == 0 && lo_p <= lo_1 + 1e-4 * hi_1 && hi_1 <= hi_p + 1e-4 * hi_1
               && hi_p - lo_p <= 0.011 * hi_p,
               "q %s: phases %s + %s: [%.8g, %.8g], at most 1.1 %% wide, around the one run of %s steps "
               "[%.8g, %.8g] (to 1e-4)", c[i].q, p1, p2,
               lo_p, hi_p, T, lo_1, hi_1);
        for (int r = 0; r < 2; r++) {
            const char *rel = r ? "add" : "remove";
            double fp = num(ph, rel, "fft_error_bound"), f1 = num(one, rel, "fft_error_bound");
            tap_ok(fp > 0 && f1 > 0 && fp <= 2.5 * f1,
                   "q %s, %s: the phases' FFT bound %.3g within 2.5 times the one run's %.3g (%.2f times)",
                   c[i].q, rel, fp, f1, fp / f1);
        }
        json_decref(ph);
        json_decref(one);
    }
    {
        /* where the double bound exceeds a fifth of delta the phases go to
         * x87 long doubles too (pld_compose_best), as the one run does: at
         * delta 1e-9 the doubles' 3.0e-8 left the upper end null (lower
         * 120.21), the long doubles' 7.3e-10 gives both ends */
        int rc1, rc2;
        json_t *ph = call_json(&rc1, (const char *const[]) { "account", "--accountant", "pld", "--phase",
                          "1.1,0.01,400000", "--phase", "1.1,0.01,600000", "--delta", "1e-9", "--json", NULL });
        json_t *one = call_json(&rc2, (const char *const[]) { "account", "--accountant", "pld", "--noise-multiplier",
                           "1.1", "--sampling-rate", "0.01", "--steps", "1000000", "--delta", "1e-9", "--json",
                           NULL });
        double lo_p = num(ph, NULL, "epsilon_lower_bound"), hi_p = num(ph, NULL, "epsilon_upper_bound");
        double lo_1 = num(one, NULL, "epsilon_lower_bound"), hi_1 = num(one, NULL, "epsilon_upper_bound");
        tap_ok(rc1 == 0 && rc2 == 0 && isfinite(hi_p) && lo_p <= hi_1 && lo_1 <= hi_p
               && hi_p - lo_p <= 1.5 * (hi_1 - lo_1),
               "delta 1e-9: phases 4e5 + 6e5 at q 0.01: [%.6g, %.6g], the one run of 1e6 [%.6g, %.6g]",
               lo_p, hi_p, lo_1, hi_1);
        json_decref(ph);
        json_decref(one);
    }
    return tap_done();
}
