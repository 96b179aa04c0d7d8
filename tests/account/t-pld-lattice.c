/* t-pld-lattice.c -- the certified PLD accountant over randomized response
 * and the (epsilon, delta) pair (pld_mech_discrete.c) at long runs, T up to
 * 200, against delta and epsilon from the lattice enumerated exactly: the
 * subsampled pair's few outcomes, their T-fold composition as a sum over
 * the counts of each outcome (multinomial weights, fmpz), every term in Arb
 * at 128 bits (no grid, no FFT, none of the accountant's code).
 *
 * Random in Arb's style (LEAKPROOF_TEST_SEED; the rounds scale with
 * LEAKPROOF_TEST_MULTIPLIER): q, the step's epsilon e and delta d (epsdelta),
 * T, the relation, the grid's width (0.01, 0.003, 0.001), an epsilon in the
 * composed loss's bulk and a delta near its exact delta.  Each round
 * asserts, certainly (balls), that
 *   - the bracket [lo, hi] of delta(eps) holds the exact delta(eps);
 *   - the bracket [eps_lo, eps_hi] of epsilon(delta) holds the exact
 *     epsilon(delta): delta(eps_hi) <= delta, and delta(eps_lo) >= delta
 *     where eps_lo > 0 (delta(eps) is continuous and decreasing where
 *     positive, so these are the two ends' claims); eps_hi finite, unless
 *     the infinite loss's mass alone, 1 - (1 - q d)^T, exceeds delta (then
 *     the exact epsilon is infinite, and eps_hi must be).
 * Inputs are printed in every line.  Before the fix of the mean rounding
 * (the least atom clamped to the grid's lowest point under remove), rr at
 * remove failed here from T ~ 50 (e 1, q 0.01, T 100: the lower end of
 * delta(0.3736) 9.97117e-6 above the exact 9.95039e-6).  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <flint/fmpz.h>
#include "account/pld/pld.h"
#include "tap.h"
#include "helpers.h"

#define PREC 128

typedef struct {
    int n;                      /* finite outcomes */
    arb_struct L[4], m[4];      /* their losses and masses under the relation's law */
    arb_t p_inf;                /* the mass of the infinite loss (remove, d > 0) */
} atoms;

/* the outcomes of the dominating pair, subsampled at q, under rel (the
 * test's own transcription of Kairouz, Oh and Viswanath's pair) */
static void
atoms_init(atoms *a, const char *et, const char *dt, const char *qt, int rel)
{
    arb_t e, d, q, E, p0, q0, P, Q;
    arb_init(e); arb_init(d); arb_init(q); arb_init(E);
    arb_init(p0); arb_init(q0); arb_init(P); arb_init(Q);
    arb_init(a->p_inf);
    arb_set_str(e, et, PREC);
    arb_set_str(d, dt, PREC);
    arb_set_str(q, qt, PREC);
    arb_exp(E, e, PREC);
    a->n = 0;
    for (int j = 0; j < 4; j++) {
        arb_t one_d, den;
        arb_init(one_d);
        arb_init(den);
        arb_sub_ui(one_d, d, 1, PREC);
        arb_neg(one_d, one_d);                  /* 1 - d */
        arb_add_ui(den, E, 1, PREC);
        if (j == 0) {                           /* (d, 0) */
            arb_set(p0, d);
            arb_zero(q0);
        } else if (j == 3) {                    /* (0, d) */
            arb_zero(p0);
            arb_set(q0, d);
        } else {                                /* (1-d) (e^e, 1) / (1 + e^e), swapped */
            arb_div(p0, one_d, den, PREC);
            arb_set(q0, p0);
            arb_mul(j == 1 ? p0 : q0, j == 1 ? p0 : q0, E, PREC);
        }
        /* remove: P = (1-q) Q0 + q P0 against Q = Q0; add: P = Q0 against the mixture */
        arb_mul(P, q, p0, PREC);
        arb_sub_ui(Q, q, 1, PREC);
        arb_neg(Q, Q);
        arb_addmul(P, Q, q0, PREC);             /* the mixture */
        if (rel == LP_PLD_ADD) {
            arb_swap(P, Q);
            arb_set(P, q0);
        } else {
            arb_set(Q, q0);
        }
        if (arb_is_zero(P)) {
        } else if (arb_is_zero(Q)) {
            arb_add(a->p_inf, a->p_inf, P, PREC);
        } else {
            arb_init(a->L + a->n);
            arb_init(a->m + a->n);
            arb_div(a->L + a->n, P, Q, PREC);
            arb_log(a->L + a->n, a->L + a->n, PREC);
            arb_set(a->m + a->n, P);
            a->n++;
        }
        arb_clear(one_d);
        arb_clear(den);
    }
    arb_clear(e); arb_clear(d); arb_clear(q); arb_clear(E);
    arb_clear(p0); arb_clear(q0); arb_clear(P); arb_clear(Q);
}

