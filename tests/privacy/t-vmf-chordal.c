/* t-vmf-chordal.c -- the VMF privacy profile at chordal distance d < 2
 * (src/privacy/vmf_chordal_arb.c) against independent routes: its normaliser
 * Z (which must not depend on d) against the antipodal theta normaliser; the
 * limit d = 2 against the antipodal path; Monte Carlo of E[(1 - e^{eps-L})_+]
 * at p = 2, 3, 4, 6 with L sampled from the 2-D form in (t, s); the Renyi
 * conversion never undercutting it; the inverse's bracket; and the angle
 * check behind "the antipodal pair is worst": delta_d(eps) nondecreasing in d
 * on a grid (the check of what vmf_chordal_arb.c proves). */
#include <math.h>
#include <time.h>
#include "tap.h"
#include "helpers.h"
#include "privacy/privacy.h"
#include "mc/stream.h"
#include "vmf-draws.h"

/* A ball's decimal for a TAP line, from a small ring of buffers: arb_get_str's
 * string freed at once (LeakSanitizer counts the ones a line would leak). */
static const char *
ball_str(const arb_t x, slong digits, ulong flags)
{
    static char ring[8][160];
    static int next;
    char *s = arb_get_str(x, digits, flags), *r = ring[next++ % 8];
    snprintf(r, sizeof ring[0], "%s", s);
    flint_free(s);
    return r;
}

static double
now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Z(d) = Z(2): at random (p, kappa, d) and at the papers' sizes */
static void
test_normaliser(flint_rand_t state)
{
    static const uint64_t ps[] = { 2, 3, 4, 6, 50, 13700, 134000000 };
    int bad = 0, n = 0;
    for (long it = 0; it < test_iterations(14); it++) {
        uint64_t p = it < 7 ? ps[it] : 2 + n_randint(state, it % 2 ? 40 : 2147483646u);
        double k = it < 7 ? (it % 2 ? 173.0 : 3.0) : 0.05 + 200.0 * n_randint(state, 1000) / 1000.0;
        double d = 0.05 + 1.9 * n_randint(state, 1000) / 1000.0;
        arb_t K, D, z, z2;
        arb_init(K); arb_init(D); arb_init(z); arb_init(z2);
        arb_set_d(K, k);
        arb_set_d(D, d);
        lp_vmf_chordal_normaliser_arb(z, p, K, D, 64);
        lp_vmf_theta_normaliser_arb(z2, p, K, 64);
        n++;
        if (!arb_overlaps(z, z2) || arb_rel_accuracy_bits(z) < 34) {
            bad++;
            tap_diag("Z p=%llu kappa=%.17g d=%.17g: chordal %s, antipodal %s", (unsigned long long) p, k, d,
                     ball_str(z, 20, 0), ball_str(z2, 20, 0));
        }
        arb_clear(K); arb_clear(D); arb_clear(z); arb_clear(z2);
    }
    tap_ok(bad == 0, "chordal normaliser (the 0F1-weighted integral) equals the antipodal one at %d (p, kappa, d), "
           "p up to 2^31-1: overlapping, 34 bits or more", n);
}

/* d = 2 through the chordal code (q = 0, factor 1) against the antipodal
 * path, and d = 2 - 2^-30 close to it (continuity) */
static void
test_limit(void)
{
    static const uint64_t ps[] = { 2, 3, 5, 13700 };
    static const double ks[][2] = { { 0.5, 0.3 }, { 3, 1 }, { 20, 1 }, { 173, 17.3 } };   /* kappa, eps */
    int bad = 0, n = 0;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            arb_t K, D, E, a, b, c, t;
            arb_init(K); arb_init(D); arb_init(E); arb_init(a); arb_init(b); arb_init(c); arb_init(t);
            arb_set_d(K, ks[j][0]);
            arb_set_d(E, ks[j][1]);
            arb_set_ui(D, 2);
            lp_vmf_chordal_profile_arb(a, E, ps[i], K, D, 64);
            lp_vmf_profile_arb(b, E, ps[i], K, 64);
            arb_set_d(D, 2.0 - ldexp(1.0, -30));
            lp_vmf_chordal_profile_arb(c, E, ps[i], K, D, 64);
            arb_sub(t, c, b, 64);
            arb_div(t, t, b, 64);
            n++;
            if (!arb_overlaps(a, b) || arb_rel_accuracy_bits(a) < 30 || !(fabs(mid_d(t)) < 1e-6)) {
                bad++;
                tap_diag("p=%llu kappa=%g eps=%g: chordal d=2 %s, antipodal %s, d=2-2^-30 %s",
                         (unsigned long long) ps[i], ks[j][0], ks[j][1], ball_str(a, 20, 0),
                         ball_str(b, 20, 0), ball_str(c, 20, 0));
            }
            arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(a); arb_clear(b); arb_clear(c); arb_clear(t);
        }
    tap_ok(bad == 0, "d = 2 through the chordal integral equals the antipodal path (%d points, p = 2 .. 13700), "
           "and d = 2 - 2^-30 lies within 1e-6 of it", n);
}

