/* rdp_fixed_batch_arb.c -- RDP of one DP-SGD step with a fixed-size batch:
 * m of the n examples drawn uniformly WITHOUT replacement (sampling rate
 * gamma = m/n), the Gaussian added to the sum of the clipped gradients, under
 * the replace-one relation (x and x' of the same size n differ in one
 * example's value).  Certified in ball arithmetic.  Contract in rdp.h.
 *
 * The base mechanism.  Replacing one example changes the sum of clipped
 * gradients (each of norm <= C) by up to 2C: the replace-one sensitivity is 2C,
 * so with noise of standard deviation M C the Gaussian's RDP is
 *   eps(a) = a (2C)^2 / (2 (M C)^2) = 2a/M^2 = a h,  h = 2/M^2,
 * the add/remove curve at multiplier M/2 (dp_accounting's noise_multiplier is
 * relative to the sensitivity; leakproof's M to the clipping norm, as Opacus's).
 *
 * The bound: Wang, Balle and Kasiviswanathan 2019, "Subsampled Renyi
 * differential privacy and analytical moments accountant" (AISTATS), Theorem
 * 9, at integer orders a >= 2, for a base mechanism with eps(inf) = inf (the
 * Gaussian), where its min{2, (e^{eps(inf)} - 1)^j} is 2:
 *   eps'(a) <= 1/(a-1) log(1 + S),
 *   S = g^2 C(a,2) min{4 (e^{eps(2)} - 1), 2 e^{eps(2)}}
 *       + sum_{j=3}^{a} 2 g^j C(a,j) e^{(j-1) eps(j)},
 * every term positive: summed without cancellation, log1p at the end.  (For
 * a <= 256 dp_accounting evaluates the paper's strengthened form, its
 * Theorem 27 with forward differences, which is smaller: a different bound,
 * not this one.)
 *
 * A second bound, exact at gamma = 1: H(P, Q) = int P^a Q^{1-a} is jointly
 * convex, and conditioned on the drawn index set the pair of outputs is
 * (P0, P0) when the replaced example is not drawn (probability 1 - gamma) and
 * a replace-one pair of the Gaussian when it is, so
 *   eps'(a) <= 1/(a-1) log(1 + gamma (e^{(a-1) eps(a)} - 1)),
 * which is eps(a) = 2a/M^2 at gamma = 1 (no subsampling).  The result is the
 * minimum of the two (each an upper bound, so is the minimum).
 *
 * Fractional orders: the cumulant (a-1) eps'(a) of the true curve is convex in
 * a (log of a moment generating function), so it lies below the chord between
 * the integer orders around a (Wang et al.'s Corollary 10; at a < 2 the chord
 * from 0 at a = 1), and the chord of upper bounds bounds the chord.  Certified
 * throughout: doubles never enter. */
#include "account/rdp/rdp.h"
#include "core/host.h"

/* (a - 1) eps'(a) for integer a >= 1: the cumulant's certified upper bound */
static void
cumulant_int(arb_t out, const arb_t g, const arb_t h, uint64_t a, slong wp)
{
    arb_t s, b, t, e, jc;
    if (a <= 1) {
        arb_zero(out);
        return;
    }
    arb_init(s); arb_init(b); arb_init(t); arb_init(e); arb_init(jc);
    /* j = 2: b = g^2 C(a,2) */
    arb_sqr(b, g, wp);
    arb_set_ui(t, a);
    arb_mul_ui(t, t, a - 1, wp);
    arb_mul_2exp_si(t, t, -1);
    arb_mul(b, b, t, wp);
    arb_mul_2exp_si(e, h, 1);                           /* eps(2) = 2h */
    arb_expm1(t, e, wp);
    arb_mul_2exp_si(t, t, 2);                           /* 4 (e^{eps(2)} - 1) */
    arb_exp(e, e, wp);
    arb_mul_2exp_si(e, e, 1);                           /* 2 e^{eps(2)} */
    arb_min(t, t, e, wp);
    arb_mul(s, b, t, wp);
    for (uint64_t j = 3; j <= a; j++) {
        if ((j & 0xffff) == 0 && lp_cancelled()) {
            arb_indeterminate(s);
            break;
        }
        /* b_j = b_{j-1} g (a - j + 1) / j */
        arb_mul(b, b, g, wp);
        arb_mul_ui(b, b, a - j + 1, wp);
        arb_div_ui(b, b, j, wp);
        arb_set_ui(e, j);
        arb_mul_ui(e, e, j - 1, wp);
        arb_mul(e, e, h, wp);                           /* (j-1) eps(j) = j(j-1) h */
        arb_exp(t, e, wp);
        arb_mul(t, t, b, wp);
        arb_mul_2exp_si(t, t, 1);
        arb_add(s, s, t, wp);
    }
    arb_log1p(s, s, wp);
    /* joint convexity: log(1 + g (e^{(a-1) a h} - 1)) */
    arb_set_ui(e, a);
    arb_mul_ui(e, e, a - 1, wp);
    arb_mul(e, e, h, wp);
    arb_expm1(jc, e, wp);
    arb_mul(jc, jc, g, wp);
    arb_log1p(jc, jc, wp);
    arb_min(out, s, jc, wp);
    arb_clear(s); arb_clear(b); arb_clear(t); arb_clear(e); arb_clear(jc);
}

void
lp_rdp_fixed_batch_arb(arb_t rdp, const lp_dpsgd *run, uint64_t integer, const arb_t alpha,
                       slong prec)
{
    const slong wp = prec + 2 * FLINT_BIT_COUNT(integer ? integer : 64) + 20;
    arb_t h, c, c2, t;
    arb_init(h); arb_init(c); arb_init(c2); arb_init(t);
    arb_sqr(h, run->M, wp);
    arb_inv(h, h, wp);
    arb_mul_2exp_si(h, h, 1);                           /* h = 2/M^2 */
    if (arb_is_zero(run->q)) {
        arb_zero(rdp);                                  /* never drawn */
    } else if (integer) {
        cumulant_int(c, run->q, h, integer, wp);
        arb_div_ui(rdp, c, integer - 1, prec);
    } else {
        /* the chord between floor(a) and floor(a) + 1, a certainly not an
           integer (a decimal order with a fractional part) */
        fmpz_t f;
        uint64_t lo;
        fmpz_init(f);
        arf_get_fmpz(f, arb_midref(alpha), ARF_RND_FLOOR);
        lo = fmpz_get_ui(f);
        fmpz_clear(f);
        cumulant_int(c, run->q, h, lo, wp);
        cumulant_int(c2, run->q, h, lo + 1, wp);
        arb_sub_ui(t, alpha, lo, wp);                   /* tau = a - floor(a) */
        arb_sub(c2, c2, c, wp);
        arb_mul(c2, c2, t, wp);
        arb_add(c, c, c2, wp);                          /* (1 - tau) C(lo) + tau C(lo + 1) */
        arb_sub_ui(t, alpha, 1, wp);
        arb_div(rdp, c, t, prec);
    }
    arb_clear(h); arb_clear(c); arb_clear(c2); arb_clear(t);
}