static void
atoms_clear(atoms *a)
{
    for (int j = 0; j < a->n; j++) {
        arb_clear(a->L + j);
        arb_clear(a->m + j);
    }
    arb_clear(a->p_inf);
}

/* res = delta_T(eps) = E[(1 - e^{eps - S})_+], S the sum of T iid losses:
 * 1 - (1 - p_inf)^T for the runs with an infinite loss, plus the sum over
 * the counts c of the finite outcomes of T!/prod c_j! prod m_j^c_j
 * (1 - e^{eps - sum c_j L_j})_+ */
static void
delta_exact(arb_t res, const atoms *a, uint64_t T, const arb_t eps)
{
    const int n = a->n;
    arb_ptr pw[3];
    int64_t c[3] = { 0, 0, 0 };
    arb_t w, s, t;
    fmpz_t b1, b2;
    arb_init(w); arb_init(s); arb_init(t);
    fmpz_init(b1); fmpz_init(b2);
    for (int j = 0; j < n; j++) {               /* m_j^c, c = 0 .. T */
        pw[j] = _arb_vec_init((slong) T + 1);
        arb_one(pw[j]);
        for (uint64_t k = 1; k <= T; k++)
            arb_mul(pw[j] + k, pw[j] + k - 1, a->m + j, PREC);
    }
    arb_sub_ui(res, a->p_inf, 1, PREC);
    arb_neg(res, res);
    arb_pow_ui(res, res, T, PREC);
    arb_sub_ui(res, res, 1, PREC);
    arb_neg(res, res);                          /* 1 - (1 - p_inf)^T */
    for (c[0] = 0; c[0] <= (int64_t) T; c[0]++) {
        int64_t r1 = (int64_t) T - c[0];
        if (n == 1 && r1 != 0)
            continue;
        for (c[1] = 0; c[1] <= (n >= 2 ? r1 : 0); c[1]++) {
            c[2] = r1 - c[1];
            if ((n == 2 && c[2] != 0) || (n == 1 && c[1] != 0))
                continue;
            fmpz_bin_uiui(b1, T, (ulong) c[0]);
            fmpz_bin_uiui(b2, (ulong) r1, (ulong) c[1]);
            fmpz_mul(b1, b1, b2);
            arb_set_fmpz(w, b1);
            arb_zero(s);
            for (int j = 0; j < n; j++) {
                arb_mul(w, w, pw[j] + c[j], PREC);
                arb_addmul_si(s, a->L + j, c[j], PREC);
            }
            arb_sub(t, eps, s, PREC);
            arb_exp(t, t, PREC);
            arb_sub_ui(t, t, 1, PREC);
            arb_neg(t, t);
            arb_nonnegative_part(t, t);         /* (1 - e^{eps - S})_+ */
            arb_addmul(res, w, t, PREC);
        }
    }
    for (int j = 0; j < n; j++)
        _arb_vec_clear(pw[j], (slong) T + 1);
    arb_clear(w); arb_clear(s); arb_clear(t);
    fmpz_clear(b1); fmpz_clear(b2);
}

