/* The regularized lower incomplete gamma P(s, z) for the chi-square laws of
 * the adversary's studies, fast where s and z are both large and close
 * (d ~ 1e5..1e6): Arb's general routine cancels there and needed minutes.
 * Contract in adversary.h. */
#include "adversary/adversary.h"

/* z^s e^-z / Gamma(s+1) * sum_k z^k / ((s+1)...(s+k)): positive terms, no
 * cancellation; the tail after a term t_k is at most t_k r/(1-r), r = z/(s+k+1) < 1. */
static void
lower_series(arb_t res, const arb_t s, const arb_t z, slong prec)
{
    arb_t t, sum, r, u;
    mag_t tail;
    arb_init(t); arb_init(sum); arb_init(r); arb_init(u);
    mag_init(tail);
    arb_one(t);
    arb_one(sum);
    for (ulong k = 1;; k++) {
        arb_add_ui(u, s, k, prec);
        arb_mul(t, t, z, prec);
        arb_div(t, t, u, prec);
        arb_add(sum, sum, t, prec);
        arb_add_ui(u, s, k + 1, prec);
        arb_div(r, z, u, prec);                     /* the next ratio, an upper bound for the rest */
        arb_get_mag(tail, r);
        if (mag_cmp_2exp_si(tail, -1) < 0) {          /* r < 1/2 for certain */
            arb_get_mag(tail, t);
            if (mag_cmp_2exp_si(tail, arf_abs_bound_lt_2exp_si(arb_midref(sum)) - prec - 4) < 0) {
                arb_sub_ui(u, r, 1, prec);
                arb_neg(u, u);
                arb_div(u, r, u, prec);
                arb_mul(u, u, t, prec);               /* t r / (1 - r) */
                arb_get_mag(tail, u);
                arb_add_error_mag(sum, tail);
                break;
            }
        }
    }
    /* the prefactor in logs: z^s and e^-z alone would be huge or tiny */
    arb_log(u, z, prec);
    arb_mul(u, u, s, prec);
    arb_sub(u, u, z, prec);
    arb_add_ui(t, s, 1, prec);
    arb_lgamma(t, t, prec);
    arb_sub(u, u, t, prec);
    arb_exp(u, u, prec);
    arb_mul(res, sum, u, prec);
    arb_clear(t); arb_clear(sum); arb_clear(r); arb_clear(u);
    mag_clear(tail);
}

void
lp_adversary_gamma_p(arb_t res, const arb_t s, const arb_t z, slong prec)
{
    arb_t w;
    arb_init(w);
    /* below 2s + 64 the series needs about z - s + sqrt(s prec) terms; above
       it Q = 1 - P is small and its asymptotic expansion converges fast */
    arb_mul_2exp_si(w, s, 1);
    arb_add_ui(w, w, 64, prec);
    if (arb_le(z, w)) {
        lower_series(res, s, z, prec);
    } else {
        arb_hypgeom_gamma_upper(w, s, z, 1, prec);
        arb_sub_ui(res, w, 1, prec);
        arb_neg(res, res);
    }
    arb_clear(w);
}
