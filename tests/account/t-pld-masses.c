/* t-pld-masses.c -- the Gaussian step's certified masses by Taylor blocks
 * (pld_grid_taylor.c: Arb at the blocks' anchors, each mass a polynomial in
 * doubles with a proved bound) against this file's own high-precision
 * route: P(X <= l) in Arb at 512 bits from Arb's erfc at each boundary, the
 * masses its differences (no series, no doubles).  Random in Arb's style
 * (LEAKPROOF_TEST_SEED, LEAKPROOF_TEST_MULTIPLIER): M, q, T, delta and the
 * relation drawn, the grid the accountant's own (lp_pld_plan_step), and at
 * each the first and last boundaries (where the blocks shrink towards the
 * loss's end or the clamped tail sits) and random ones; every ball must
 * contain the reference mass, and the tails G_i = P(X > l_i) and (add)
 * F_i = P(X <= l_i) theirs.  The radii's sum is held below 1e-14 (the
 * FFT's bound takes it T times; the former route's was about 2.7e-16), and
 * one small grid is compared with the former route (pld_masses_arb) at
 * every point; the generating function's sums in doubles (pld_tails_gf.c)
 * against Arb's.  Large multipliers (M 20 - 100, both relations) on the
 * accountant's grid, whose loss is clamped at its own end (the cut mass
 * checked too), and on the grid reaching that end, where the masses fall
 * to 0 and the blocks give way to Arb point by point.  On failure every
 * input is printed.  TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arb_hypgeom.h"
#include "account/pld/pld.h"
#include "account/pld/compose/pld_compose.h"
#include "account/pld/grid/pld_grid.h"
#include "account/pld/sketch/pld_sketch.h"
#include "tap.h"
#include "helpers.h"

#define REF_PREC 512

/* Phi(z) = erfc(-z/sqrt2)/2 */
static void
phi_cdf(arb_t r, const arb_t z, slong prec)
{
    arb_t s;
    arb_init(s);
    arb_sqrt_ui(s, 2, prec);
    arb_div(r, z, s, prec);
    arb_neg(r, r);
    arb_hypgeom_erfc(r, r, prec);
    arb_mul_2exp_si(r, r, -1);
    arb_clear(s);
}

/* r = P(X <= l) (upper = 0) or P(X > l) under the relation; -1 when l's
 * position against the loss's end is not decided */
static int
ref_cdf(arb_t r, const lp_dpsgd *run, int rel, int64_t k, double h, int upper)
{
    const slong prec = REF_PREC;
    arb_t x, U, a, b;
    int ret = 0;
    arb_init(x);
    arb_init(U);
    arb_init(a);
    arb_init(b);
    arb_set_d(x, h);
    arb_mul_si(x, x, k, prec);
    if (rel == LP_PLD_ADD)
        arb_neg(x, x);
    arb_expm1(x, x, prec);
    arb_add(x, x, run->q, prec);                    /* e^{+-l} - 1 + q */
    if (arb_is_positive(x)) {
        arb_div(x, x, run->q, prec);
        arb_log(x, x, prec);
        arb_mul(U, x, run->M, prec);
        arb_inv(a, run->M, prec);
        arb_mul_2exp_si(a, a, -1);
        arb_add(U, U, a, prec);                     /* U (remove) or V (add) */
        if (rel == LP_PLD_REMOVE) {
            /* P(X <= l) = (1-q) Phi(U) + q Phi(U - 1/M); the upper tail with -U, 1/M - U */
            arb_inv(b, run->M, prec);
            arb_sub(b, U, b, prec);
            if (upper) {
                arb_neg(U, U);
                arb_neg(b, b);
            }
            phi_cdf(a, U, prec);
            phi_cdf(b, b, prec);
            arb_sub_ui(x, run->q, 1, prec);
            arb_neg(x, x);
            arb_mul(a, a, x, prec);
            arb_addmul(a, b, run->q, prec);
            arb_set(r, a);
        } else {
            /* X <= l iff u >= V: P(X <= l) = Phi(-V), P(X > l) = Phi(V) */
            if (!upper)
                arb_neg(U, U);
            phi_cdf(r, U, prec);
        }
    } else if (arb_is_nonpositive(x)) {
        /* beyond the loss's end: remove, l <= log(1-q) (P(X <= l) = 0);
         * add, l >= -log(1-q) (P(X <= l) = 1) */
        if ((rel == LP_PLD_REMOVE) == (upper == 0))
            arb_zero(r);
        else
            arb_one(r);
    } else {
        ret = -1;
    }
    arb_clear(x);
    arb_clear(U);
    arb_clear(a);
    arb_clear(b);
    return ret;
}

/* the reference mass i of the grid: P(X <= l_kmin), P(l_{i-1} < X <= l_i),
 * P(X > l_{kmax-1}); the difference taken of the smaller tail */
