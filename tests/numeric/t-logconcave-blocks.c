/* t-logconcave-blocks.c -- the log-concave sum walked in exact-fraction
 * blocks (lp_logconcave_sum_ratio_arb) against the same sum walked term by
 * term (lp_logconcave_sum_arb) on the Gaussian chain of Steiner's formula,
 * T_{k+2}/T_k = (p-1-k) q / ((k+1)(k+2)), for dyadic q = (R/sigma)^2 (the
 * block path) and random p, seeds and peaks -- including seeds off the peak
 * and walks that reach 0 or p.  Each pair must overlap and both be narrow. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "forms/forms.h"

/* T_k = binom(p,k) q^{k/2} 2^{-k}..., any positive seeds will do for the
 * comparison: the two walks get the same seeds and the same recurrence */
static void
check(uint64_t p, const char *q_text, uint64_t k, slong prec)
{
    lp_gauss_chain ch;
    arb_t tk, tk1, a, b;
    slong acc_a, acc_b;
    arb_init(tk); arb_init(tk1); arb_init(a); arb_init(b); arb_init(ch.q);
    lp_decimal_arb(ch.q, q_text, prec);
    ch.p = p;
    lp_gauss_chain_exact(&ch);
    /* seeds: the true Steiner-like terms binom(p-1,k) q^{k/2} / G(k/2+1) up
     * to a common factor keep the sequence log-concave; take
     * T_k = q^{k/2} binom(p-1,k) / G((k+1)/2 + 1/2) in logs */
    {
        arb_t x, u;
        arb_init(x); arb_init(u);
        for (int s = 0; s < 2; s++) {
            uint64_t i = k + (uint64_t) s;
            arb_set_ui(u, p);
            arb_lgamma(x, u, prec);
            arb_set_ui(u, i + 1);
            arb_lgamma(u, u, prec);
            arb_sub(x, x, u, prec);
            arb_set_ui(u, p - i);
            arb_lgamma(u, u, prec);
            arb_sub(x, x, u, prec);             /* log binom(p-1, i) */
            arb_log(u, ch.q, prec);
            arb_mul_ui(u, u, i, prec);
            arb_mul_2exp_si(u, u, -1);
            arb_add(x, x, u, prec);
            arb_set_ui(u, i + 2);
            arb_mul_2exp_si(u, u, -1);
            arb_lgamma(u, u, prec);
            arb_sub(x, x, u, prec);
            arb_exp(s == 0 ? tk : tk1, x, prec);
        }
        arb_clear(x); arb_clear(u);
    }
    lp_logconcave_sum_arb(a, p - 1, k, tk, tk1, lp_gauss_chain_step, &ch, prec);
    lp_logconcave_sum_ratio_arb(b, p - 1, k, tk, tk1, lp_gauss_chain_step, lp_gauss_chain_ratio, &ch, prec);
    acc_a = arb_rel_accuracy_bits(a);
    acc_b = arb_rel_accuracy_bits(b);
    tap_ok(ch.qm != 0 && arb_overlaps(a, b) && acc_b >= prec - 40 && acc_a >= prec - 40,
           "blocks against terms: p=%llu q=%s k=%llu prec=%ld: overlap, %ld and %ld bits",
           (unsigned long long) p, q_text, (unsigned long long) k, (long) prec, (long) acc_b, (long) acc_a);
    arb_clear(tk); arb_clear(tk1); arb_clear(a); arb_clear(b); arb_clear(ch.q);
}

int
main(void)
{
    static const char *const qs[] = { "1", "4", "0.25", "0.5", "1024" };
    flint_rand_t state;
    test_rand_init(state);
    check(13700, "1", 117, 128);
    check(2147483647, "1", 46340, 128);
    check(40, "1", 5, 128);                         /* walks reach 0 and p - 1 */
    check(3, "1", 0, 128);
    for (long it = 0; it < test_iterations(30); it++) {
        uint64_t p = 2 + (uint64_t) floor(pow(2.0, 16.0 * (double) n_randint(state, 1000) / 1000.0));
        uint64_t k = n_randint(state, p - 1);
        check(p, qs[n_randint(state, 5)], k, 64 + (slong) n_randint(state, 200));
    }
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