/* ---- Monte Carlo ---------------------------------------------------------------- */

/* s = w.v, v uniform on the unit sphere of dimension p - 2 (p = 2: +-1) */
static double
draw_s(lp_stream *r, int p)
{
    double z1, q = 0;
    if (p == 2)
        return lp_stream_u32(r) & 1 ? 1.0 : -1.0;
    if (p == 3)
        return cos(2 * M_PI * lp_stream_uniform(r));
    z1 = lp_stream_normal(r);
    q = z1 * z1;
    for (int i = 1; i < p - 1; i++) {
        double z = lp_stream_normal(r);
        q += z * z;
    }
    return z1 / sqrt(q);
}

#define MC_N 400000

static void
test_mc(void)
{
    static const double vs[][4] = {     /* p, kappa, d, eps */
        { 2, 3, 1, 0.5 }, { 2, 8, 0.5, 1 }, { 3, 1, 1.2, 0.2 }, { 3, 10, 0.7, 2 },
        { 4, 3, 1.5, 1 }, { 4, 6, 0.4, 0.3 }, { 6, 5, 1, 0.5 }, { 6, 2, 1.9, 0 } };
    int bad = 0, n = 0;
    double zmax = 0;
    lp_stream r;
    for (int i = 0; i < 8; i++) {
        int p = (int) vs[i][0];
        double k = vs[i][1], d = vs[i][2], e = vs[i][3], c = sqrt(1 - d * d / 4), z;
        mc_mean a = { 0 };
        arb_t K, D, E, v;
        lp_stream_init(&r, 1900 + i, LP_STREAM_CHECKS, 0);
        for (long j = 0; j < MC_N; j++) {
            double t = vmf_draw_t(&r, k, p), s = draw_s(&r, p);
            mc_mean_add(&a, mc_hinge(e, k * d * (d / 2 * t + c * sqrt(fmax(0, 1 - t * t)) * s)));
        }
        arb_init(K); arb_init(D); arb_init(E); arb_init(v);
        arb_set_d(K, k); arb_set_d(D, d); arb_set_d(E, e);
        lp_vmf_chordal_profile_arb(v, E, (uint64_t) p, K, D, 64);
        z = fabs(mid_d(v) - mc_mean_value(&a)) / mc_mean_se(&a);
        zmax = fmax(zmax, z);
        n++;
        if (!(z < 4.5) || arb_rel_accuracy_bits(v) < 30) {
            bad++;
            tap_diag("p=%d kappa=%g d=%g eps=%g: certified %s, MC %.10g +- %.3g", p, k, d, e,
                     ball_str(v, 15, 0), mc_mean_value(&a), mc_mean_se(&a));
        }
        arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(v);
    }
    tap_ok(bad == 0, "chordal delta_d(eps) against Monte Carlo of E[(1 - e^{eps-L})_+], L = kappa d ((d/2) t + "
           "sqrt(1-d^2/4) sqrt(1-t^2) s) (%d samples each, seeded): %d points at p = 2, 3, 4, 6 within 4.5 "
           "standard errors (largest %.2f)", MC_N, n, zmax);
}