static int
ref_mass(arb_t m, const lp_dpsgd *run, int rel, int64_t kmin, int64_t K, double h, int64_t i)
{
    arb_t a, b;
    int ret;
    if (i == 0)
        return ref_cdf(m, run, rel, kmin, h, 0);
    if (i == K - 1)
        return ref_cdf(m, run, rel, kmin + K - 2, h, 1);
    arb_init(a);
    arb_init(b);
    ret = ref_cdf(a, run, rel, kmin + i, h, 0) | ref_cdf(b, run, rel, kmin + i - 1, h, 0);
    if (ret == 0 && arf_cmp_d(arb_midref(b), 0.5) > 0) {
        ret = ref_cdf(a, run, rel, kmin + i, h, 1) | ref_cdf(b, run, rel, kmin + i - 1, h, 1);
        arb_sub(m, b, a, REF_PREC);
    } else {
        arb_sub(m, a, b, REF_PREC);
    }
    arb_clear(a);
    arb_clear(b);
    return ret;
}

static void
print_case(const char *M, const char *q, uint64_t T, const char *d, int rel, double h,
           int64_t kmin, int64_t K)
{
    printf("# failing input: M %s q %s T %llu delta %s %s; h %.17g kmin %lld K %lld\n", M, q,
           (unsigned long long) T, d, rel ? "add" : "remove", h, (long long) kmin, (long long) K);
}

static void
random_grids(flint_rand_t st)
{
    const long iters = test_iterations(10);
    for (long it = 0; it < iters; it++) {
        char M[32], q[32], d[32];
        const uint64_t Ts[] = { 1, 10, 1000, 100000, 1000000, 10000000 };
        const uint64_t T = Ts[n_randint(st, 6)];
        const int rel = (int) n_randint(st, 2);
        lp_dpsgd run;
        lp_pld_step step;
        lp_pld pld;
        arb_ptr mass, G = NULL, F = NULL;
        arb_t ref;
        int64_t kmin, K, checked = 0, bad = 0, undecided = 0;
        double h, rsum = 0;
        snprintf(M, sizeof M, "%.4g", exp(log(0.5) + (log(8.0) - log(0.5)) * (double) n_randint(st, 1000) / 1000));
        snprintf(q, sizeof q, "%.3g", exp(log(1e-6) + (log(0.5) - log(1e-6)) * (double) n_randint(st, 1000) / 1000));
        snprintf(d, sizeof d, "1e-%d", 5 + (int) n_randint(st, 8));
        lp_dpsgd_init(&run, M, q, T, d);
        lp_pld_step_init_gauss(&step, &run);
        if (lp_pld_plan_step(&pld, &step, (lp_pld_relation) rel, 0.01, (size_t) 1 << 23, -1) != 0
            || pld.support > 3000000) {
            printf("# random %ld: M %s q %s T %llu delta %s: no grid planned or K over 3e6, skipped\n",
                   it, M, q, (unsigned long long) T, d);
            lp_pld_clear(&pld);
            lp_pld_step_clear(&step);
            lp_dpsgd_clear(&run);
            continue;
        }
        h = pld.h;
        kmin = (int64_t) llround(pld.kmin_h / h);
        K = (int64_t) pld.support;
        mass = pld_masses_taylor(&run, (lp_pld_relation) rel, kmin, K, h, &G, &F);
        arb_init(ref);
        for (int64_t i = 0; i < K; i++)
            rsum += mag_get_d(arb_radref(mass + i));
        for (int j = 0; j < 300; j++) {
            /* 60 at each end, the rest at random */
            const int64_t i = j < 60 ? j : j < 120 ? K - 1 - (j - 60) : (int64_t) n_randint(st, (ulong) K);
            if (i < 0 || i >= K)
                continue;
            if (ref_mass(ref, &run, rel, kmin, K, h, i) != 0) {
                undecided++;
                continue;
            }
            checked++;
            if (!arb_contains(mass + i, ref)) {
                if (bad++ == 0) {
                    print_case(M, q, T, d, rel, h, kmin, K);
                    printf("# mass %lld:\n", (long long) i);
                    print_ball_decimal("taylor", mass + i);
                    print_ball_decimal("reference", ref);
                }
            }
            if (i < K - 1 && ref_cdf(ref, &run, rel, kmin + i, h, 1) == 0) {
                checked++;
                if (!arb_contains(G + i, ref) && bad++ == 0) {
                    print_case(M, q, T, d, rel, h, kmin, K);
                    printf("# G %lld:\n", (long long) i);
                    print_ball_decimal("taylor", G + i);
                    print_ball_decimal("reference", ref);
                }
            }
            if (F != NULL && i < K - 1 && ref_cdf(ref, &run, rel, kmin + i, h, 0) == 0) {
                checked++;
                if (!arb_contains(F + i, ref) && bad++ == 0) {
                    print_case(M, q, T, d, rel, h, kmin, K);
                    printf("# F %lld:\n", (long long) i);
                    print_ball_decimal("taylor", F + i);
                    print_ball_decimal("reference", ref);
                }
            }
        }
        if (!(rsum <= 1e-14) && bad == 0)
            print_case(M, q, T, d, rel, h, kmin, K);
        tap_ok(bad == 0 && checked > 0 && rsum <= 1e-14,
               "random %ld: %s M %s q %s T %llu delta %s, K %lld: %lld balls (masses and tails) "
               "contain the %d-bit reference (%lld not, %lld undecided); radii's sum %.3g <= 1e-14",
               it, rel ? "add" : "remove", M, q, (unsigned long long) T, d, (long long) K,
               (long long) checked, REF_PREC, (long long) bad, (long long) undecided, rsum);
        arb_clear(ref);
        _arb_vec_clear(mass, K);
        _arb_vec_clear(G, K > 1 ? K - 1 : 1);
        if (F)
            _arb_vec_clear(F, K > 1 ? K - 1 : 1);
        lp_pld_clear(&pld);
        lp_pld_step_clear(&step);
        lp_dpsgd_clear(&run);
    }
}

