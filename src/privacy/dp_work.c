/* dp_work.c -- the dp command's work estimate.  Contract in dp_work.h.
 *
 * vmf: the certified integrals over theta (vmf_theta_arb.c) and the 0F1
 * normalisers grow with the working precision, about as digits^1.8 for
 * delta(eps) and the Renyi divergence and digits^2.4 for the inverse
 * epsilon(delta) (a bisection of delta(eps) at each precision), and slowly
 * with p, (0.5 + 0.4 log10 p).  Measured on the development machine (2 cores
 * shared with other jobs), kappa = 1e6 at p = 2^31 - 1 unless said:
 *   --epsilon 1: 100 digits 0.49 s, 300 digits 3.4 s (model 3.6 s),
 *                1000 digits > 20 s (model 32 s); p = 3, kappa 10, 300
 *                digits 0.74 s (model 0.6 s);
 *   --delta 1e-5: 30 digits 0.34 s, 100 digits 6.6 s (model 6.6 s);
 *   --order 10: 300 digits 0.55 s (model 0.6 s); --order 1e6 at 6 digits
 *                0.05 s.
 * Model: 0.05 + c (0.5 + 0.4 log10 p) (digits/100)^e s, c = 0.12 and e = 1.8
 * (--epsilon), 0.02 and 1.8 (--order), 1.6 and 2.4 (--delta). */
#include <math.h>
#include <string.h>
#include "privacy/dp_work.h"

double
lp_dp_work_seconds(const char *mechanism, char query, uint64_t p, long digits)
{
    double c = 0.12, e = 1.8, fp;
    if (strcmp(mechanism, "vmf") != 0)
        return NAN;
    if (query == 'd') {
        c = 1.6;
        e = 2.4;
    } else if (query == 'o') {
        c = 0.02;
    }
    fp = 0.5 + 0.4 * log10((double) (p > 1 ? p : 1));
    return 0.05 + c * fp * pow((double) digits / 100.0, e);
}