static double
delta_exact_d(const atoms *a, uint64_t T, double eps)
{
    arb_t e, r;
    double v;
    arb_init(e);
    arb_init(r);
    arb_set_d(e, eps);
    delta_exact(r, a, T, e);
    v = arf_get_d(arb_midref(r), ARF_RND_NEAR);
    arb_clear(e);
    arb_clear(r);
    return v;
}

/* one case: the step (e, d, q texts), T, the relation and the grid's width;
 * eps0 (<= 0: drawn in the bulk's upper tail, z sds above the mean) and the
 * delta text (NULL: the exact delta(eps0) times 10^[-0.3, 0.3]); the grid
 * sized for the delta `sizing` (NULL: that delta) */
static void
check(flint_rand_t state, int epsdelta, int rel, const char *qt, const char *et, const char *dt,
      uint64_t T, double width, double eps0, const char *delta_text, const char *sizing)
{
    char deltat[32];
    double mean = 0, var = 0, d0 = 0, z;
    atoms a;
    lp_dpsgd run;
    lp_pld_step st;
    lp_pld pld;
    arb_t ea, lo, hi, ex, dl;
    int ok_d = 0, ok_e = 0, built, inf_exact = 0;
    double l = NAN, u = NAN, elo = NAN, ehi = NAN;

    atoms_init(&a, et, dt, qt, rel);
    for (int j = 0; j < a.n; j++) {
        double m = arf_get_d(arb_midref(a.m + j), ARF_RND_NEAR);
        double L = arf_get_d(arb_midref(a.L + j), ARF_RND_NEAR);
        mean += m * L;
        var += m * L * L;
    }
    var -= mean * mean;
    /* an epsilon in the bulk's upper tail, where delta is in [1e-10, 0.2] */
    z = 0.5 + (double) n_randint(state, 350) / 100;
    const int drawn = !(eps0 > 0);
    if (!drawn)
        d0 = delta_exact_d(&a, T, eps0);
    for (int tries = 0; tries < 30 && drawn; tries++) {
        eps0 = (double) T * mean + z * sqrt((double) T * fmax(var, 0));
        if (eps0 <= 0)
            eps0 = 1e-3;
        d0 = delta_exact_d(&a, T, eps0);
        if (d0 < 1e-10)
            z *= 0.8;
        else if (d0 > 0.2)
            z = z * 1.25 + 0.1;
        else
            break;
    }
    /* delta near the exact delta(eps0): a factor 10^[-0.3, 0.3], 4 digits */
    if (delta_text)
        snprintf(deltat, sizeof deltat, "%s", delta_text);
    else
        snprintf(deltat, sizeof deltat, "%.3e", d0 * pow(10, ((double) n_randint(state, 61) - 30) / 100));

    arb_init(ea); arb_init(lo); arb_init(hi); arb_init(ex); arb_init(dl);
    lp_dpsgd_init(&run, "1", qt, T, sizing ? sizing : deltat);
    lp_pld_step_init_eps(&st, &run, et, epsdelta ? dt : NULL);
    built = lp_pld_init_step(&pld, &st, (lp_pld_relation) rel, width, (size_t) 1 << 20, eps0) == 0;
    if (built) {
        /* delta(eps0) */
        arb_set_d(ea, eps0);
        lp_pld_delta(lo, hi, &pld, ea);
        delta_exact(ex, &a, T, ea);
        ok_d = arb_le(lo, ex) && arb_le(ex, hi);
        l = arf_get_d(arb_midref(lo), ARF_RND_DOWN);
        u = arf_get_d(arb_midref(hi), ARF_RND_UP);
        /* epsilon(delta) */
        arb_set_str(dl, deltat, PREC);
        lp_pld_epsilon(&elo, &ehi, &pld, dl);
        /* delta(eps) >= 1 - (1 - p_inf)^T for every eps: above delta, the
         * exact epsilon is infinite and so must the upper end be */
        arb_sub_ui(ex, a.p_inf, 1, PREC);
        arb_neg(ex, ex);
        arb_pow_ui(ex, ex, T, PREC);
        arb_sub_ui(ex, ex, 1, PREC);
        arb_neg(ex, ex);                        /* 1 - (1 - p_inf)^T */
        inf_exact = arb_gt(ex, dl);
        ok_e = elo <= ehi && (inf_exact ? !isfinite(ehi) : isfinite(ehi));
        if (ok_e && !inf_exact) {
            arb_set_d(ea, ehi);
            delta_exact(ex, &a, T, ea);
            ok_e = arb_le(ex, dl);
        }
        if (ok_e && elo > 0) {
            arb_set_d(ea, elo);
            delta_exact(ex, &a, T, ea);
            ok_e = arb_ge(ex, dl);
        }
        lp_pld_clear(&pld);
    }
    tap_ok(built && ok_d, "%s e %s%s%s, q %s, %s, T %llu, width %g: delta(%.17g) in [%.9g, %.9g] "
           "holds the lattice's exact %.9g", epsdelta ? "epsdelta" : "rr", et,
           epsdelta ? ", d " : "", epsdelta ? dt : "", qt, rel == LP_PLD_REMOVE ? "remove" : "add",
           (unsigned long long) T, width, eps0, l, u, d0);
    tap_ok(built && ok_e, "%s e %s%s%s, q %s, %s, T %llu, width %g: epsilon(%s) in [%.9g, %.9g] "
           "holds the lattice's exact (delta at the ends certainly on either side)",
           epsdelta ? "epsdelta" : "rr", et, epsdelta ? ", d " : "", epsdelta ? dt : "", qt,
           rel == LP_PLD_REMOVE ? "remove" : "add", (unsigned long long) T, width, deltat, elo, ehi);
    lp_pld_step_clear(&st);
    lp_dpsgd_clear(&run);
    atoms_clear(&a);
    arb_clear(ea); arb_clear(lo); arb_clear(hi); arb_clear(ex); arb_clear(dl);
}