/* The Renyi conversion never undercuts delta_d(eps) */
static void
test_rdp(void)
{
    static const double vs[][4] = {     /* p, kappa, d, eps */
        { 2, 3, 1, 0.5 }, { 3, 10, 0.7, 2 }, { 6, 5, 1, 0.5 }, { 50, 20, 1.3, 3 }, { 13700, 173, 1, 1 },
        { 13700, 173, 0.3, 0.05 } };
    static const double al[] = { 1.1, 1.5, 2, 4, 8, 32, 128 };
    int bad = 0, n = 0;
    double worst = INFINITY;
    for (int i = 0; i < 6; i++) {
        arb_t K, D, E, v, A, rd, cv;
        arb_init(K); arb_init(D); arb_init(E); arb_init(v); arb_init(A); arb_init(rd); arb_init(cv);
        arb_set_d(K, vs[i][1]); arb_set_d(D, vs[i][2]); arb_set_d(E, vs[i][3]);
        lp_vmf_chordal_profile_arb(v, E, (uint64_t) vs[i][0], K, D, 64);
        for (int j = 0; j < 7; j++) {
            arb_set_d(A, al[j]);
            lp_vmf_renyi_arb(rd, A, (uint64_t) vs[i][0], K, D, 64);
            lp_dp_rdp_to_delta(cv, rd, A, E, 64);
            n++;
            if (arb_lt(cv, v) || !arb_is_finite(v)) {
                bad++;
                tap_diag("p=%g kappa=%g d=%g eps=%g alpha=%g: RDP bound %s below delta %s", vs[i][0], vs[i][1],
                         vs[i][2], vs[i][3], al[j], ball_str(cv, 15, 0), ball_str(v, 15, 0));
            } else if (arb_is_positive(v)) {
                arb_div(cv, cv, v, 64);
                worst = fmin(worst, mid_d(cv));
            }
        }
        arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(v); arb_clear(A); arb_clear(rd); arb_clear(cv);
    }
    tap_ok(bad == 0, "the Renyi conversion at %d (p, kappa, d, eps, alpha) never lies certainly below the "
           "chordal delta_d(eps) (smallest ratio %.4g)", n, worst);
}

/* The angle check: delta_d(eps) nondecreasing in d on a grid (proved in vmf_chordal_arb.c) */
static void
test_monotone(void)
{
    static const uint64_t ps[] = { 2, 3, 4, 10, 100, 13700 };
    static const double ks[] = { 1, 10, 173 };
    static const double es[] = { 0.1, 1 };
    int bad = 0, n = 0, strict = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 3; j++)
            for (int l = 0; l < 2; l++) {
                arb_t K, D, E, prev, cur;
                arb_init(K); arb_init(D); arb_init(E); arb_init(prev); arb_init(cur);
                arb_set_d(K, ks[j]);
                arb_set_d(E, es[l] * (ks[j] < 10 ? 1 : ks[j] / 10));
                arb_zero(prev);
                for (int s = 1; s <= 8; s++) {
                    arb_set_d(D, 0.25 * s);
                    if (s == 8)
                        lp_vmf_profile_arb(cur, E, ps[i], K, 64);
                    else
                        lp_vmf_chordal_profile_arb(cur, E, ps[i], K, D, 64);
                    n++;
                    if (arb_gt(prev, cur) || !(arb_is_zero(cur) || arb_rel_accuracy_bits(cur) >= 30)) {
                        bad++;
                        tap_diag("p=%llu kappa=%g eps=%g: delta at d=%g %s after %s at d=%g",
                                 (unsigned long long) ps[i], ks[j], mid_d(E), 0.25 * s, ball_str(cur, 15, 0),
                                 ball_str(prev, 15, 0), 0.25 * (s - 1));
                    }
                    strict += arb_lt(prev, cur);
                    arb_set(prev, cur);
                }
                arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(prev); arb_clear(cur);
            }
    tap_ok(bad == 0 && strict > n / 2, "delta_d(eps) nondecreasing in d = 0.25, 0.5, .., 2 (the antipodal pair "
           "worst: proved, checked here) at %d points, p = 2 .. 13700, kappa to 173; %d steps certainly increasing",
           n, strict);
}

/* The steps of the monotonicity argument (vmf_chordal_arb.c): the cap
 * probability P_mu[e.y > c] grows as mu.e = d/2 grows (the reflection
 * step), on a grid, certified; and at d = 2 it is P[t > c] of the antipodal
 * form, i.e. 1 - (the normalised integral of g over [arccos c, pi]) */