/* the masses in balls of a grid at the references' points (the first and
 * last 60, 180 at random): how many checked, not contained; the radii's sum */
static void
check_grid(flint_rand_t st, const lp_dpsgd *run, int rel, int64_t kmin, int64_t K, double h,
           int64_t *checked, int64_t *bad, double *rsum, const char *M, const char *q, uint64_t T,
           slong bits)
{
    arb_ptr mass = pld_masses_taylor_bits(run, (lp_pld_relation) rel, kmin, K, h, bits, NULL, NULL);
    arb_t ref;
    arb_init(ref);
    *checked = *bad = 0;
    *rsum = 0;
    for (int64_t i = 0; i < K; i++)
        *rsum += mag_get_d(arb_radref(mass + i));
    for (int j = 0; j < 300; j++) {
        const int64_t i = j < 60 ? j : j < 120 ? K - 1 - (j - 60) : (int64_t) n_randint(st, (ulong) K);
        if (i < 0 || i >= K || ref_mass(ref, run, rel, kmin, K, h, i) != 0)
            continue;
        ++*checked;
        if (!arb_contains(mass + i, ref) && (*bad)++ == 0) {
            print_case(M, q, T, "1e-5", rel, h, kmin, K);
            printf("# mass %lld:\n", (long long) i);
            print_ball_decimal("taylor", mass + i);
            print_ball_decimal("reference", ref);
        }
    }
    arb_clear(ref);
    _arb_vec_clear(mass, K);
}

/* The loose blocks (PLD_MASS_BITS_LOOSE: --width >= 0.5, pld_init.c) on the
 * grids the accountant plans at dp_accounting's accuracy at q 1e-5 (T 1e5,
 * 1e7; --width 1.6, 1.5; bench/peers.py), both relations: every ball holds
 * the reference, the radii's sum below 1e-14 as at the default accuracy. */
static void
loose_blocks(flint_rand_t st)
{
    static const struct { uint64_t T; double width; } c[] = { { 100000, 1.6 }, { 10000000, 1.5 } };
    for (int i = 0; i < 2; i++)
        for (int rel = 0; rel < 2; rel++) {
            lp_dpsgd run;
            lp_pld_step step;
            lp_pld pld;
            int64_t checked, bad;
            double rsum;
            lp_dpsgd_init(&run, "1.1", "1e-5", c[i].T, "1e-5");
            lp_pld_step_init_gauss(&step, &run);
            if (lp_pld_plan_step(&pld, &step, (lp_pld_relation) rel, c[i].width, (size_t) 1 << 23, -1) != 0) {
                tap_ok(0, "loose blocks T %llu: no grid planned", (unsigned long long) c[i].T);
            } else {
                check_grid(st, &run, rel, (int64_t) llround(pld.kmin_h / pld.h), (int64_t) pld.support,
                           pld.h, &checked, &bad, &rsum, "1.1", "1e-5", c[i].T, PLD_MASS_BITS_LOOSE);
                tap_ok(checked >= 200 && bad == 0 && rsum < 1e-14,
                       "loose blocks (2^-%d), q 1e-5, T %llu, width %g, %s: %lld masses of %zu hold the "
                       "reference, radii's sum %.3g < 1e-14", PLD_MASS_BITS_LOOSE,
                       (unsigned long long) c[i].T, c[i].width, rel ? "add" : "remove", (long long) checked,
                       pld.support, rsum);
            }
            lp_pld_clear(&pld);
            lp_pld_step_clear(&step);
            lp_dpsgd_clear(&run);
        }
}

