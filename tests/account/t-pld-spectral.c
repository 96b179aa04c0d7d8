/* t-pld-spectral.c -- the composed PLD's spectral route (compose/pld_spectral.c:
 * delta_Y's two sums from the few powered coefficients, no inverse transform)
 * against the ordinary route (the inverse and the suffix sums) on the same
 * masses, and both against the circular composition computed exactly in Arb
 * by repeated cyclic convolution (arb_poly_mullow folded mod x^n - 1: no
 * transform, an independent route).  Random cases (seeded): a step of K
 * random masses on kmin .. kmin+K-1, n = 256 or 384 points, T 300 .. 3000,
 * the window centred on the composed mean; at 8 exact epsilons a case, both
 * brackets hold the exact delta_Y, the spectral one no wider than the
 * ordinary one (it drops the inverse's and the sums' roundings).  A wrong
 * geometric sum, conjugate or multiplicity moves delta_Y by 1e-3 or more,
 * far outside brackets some 1e-13 wide.  The sums remembered per j0 are the
 * sums made afresh, bit for bit, at every j0 of the circle.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arb_poly.h"
#include "account/pld/pld.h"
#include "account/pld/compose/pld_compose.h"
#include "tap.h"

#define PREC 128

/* c = a b mod x^n - 1 (a, b of length n) */
static void
cyclic_mul(arb_ptr c, arb_srcptr a, arb_srcptr b, slong n)
{
    arb_ptr t = _arb_vec_init(2 * n - 1);
    _arb_poly_mullow(t, a, n, b, n, 2 * n - 1, PREC);
    for (slong i = 0; i < n; i++)
        arb_set(c + i, t + i);
    for (slong i = n; i < 2 * n - 1; i++)
        arb_add(c + i - n, c + i - n, t + i, PREC);
    _arb_vec_clear(t, 2 * n - 1);
}

/* p = x^T mod x^n - 1, binary powering */
static void
cyclic_pow(arb_ptr p, arb_srcptr x, slong n, uint64_t T)
{
    arb_ptr b = _arb_vec_init(n), t = _arb_vec_init(n);
    _arb_vec_set(b, x, n);
    _arb_vec_zero(p, n);
    arb_one(p);
    for (; T; T >>= 1) {
        if (T & 1) {
            cyclic_mul(t, p, b, n);
            _arb_vec_set(p, t, n);
        }
        if (T > 1) {
            cyclic_mul(t, b, b, n);
            _arb_vec_set(b, t, n);
        }
    }
    _arb_vec_clear(b, n);
    _arb_vec_clear(t, n);
}

static void
pld_setup(lp_pld *pld, size_t n, double h, int64_t ja, uint64_t T, int spectral)
{
    lp_pld_blank(pld, LP_PLD_REMOVE);
    pld->n = n;
    pld->h = h;
    pld->ja = ja;
    pld->T = T;
    pld->spectral = spectral;
}