static void
test_proof_steps(void)
{
    static const uint64_t ps[] = { 2, 3, 5, 50, 13700 };
    static const double ks[] = { 1, 173 };
    static const double cs[] = { -0.5, 0.005, 0.8 };
    int bad = 0, n = 0, strict = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 2; j++)
            for (int l = 0; l < 3; l++) {
                arb_t K, D, C, prev, cur;
                arb_init(K); arb_init(D); arb_init(C); arb_init(prev); arb_init(cur);
                arb_set_d(K, ks[j]);
                /* at p = 13700 u lies within ~0.02 of 0: the thresholds scaled there */
                arb_set_d(C, ps[i] >= 1000 ? 0.02 * cs[l] : cs[l]);
                arb_zero(prev);
                for (int s = 1; s <= 8; s++) {
                    arb_set_d(D, 0.25 * s);
                    lp_vmf_chordal_tail_arb(cur, C, ps[i], K, D, 64);
                    if (arb_rel_accuracy_bits(cur) < 30)            /* deep tails: more bits */
                        lp_vmf_chordal_tail_arb(cur, C, ps[i], K, D, 192);
                    n++;
                    if (arb_gt(prev, cur) || !(arb_rel_accuracy_bits(cur) >= 30 || arb_is_zero(cur))) {
                        bad++;
                        tap_diag("p=%llu kappa=%g c=%g: P[u > c] at d=%g %s after %s", (unsigned long long) ps[i],
                                 ks[j], cs[l], 0.25 * s, ball_str(cur, 15, 0), ball_str(prev, 15, 0));
                    }
                    strict += arb_lt(prev, cur);
                    arb_set(prev, cur);
                }
                arb_clear(K); arb_clear(D); arb_clear(C); arb_clear(prev); arb_clear(cur);
            }
    tap_ok(bad == 0 && strict > n / 2, "monotonicity argument, reflection step: P_mu[e.y > c] nondecreasing "
           "as mu.e = d/2 grows (d = 0.25 .. 2) at %d certified points, p = 2 .. 13700, kappa to 173; %d steps "
           "certainly increasing", n, strict);
}

/* The inverse at sensitivity < 2: its bracket, and eps growing with d;
 * with the times at the papers' sizes */
static void
test_inverse(void)
{
    static const uint64_t ps[] = { 13700, 134000000 };
    static const double ds[] = { 0.5, 1, 1.5 };
    int bad = 0, n = 0;
    double tmax[2] = { 0, 0 }, tdel[2] = { 0, 0 };
    for (int i = 0; i < 2; i++) {
        arb_t prev;
        arb_init(prev);
        for (int j = 0; j < 3; j++) {
            lp_dp_pair m;
            arb_t tgt, e, x, v;
            double t0, t1, t2;
            lp_dp_pair_init(&m, LP_DP_VMF, ps[i]);
            arb_init(tgt); arb_init(e); arb_init(x); arb_init(v);
            arb_set_ui(m.scale, 173);
            arb_set_d(m.dist, ds[j]);
            m.antipodal = 0;
            arb_set_d(tgt, 1e-5);
            t0 = now();
            n++;
            if (lp_dp_epsilon(e, &m, tgt, 6, 64) != 0) {
                bad++;
                tap_diag("p=%llu d=%g: no bracket", (unsigned long long) ps[i], ds[j]);
            } else {
                t1 = now();
                arb_set_d(x, 1.0);
                lp_dp_delta(v, &m, x, 64);
                t2 = now();
                tmax[i] = fmax(tmax[i], t1 - t0);
                tdel[i] = fmax(tdel[i], t2 - t1);
                /* delta(hi) <= target < delta(lo) */
                arb_get_ubound_arf(arb_midref(x), e, 64);
                mag_zero(arb_radref(x));
                lp_dp_delta(v, &m, x, 64);
                if (!arb_le(v, tgt))
                    bad++;
                arb_get_lbound_arf(arb_midref(x), e, 64);
                mag_zero(arb_radref(x));
                if (arf_sgn(arb_midref(x)) > 0) {
                    lp_dp_delta(v, &m, x, 64);
                    if (!arb_gt(v, tgt))
                        bad++;
                }
                if (j > 0 && !arb_lt(prev, e))
                    bad++;
                tap_diag("p=%llu kappa=173 d=%g delta=1e-5: epsilon %s (%.1f ms; delta(1) %.1f ms)",
                         (unsigned long long) ps[i], ds[j], ball_str(e, 8, 0), 1e3 * (t1 - t0), 1e3 * (t2 - t1));
                arb_set(prev, e);
            }
            arb_clear(tgt); arb_clear(e); arb_clear(x); arb_clear(v);
            lp_dp_pair_clear(&m);
        }
        arb_clear(prev);
    }
    tap_ok(bad == 0, "chordal eps(delta) at kappa = 173, delta = 1e-5, p = 13700 and 1.34e8, d = 0.5, 1, 1.5: "
           "delta(hi) <= delta < delta(lo), eps increasing in d (%d points; slowest eps(delta) %.0f ms at "
           "p = 13700, %.0f ms at 1.34e8; delta(eps) %.0f, %.0f ms)", n, 1e3 * tmax[0], 1e3 * tmax[1],
           1e3 * tdel[0], 1e3 * tdel[1]);
}