/* Large multipliers (M 20, 50, 100; q 0.01 and 1e-3, T 1000, delta 1e-5),
 * both relations, where the loss's cdf is steep over most of its support:
 * (1) on the accountant's grid, which now clamps the loss's own end
 * (pld_mech_gauss.c), with the cut mass at that end (the cut_tails hook)
 * against the reference and at most 1e-11 delta / T; (2) on the same h with
 * the grid reaching the loss's end (remove: l_{kmin-1} < log(1-q); add:
 * l_kmax > -log(1-q)), where the masses fall from 2^-120 to 0 and the
 * blocks collapse to single points (the direct masses). */
static void
large_multipliers(flint_rand_t st)
{
    const char *Ms[] = { "20", "50", "100" }, *qs[] = { "0.01", "0.001" };
    for (int c = 0; c < 6; c++)
        for (int rel = 0; rel < 2; rel++) {
            const char *M = Ms[c % 3], *q = qs[c / 3];
            lp_dpsgd run;
            lp_pld_step step;
            lp_pld pld;
            int64_t kmin, K, kmin_end, K_end, checked, bad, checked2, bad2, natural;
            double h, rsum, rsum2;
            int tau_ok;
            arb_t ref;
            lp_dpsgd_init(&run, M, q, 1000, "1e-5");
            lp_pld_step_init_gauss(&step, &run);
            if (lp_pld_plan_step(&pld, &step, (lp_pld_relation) rel, 0.01, (size_t) 1 << 23, -1) != 0) {
                tap_ok(0, "large M %s q %s %s: no grid planned (%s)", M, q, rel ? "add" : "remove",
                       pld.why ? pld.why : "?");
                lp_pld_step_clear(&step);
                lp_dpsgd_clear(&run);
                continue;
            }
            h = pld.h;
            kmin = (int64_t) llround(pld.kmin_h / h);
            K = (int64_t) pld.support;
            check_grid(st, &run, rel, kmin, K, h, &checked, &bad, &rsum, M, q, 1000, PLD_MASS_BITS);
            /* the end's cut mass: remove P(X <= l_{kmin-1}), add P(X > l_{kmax}) */
            arb_init(ref);
            pld_mech_of(LP_PLD_GAUSS)->cut_tails(&pld, &step, (lp_pld_relation) rel, kmin, kmin + K - 1, h);
            if (rel == LP_PLD_REMOVE)
                tau_ok = ref_cdf(ref, &run, rel, kmin - 1, h, 0) == 0 && arb_contains(pld.tau_lo, ref)
                         && arf_cmp_d(arb_midref(pld.tau_lo), 1e-11 * 1e-5 / 1000) <= 0;
            else
                tau_ok = ref_cdf(ref, &run, rel, kmin + K - 1, h, 1) == 0 && arb_contains(pld.tau_hi, ref)
                         && arf_cmp_d(arb_midref(pld.tau_hi), 1e-11 * 1e-5 / 1000) <= 0;
            /* the grid to the loss's end on the same h */
            natural = rel == LP_PLD_REMOVE ? (int64_t) ceil(log1p(-run.q_d) / h)
                                           : (int64_t) ceil(-log1p(-run.q_d) / h);
            if (rel == LP_PLD_REMOVE) {
                kmin_end = natural;
                K_end = kmin + K - kmin_end;
            } else {
                kmin_end = kmin;
                K_end = natural + 1 - kmin;
            }
            check_grid(st, &run, rel, kmin_end, K_end, h, &checked2, &bad2, &rsum2, M, q, 1000, PLD_MASS_BITS);
            if (!tau_ok) {
                print_case(M, q, 1000, "1e-5", rel, h, kmin, K);
                print_ball_decimal("cut mass at the end", rel == LP_PLD_REMOVE ? pld.tau_lo : pld.tau_hi);
                print_ball_decimal("reference", ref);
            }
            tap_ok(bad == 0 && bad2 == 0 && checked > 0 && checked2 > 0 && rsum <= 1e-14 && rsum2 <= 1e-14
                   && tau_ok && K < K_end,
                   "large M %s q %s T 1000 %s: the accountant's grid (K %lld, the end clamped) %lld "
                   "masses contain the %d-bit reference (%lld not), the end's cut mass contains it and "
                   "is at most 1e-11 delta / T; the grid to the loss's end (K %lld) %lld (%lld not); "
                   "radii's sums %.3g, %.3g <= 1e-14",
                   M, q, rel ? "add" : "remove", (long long) K, (long long) checked, REF_PREC,
                   (long long) bad, (long long) K_end, (long long) checked2, (long long) bad2, rsum, rsum2);
            arb_clear(ref);
            lp_pld_clear(&pld);
            lp_pld_step_clear(&step);
            lp_dpsgd_clear(&run);
        }
}