int
main(void)
{
    const double h = 1.0 / 64;
    srand(20261129);
    for (int c = 0; c < 6; c++) {
        const size_t n = c % 2 ? 384 : 256;
        const int64_t K = 4 + rand() % 12, kmin = -(rand() % 6);
        const uint64_t T = 300 + (uint64_t) (rand() % 2700);
        arb_ptr mass = _arb_vec_init(K), x = _arb_vec_init((slong) n), p = _arb_vec_init((slong) n);
        double w[16], sum = 0, mean = 0;
        int64_t ja;
        lp_pld ord, spec;
        int ok_ord, ok_spec, held = 1, narrower = 1;
        double worst = 0;
        for (int64_t i = 0; i < K; i++) {
            w[i] = 0.05 + (double) rand() / RAND_MAX;
            sum += w[i];
        }
        for (int64_t i = 0; i < K; i++) {
            arb_set_d(mass + i, w[i] / sum);    /* a ball about a double: the masses' radii too */
            mag_set_d(arb_radref(mass + i), 1e-18);
            mean += (double) (kmin + i) * w[i] / sum;
        }
        ja = (int64_t) floor((double) T * mean) - (int64_t) n / 2;
        for (int64_t i = 0; i < K; i++) {
            const int64_t k = kmin + i;
            arb_add(x + ((k % (int64_t) n) + (int64_t) n) % (int64_t) n,
                    x + ((k % (int64_t) n) + (int64_t) n) % (int64_t) n, mass + i, PREC);
        }
        cyclic_pow(p, x, (slong) n, T);         /* p[i]: the circle's index i = (ja + j) mod n */
        pld_setup(&ord, n, h, ja, T, -1);
        pld_setup(&spec, n, h, ja, T, 1);
        ok_ord = pld_compose(&ord, mass, kmin, K) == 0 && ord.nspec == 0 && ord.A != NULL;
        ok_spec = pld_compose(&spec, mass, kmin, K) == 0 && spec.nspec > 0 && spec.A == NULL;
        for (int q = 0; q < 8 && ok_ord && ok_spec; q++) {
            /* e between grid points, spread over the window's upper three quarters */
            const int64_t j = (int64_t) n / 4 + (int64_t) (q * (3 * n / 4) / 8) + rand() % 8;
            arf_t e;
            arb_t lo_o, hi_o, lo_s, hi_s, D, g, s;
            arf_init(e);
            arb_init(lo_o);
            arb_init(hi_o);
            arb_init(lo_s);
            arb_init(hi_s);
            arb_init(D);
            arb_init(g);
            arb_init(s);
            arf_set_d(e, ((double) (ja + j) + 0.25 + 0.5 * q / 8) * h);
            /* exact: sum over window points s_m > e of p (1 - e^{e - s_m}) */
            arb_zero(D);
            for (int64_t m = 0; m < (int64_t) n; m++) {
                arb_set_d(s, h);
                arb_mul_si(s, s, ja + m, PREC);
                if (arf_cmp(arb_midref(s), e) <= 0)
                    continue;
                arb_sub_arf(g, s, e, PREC);
                arb_neg(g, g);
                arb_exp(g, g, PREC);
                arb_sub_ui(g, g, 1, PREC);
                arb_neg(g, g);
                arb_mul(g, g, p + (((ja + m) % (int64_t) n) + (int64_t) n) % (int64_t) n, PREC);
                arb_add(D, D, g, PREC);
            }
            lp_pld_delta_Y(lo_o, hi_o, &ord, e);
            lp_pld_delta_Y(lo_s, hi_s, &spec, e);
            {
                arf_t dl, du, ol, ou, sl, su;
                arf_init(dl);
                arf_init(du);
                arf_init(ol);
                arf_init(ou);
                arf_init(sl);
                arf_init(su);
                arb_get_lbound_arf(dl, D, PREC);
                arb_get_ubound_arf(du, D, PREC);
                arb_get_lbound_arf(ol, lo_o, PREC);
                arb_get_ubound_arf(ou, hi_o, PREC);
                arb_get_lbound_arf(sl, lo_s, PREC);
                arb_get_ubound_arf(su, hi_s, PREC);
                if (arf_cmp(ol, dl) > 0 || arf_cmp(du, ou) > 0 || arf_cmp(sl, dl) > 0 || arf_cmp(du, su) > 0) {
                    held = 0;
                    fprintf(stderr, "case %d e %g: exact %.15g, ordinary [%.15g, %.15g], spectral [%.15g, %.15g]\n",
                            c, arf_get_d(e, ARF_RND_NEAR), arf_get_d(dl, ARF_RND_NEAR),
                            arf_get_d(ol, ARF_RND_NEAR), arf_get_d(ou, ARF_RND_NEAR),
                            arf_get_d(sl, ARF_RND_NEAR), arf_get_d(su, ARF_RND_NEAR));
                }
                {
                    const double wo = arf_get_d(ou, ARF_RND_UP) - arf_get_d(ol, ARF_RND_DOWN);
                    const double ws = arf_get_d(su, ARF_RND_UP) - arf_get_d(sl, ARF_RND_DOWN);
                    if (ws > wo * (1 + 1e-9))
                        narrower = 0;
                    worst = fmax(worst, ws);
                }
                arf_clear(dl);
                arf_clear(du);
                arf_clear(ol);
                arf_clear(ou);
                arf_clear(sl);
                arf_clear(su);
            }
            arf_clear(e);
            arb_clear(lo_o);
            arb_clear(hi_o);
            arb_clear(lo_s);
            arb_clear(hi_s);
            arb_clear(D);
            arb_clear(g);
            arb_clear(s);
        }
        tap_ok(ok_ord && ok_spec && held,
               "case %d (n %zu, K %lld, kmin %lld, T %llu, %zu coefficients kept): both routes' delta_Y "
               "hold the exact circular composition's at 8 epsilons", c, n, (long long) K,
               (long long) kmin, (unsigned long long) T, spec.nspec);
        tap_ok(ok_ord && ok_spec && narrower && worst < 1e-9,
               "case %d: the spectral bracket no wider than the ordinary one (widest %.3g)", c, worst);
        {
            /* the sums remembered per j0 (pld->spec_memo) against the same
             * sums made afresh (the memo set aside): every j0 of the circle
             * twice, in a scrambled order, the very same balls */
            int same = ok_spec && spec.spec_memo != NULL;
            arb_t A, B, A1, B1;
            arb_init(A);
            arb_init(B);
            arb_init(A1);
            arb_init(B1);
            for (size_t t = 0; t < 2 * n && same; t++) {
                const int64_t j0 = (int64_t) ((t * 97 + (size_t) c) % n);
                struct pld_spectral_memo *memo = spec.spec_memo;
                pld_spectral_sums(A, B, &spec, j0);
                spec.spec_memo = NULL;
                pld_spectral_sums(A1, B1, &spec, j0);
                spec.spec_memo = memo;
                same = arb_equal(A, A1) && arb_equal(B, B1);
            }
            tap_ok(same, "case %d: the sums remembered at %zu j0 are the sums made afresh, bit for bit",
                   c, n);
            arb_clear(A);
            arb_clear(B);
            arb_clear(A1);
            arb_clear(B1);
        }
        lp_pld_clear(&ord);
        lp_pld_clear(&spec);
        _arb_vec_clear(mass, K);
        _arb_vec_clear(x, (slong) n);
        _arb_vec_clear(p, (slong) n);
    }
    flint_cleanup();
    return tap_done();
}