/* calibrate vmf --sensitivity S: the kappa whose eps(1e-5) at distance S is
 * E comes back from E; and delta_kappa(eps) grows with kappa on a grid at
 * S = 1 (the check behind monotone_in_kappa) */
static void
test_calibrate(void)
{
    static const double cs[][3] = { { 50, 20, 1 }, { 3, 5, 0.5 }, { 13700, 173, 1 } };   /* p, kappa, d */
    int bad = 0, badm = 0, n = 0;
    for (int i = 0; i < 3; i++) {
        lp_dp_pair m;
        arb_t tgt, e, k, t;
        lp_dp_pair_init(&m, LP_DP_VMF, (uint64_t) cs[i][0]);
        arb_init(tgt); arb_init(e); arb_init(k); arb_init(t);
        arb_set_d(m.scale, cs[i][1]);
        arb_set_d(m.dist, cs[i][2]);
        arb_set_d(tgt, 1e-5);
        n++;
        if (lp_dp_epsilon(e, &m, tgt, 10, 96) != 0
            || lp_vmf_calibrate_kappa_dist(k, m.p, m.dist, e, tgt, 8, 96) != 0) {
            bad++;
        } else {
            arb_sub(t, k, m.scale, 96);
            arb_div(t, t, m.scale, 96);
            if (!(fabs(mid_d(t)) < 1e-6) || arb_rel_accuracy_bits(k) < 20) {
                bad++;
                tap_diag("p=%g kappa=%g d=%g: eps %s, calibrated kappa %s", cs[i][0], cs[i][1], cs[i][2],
                         ball_str(e, 15, 0), ball_str(k, 15, 0));
            }
        }
        arb_clear(tgt); arb_clear(e); arb_clear(k); arb_clear(t);
        lp_dp_pair_clear(&m);
    }
    /* delta_kappa(eps) nondecreasing in kappa at d = 1 */
    for (int i = 0; i < 3; i++) {
        static const uint64_t ps[] = { 3, 50, 13700 };
        arb_t K, D, E, prev, cur;
        arb_init(K); arb_init(D); arb_init(E); arb_init(prev); arb_init(cur);
        arb_one(D);
        arb_set_d(E, 2);
        arb_zero(prev);
        for (int j = -2; j <= 9; j++) {
            arb_set_d(K, ldexp(1.0, j));
            lp_vmf_chordal_profile_arb(cur, E, ps[i], K, D, 64);
            if (arb_gt(prev, cur)) {
                badm++;
                tap_diag("p=%llu d=1 eps=2: delta at kappa 2^%d %s below %s", (unsigned long long) ps[i], j,
                         ball_str(cur, 15, 0), ball_str(prev, 15, 0));
            }
            arb_set(prev, cur);
        }
        arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(prev); arb_clear(cur);
    }
    tap_ok(bad == 0 && badm == 0, "calibrate vmf at chordal distance S: the kappa of eps_S(1e-5) comes back "
           "within 1e-6 at %d (p, kappa, S) up to p = 13700; delta_kappa(2) nondecreasing in kappa = 2^-2..2^9 "
           "at S = 1 (p = 3, 50, 13700)", n);
}

int
main(void)
{
    flint_rand_t state;
    test_rand_init(state);
    test_normaliser(state);
    test_limit();
    test_mc();
    test_rdp();
    test_monotone();
    test_proof_steps();
    test_inverse();
    test_calibrate();
    flint_randclear(state);
    lp_vmf_cache_release();
    flint_cleanup();
    return tap_done();
}