/* one small grid at every point against the former route (Arb at every
 * boundary): the balls overlap */
static void
against_former_route(void)
{
    for (int rel = 0; rel < 2; rel++) {
        lp_dpsgd run;
        lp_pld_step step;
        lp_pld pld;
        int64_t kmin, K, miss = 0, first = -1;
        double h;
        lp_dpsgd_init(&run, "0.9", "0.003", 1000, "1e-6");
        lp_pld_step_init_gauss(&step, &run);
        lp_pld_plan_step(&pld, &step, (lp_pld_relation) rel, 0.01, (size_t) 1 << 23, -1);
        h = pld.h;
        kmin = (int64_t) llround(pld.kmin_h / h);
        K = (int64_t) pld.support;
        {
            arb_ptr a = pld_masses_taylor(&run, (lp_pld_relation) rel, kmin, K, h, NULL, NULL);
            arb_ptr b = pld_masses_arb(&run, (lp_pld_relation) rel, kmin, K, h, NULL, NULL);
            for (int64_t i = 0; i < K; i++)
                if (!arb_overlaps(a + i, b + i) && miss++ == 0)
                    first = i;
            if (miss) {
                print_case("0.9", "0.003", 1000, "1e-6", rel, h, kmin, K);
                print_ball_decimal("taylor", a + first);
                print_ball_decimal("former", b + first);
            }
            _arb_vec_clear(a, K);
            _arb_vec_clear(b, K);
        }
        tap_ok(miss == 0, "%s M 0.9 q 0.003 T 1000: the %lld masses overlap the former route's "
               "(%lld apart, the first at %lld)", rel ? "add" : "remove", (long long) K,
               (long long) miss, (long long) first);
        lp_pld_clear(&pld);
        lp_pld_step_clear(&step);
        lp_dpsgd_clear(&run);
    }
}

/* the generating function's sum in doubles (pld_gf_sum, pld_tails_gf.c)
 * against the sum in Arb point by point: random vectors (zero runs, atoms,
 * tiny values), rates t of either sign up to |t h| = 3 (beyond the doubles'
 * range: the Arb path), random h and kmin.  Its value must bound the Arb sum
 * from above and lie within 1e-9 of it (relative); e1 and step must contain
 * e^{t l_{kmin+cnt}} and e^{t h}.  A loss with atoms (rr) once gave 1e+4000
 * for 1e-10028: the weights' scale and masses zero where they are largest. */