int
main(void)
{
    flint_rand_t state;
    const long rounds = test_iterations(5);
    test_rand_init(state);
    /* the reported case first: rr at e 1, q 0.01, T 100, remove, width
     * 0.001 (the grid sized as the command sizes it for --delta-for-epsilon)
     * and 0.005: delta(0.3736) exactly 9.95038770e-6, epsilon(1e-5)
     * 0.373401269; the (e, 1e-7) pair, epsilon(1e-5) 0.3738017 */
    check(state, 0, LP_PLD_REMOVE, "0.01", "1", "0", 100, 0.001, 0.3736, "1e-5", "1e-12");
    check(state, 0, LP_PLD_REMOVE, "0.01", "1", "0", 100, 0.005, 0.3734, "1e-5", NULL);
    check(state, 1, LP_PLD_REMOVE, "0.01", "1", "1e-7", 100, 0.01, 0.3738, "1e-5", NULL);
    for (long r = 0; r < rounds; r++)
        for (int i = 0; i < 4; i++) {           /* rr, epsdelta; remove, add */
            /* q log-uniform in [0.001, 0.3], e in [0.2, 3], d = 10^-k (k 1
             * .. 7), T in [20, 200]; the digits short, so that the texts are
             * the values both sides read */
            const double widths[3] = { 0.01, 0.003, 0.001 };
            char qt[32], et[32], dt[32];
            snprintf(qt, sizeof qt, "%.3g", 0.001 * pow(300, (double) n_randint(state, 1001) / 1000));
            snprintf(et, sizeof et, "%.2f", 0.2 + (double) n_randint(state, 281) / 100);
            snprintf(dt, sizeof dt, "%se-%d", i % 2 ? "1" : "0", 1 + (int) n_randint(state, 7));
            check(state, i % 2, i / 2, qt, et, dt, 20 + n_randint(state, 181),
                  widths[n_randint(state, 3)], 0, NULL, NULL);
        }
    flint_randclear(state);
    flint_cleanup();
    return tap_done();
}