static void
gf_sums(flint_rand_t st)
{
    const long iters = test_iterations(40);
    long bad = 0;
    double worst = 0;
    for (long it = 0; it < iters; it++) {
        const int64_t cnt = 1 + (int64_t) n_randint(st, 3000);
        const int64_t kmin = (int64_t) n_randint(st, 200000) - 100000;
        const double h = ldexp(1.0 + (double) n_randint(st, 1000) / 1000, -(int) (3 + n_randint(st, 25)));
        const int big = (int) n_randint(st, 2);         /* |t h| in [0.3, 2.5]: weights over e^{+-700} */
        const double th = (n_randint(st, 2) ? 1 : -1)
                          * (big ? 0.3 + 2.2 * (double) n_randint(st, 1000) / 1000
                                 : ldexp(1.0, -(int) n_randint(st, 30)) * 3 * (double) n_randint(st, 1000) / 1000);
        /* half the time the vector is zero where the weights are largest (the
         * first or last two thirds): the atoms' case */
        const int hole = (int) n_randint(st, 2);
        arb_ptr v = _arb_vec_init(cnt);
        arb_t t, sum, e1, step, ref, w, x, r1, r2;
        arf_t u;
        arb_init(t);
        arb_init(sum);
        arb_init(e1);
        arb_init(step);
        arb_init(ref);
        arb_init(w);
        arb_init(x);
        arb_init(r1);
        arb_init(r2);
        arf_init(u);
        for (int64_t i = 0; i < cnt; i++) {
            const ulong kind = n_randint(st, 8);
            if (kind < 2 || (i / 300) % 3 == 1)
                continue;                                   /* zeros, and zero runs */
            if (hole && (th > 0 ? i >= cnt / 3 : i < 2 * cnt / 3))
                continue;
            arb_set_d(v + i, (double) n_randint(st, 1000000) / 1e6);
            arb_mul_2exp_si(v + i, v + i, -(slong) n_randint(st, kind == 7 ? 1070 : 60));
            mag_set_d(arb_radref(v + i), ldexp(arf_get_d(arb_midref(v + i), ARF_RND_NEAR), -50));
        }
        arb_set_d(t, th / h);
        pld_gf_sum(sum, e1, step, NULL, v, cnt, t, kmin, h);
        /* the reference: sum |v_i|^ e^{t l_i} in Arb at 256 bits */
        arb_zero(ref);
        for (int64_t i = 0; i < cnt; i++) {
            arb_get_abs_ubound_arf(u, v + i, 256);
            arb_set_d(x, h);
            arb_mul_si(x, x, kmin + i, ARF_PREC_EXACT);
            arb_mul(x, x, t, 256);
            arb_exp(x, x, 256);
            arb_set_arf(w, u);
            arb_addmul(ref, w, x, 256);
        }
        arb_set_d(x, h);
        arb_mul_si(x, x, kmin + cnt, ARF_PREC_EXACT);
        arb_mul(x, x, t, 256);
        arb_exp(r1, x, 256);
        arb_set_d(x, h);
        arb_mul(x, x, t, 256);
        arb_exp(r2, x, 256);
        {
            /* above: sum's upper end >= ref's lower end ... and ref >= sum's
             * lower end (1 - 1e-9) */
            arf_t su, rl;
            int ok;
            double rel;
            arf_init(su);
            arf_init(rl);
            arb_get_ubound_arf(su, sum, 256);
            arb_get_lbound_arf(rl, ref, 256);
            arb_sub(x, sum, ref, 256);
            arb_div(x, x, ref, 256);
            rel = arb_is_zero(ref) ? (arb_is_zero(sum) ? 0 : INFINITY) : arf_get_d(arb_midref(x), ARF_RND_NEAR);
            ok = arf_cmp(su, rl) >= 0 && arb_is_finite(sum) && fabs(rel) <= 1e-9
                 && arb_overlaps(e1, r1) && arb_overlaps(step, r2);
            if (fabs(rel) > worst)
                worst = fabs(rel);
            if (!ok && bad++ == 0) {
                printf("# failing input: cnt %lld kmin %lld h %a t h %a (the vector from the seed)\n",
                       (long long) cnt, (long long) kmin, h, th);
                print_ball_decimal("sum", sum);
                print_ball_decimal("reference", ref);
            }
            arf_clear(su);
            arf_clear(rl);
        }
        _arb_vec_clear(v, cnt);
        arb_clear(t);
        arb_clear(sum);
        arb_clear(e1);
        arb_clear(step);
        arb_clear(ref);
        arb_clear(w);
        arb_clear(x);
        arb_clear(r1);
        arb_clear(r2);
        arf_clear(u);
    }
    tap_ok(bad == 0, "%ld generating-function sums in doubles (|t h| up to 3, zero runs, zero where "
           "the weights are largest, subnormal values): each bounds the Arb sum from above, within %.2g of it (<= 1e-9); "
           "%ld not", iters, worst, bad);
}

/* pld_abs_up_d (pld_tails_gf.c) bitwise against fabs(arf_get_d(x,
 * ARF_RND_UP)): random mantissas of 1 - 200 bits (53 and fewer: exact
 * doubles; more: a remainder in the top limb or in lower limbs only), either
 * sign, exponents over +-1100 (the fast path's edges at +-1000 and
 * arf_get_d's beyond), and the special values. */
static void
abs_up_doubles(flint_rand_t st)
{
    const long iters = test_iterations(20000);
    long bad = 0, bad_near = 0, ties = 0;
    arf_t x;
    fmpz_t m;
    arf_init(x);
    fmpz_init(m);
    for (long it = 0; it < iters + 4; it++) {
        double got, want;
        if (it < 4) {
            if (it == 0)
                arf_zero(x);
            else if (it == 1)
                arf_pos_inf(x);
            else if (it == 2)
                arf_neg_inf(x);
            else
                arf_nan(x);
        } else {
            const ulong bits = 1 + n_randint(st, 200);
            fmpz_randbits(m, st, bits);
            if (n_randint(st, 4) == 0)      /* a remainder in a lower limb only */
                fmpz_mul_2exp(m, m, 64 + n_randint(st, 64)), fmpz_add_ui(m, m, 1);
            arf_set_fmpz(x, m);
            arf_mul_2exp_si(x, x, (slong) n_randint(st, 2200) - 1100 - (slong) fmpz_bits(m));
        }
        got = pld_abs_up_d(x);
        want = fabs(arf_get_d(x, ARF_RND_UP));
        if (!(got == want || (isnan(got) && isnan(want))))
            bad++;
        /* and rounded to nearest (compose/pld_compose.c): ties too, the
         * 54-bit mantissas with their last bit set */
        got = pld_arf_near_d(x);
        want = arf_get_d(x, ARF_RND_NEAR);
        if (!((got == want && signbit(got) == signbit(want)) || (isnan(got) && isnan(want))))
            bad_near++;
        if (it >= 4 && n_randint(st, 4) == 0) {
            fmpz_randbits(m, st, 54);
            fmpz_abs(m, m);
            fmpz_setbit(m, 0);
            fmpz_setbit(m, 53);
            if (n_randint(st, 2))
                fmpz_neg(m, m);
            arf_set_fmpz(x, m);
            arf_mul_2exp_si(x, x, (slong) n_randint(st, 2200) - 1100);
            ties++;
            got = pld_arf_near_d(x);
            want = arf_get_d(x, ARF_RND_NEAR);
            if (!((got == want && signbit(got) == signbit(want)) || (isnan(got) && isnan(want))))
                bad_near++;
        }
    }
    tap_ok(bad_near == 0, "pld_arf_near_d: %ld of %ld values (%ld ties) differ from arf_get_d(x, "
           "ARF_RND_NEAR)", bad_near, iters + 4 + ties, ties);
    tap_ok(bad == 0, "pld_abs_up_d: %ld of %ld values differ from fabs(arf_get_d(x, ARF_RND_UP))",
           bad, iters + 4);
    /* pld_mag_up_d against mag_get_d: random radii, exponents over +-1100
     * (the fields' edges at +-1000), zero and infinity */
    bad = 0;
    for (long it = 0; it < iters + 2; it++) {
        mag_t r;
        double got, want;
        mag_init(r);
        if (it == 0) {
            mag_zero(r);
        } else if (it == 1) {
            mag_inf(r);
        } else {
            mag_set_ui(r, 1 + n_randint(st, UWORD(1) << 40));
            mag_mul_2exp_si(r, r, (slong) n_randint(st, 2200) - 1100 - 40);
        }
        got = pld_mag_up_d(r);
        want = mag_get_d(r);
        bad += !(got == want);
        mag_clear(r);
    }
    tap_ok(bad == 0, "pld_mag_up_d: %ld of %ld radii differ from mag_get_d", bad, iters + 2);
    arf_clear(x);
    fmpz_clear(m);
}

/* pld_erfc_series_sans_constant (pld_grid_series.c) against Arb's
 * _arb_hypgeom_erfc_series: random series w (2 - 20 terms, w_0 in [-8, 8],
 * balls of radius 0 or up to 2^-40 relative), precisions 64 - 320: every
 * coefficient from the first must overlap Arb's (both contain the true
 * one) with a radius within a factor 2 (+ 2^-prec) of Arb's; the count
 * whose balls are bitwise Arb's is reported (the same operations: all, on
 * the Arb this was written against; the records then did not move) */
static void
erfc_series(flint_rand_t st)
{
    const long iters = test_iterations(300);
    long bad = 0, coeffs = 0, bitwise = 0;
    for (long it = 0; it < iters; it++) {
        const slong n = 2 + (slong) n_randint(st, 19), prec = 64 + (slong) n_randint(st, 257);
        arb_ptr w = _arb_vec_init(n), mine = _arb_vec_init(n), ref = _arb_vec_init(n);
        for (slong k = 0; k < n; k++) {
            arb_set_d(w + k, ((double) n_randint(st, 1u << 30) / (1u << 29) - 1) * (k == 0 ? 8 : 2));
            if (n_randint(st, 2))
                arb_add_error_2exp_si(w + k, -40 - (slong) n_randint(st, 40));
        }
        pld_erfc_series_sans_constant(mine, w, n, prec);
        _arb_hypgeom_erfc_series(ref, w, n, n, prec);
        for (slong k = 1; k < n; k++) {
            mag_t lim;
            mag_init(lim);
            mag_mul_2exp_si(lim, arb_radref(ref + k), 1);
            mag_add_ui_2exp_si(lim, lim, 1, -prec);
            coeffs++;
            bitwise += arb_equal(mine + k, ref + k);
            if (!arb_overlaps(mine + k, ref + k) || mag_cmp(arb_radref(mine + k), lim) > 0)
                bad++;
            mag_clear(lim);
        }
        _arb_vec_clear(w, n);
        _arb_vec_clear(mine, n);
        _arb_vec_clear(ref, n);
    }
    tap_ok(bad == 0, "erfc series without its constant: %ld coefficients, %ld not within Arb's "
           "(%ld bitwise Arb's)", coeffs, bad, bitwise);
}

/* the sketch's memo (pld_sketch.c) and the sketch's epsilon's
 * (pld_eps_sketch.c): the same (q, M, relation) again, and after six other
 * keys (more than the slots), gives the same arrays and moments bitwise and
 * the same epsilon; another q other losses */
static int
same_sketch(const loss_sketch *a, const loss_sketch *b)
{
    return a->n == b->n && a->mean == b->mean && a->var == b->var && (a->w == NULL) == (b->w == NULL)
        && memcmp(a->l, b->l, a->n * sizeof *a->l) == 0
        && memcmp(a->lw, b->lw, (a->w ? 2 : 1) * a->n * sizeof *a->lw) == 0;
}

static void
sketch_memo(void)
{
    loss_sketch first, again, other;
    int same = 1, differ = 1;
    double e1, e2;
    if (pld_sketch_init(&first, 0.01, 1.3, LP_PLD_REMOVE) != 0) {
        tap_ok(0, "sketch memo: out of memory");
        return;
    }
    e1 = pld_sketch_epsilon(&first, 10, 1e-5, -0.02, 1.2);
    pld_sketch_init(&again, 0.01, 1.3, LP_PLD_REMOVE);
    same &= same_sketch(&first, &again);
    free(again.l);
    free(again.lw);
    for (int i = 1; i <= 6; i++) {
        pld_sketch_init(&other, 0.01 + 0.001 * i, 1.3, i & 1 ? LP_PLD_ADD : LP_PLD_REMOVE);
        differ &= other.n == first.n && memcmp(other.l, first.l, first.n * sizeof *first.l) != 0;
        pld_sketch_epsilon(&other, 10, 1e-5, -0.02, 1.2);
        free(other.l);
        free(other.lw);
    }
    pld_sketch_init(&again, 0.01, 1.3, LP_PLD_REMOVE);
    same &= same_sketch(&first, &again);
    e2 = pld_sketch_epsilon(&again, 10, 1e-5, -0.02, 1.2);
    same &= e1 == e2 && e1 > 0;
    tap_ok(same && differ, "sketch remembered: q 0.01, M 1.3 again (and after six other keys) the same "
           "arrays, moments and epsilon %g: %s; other q other losses: %s", e1, same ? "yes" : "no",
           differ ? "yes" : "no");
    free(again.l);
    free(again.lw);
    free(first.l);
    free(first.lw);
}

/* lp_pld_kl's memo (pld_kl.c): the same (q, M, relation, prec) again gives
 * the very ball (midpoint and radius) of the first call, after ten other
 * keys (more than its slots: computed again) as well, while a neighbouring q
 * or the other relation gives another, positive KL */
static void
kl_memo(void)
{
    const char *qs[10] = { "0.01", "0.0100001", "0.02", "0.03", "0.04", "0.05", "0.06", "0.07",
                           "0.08", "0.09" };
    arb_t first[2], again, other;
    lp_dpsgd run;
    int same = 1, differ = 1;
    arb_init(first[0]);
    arb_init(first[1]);
    arb_init(again);
    arb_init(other);
    for (int rel = 0; rel < 2; rel++) {
        lp_dpsgd_init(&run, "1.3", qs[0], 10, "1e-5");
        lp_pld_kl(first[rel], &run, (lp_pld_relation) rel, 96);
        lp_pld_kl(again, &run, (lp_pld_relation) rel, 96);
        same &= arb_equal(again, first[rel]);
        lp_dpsgd_clear(&run);
    }
    differ &= !arb_overlaps(first[0], first[1]) && arb_is_positive(first[0]) && arb_is_positive(first[1]);
    for (int i = 1; i < 10; i++) {          /* nine other keys per relation: the first evicted */
        for (int rel = 0; rel < 2; rel++) {
            lp_dpsgd_init(&run, "1.3", qs[i], 10, "1e-5");
            lp_pld_kl(other, &run, (lp_pld_relation) rel, 96);
            differ &= !arb_overlaps(other, first[rel]) && arb_is_positive(other);
            lp_dpsgd_clear(&run);
        }
    }
    for (int rel = 0; rel < 2; rel++) {
        lp_dpsgd_init(&run, "1.3", qs[0], 10, "1e-5");
        lp_pld_kl(again, &run, (lp_pld_relation) rel, 96);
        same &= arb_equal(again, first[rel]);
        lp_dpsgd_clear(&run);
    }
    tap_ok(same && differ, "lp_pld_kl remembered: M 1.3, q 0.01 again (and after 18 other keys) the same "
           "ball: %s; q 0.0100001 .. 0.09 and the other relation other balls: %s", same ? "yes" : "no",
           differ ? "yes" : "no");
    arb_clear(first[0]);
    arb_clear(first[1]);
    arb_clear(again);
    arb_clear(other);
}

int
main(void)
{
    flint_rand_t st;
    test_rand_init(st);
    random_grids(st);
    against_former_route();
    large_multipliers(st);
    loose_blocks(st);
    gf_sums(st);
    abs_up_doubles(st);
    kl_memo();
    sketch_memo();
    erfc_series(st);
    flint_randclear(st);
    flint_cleanup();
    return tap_done();
}
