/* t-vmf-chordal-fast.c -- the pieces that made the chordal VMF profile's
 * least eps fast (issue 22), each against an independent route:
 * the series 0F1(; (p-1)/2; x) of the integrand (src/privacy/vmf_0f1_arb.c)
 * against Arb's acb_hypgeom_0f1 at real and complex x; the normaliser in
 * closed form, through the chordal code at d = 2 against the antipodal theta
 * integral at the huge p where its Gamma ratio needs the extra bits; and the
 * double stage (src/privacy/vmf_chordal_double.c, a heuristic) against the
 * certified profile: close enough to place the root, NAN where it cannot. */
#include <math.h>
#include "tap.h"
#include "helpers.h"
#include "privacy/privacy.h"
#include "privacy/vmf_theta.h"

static const char *
ball_str(const arb_t x, slong digits)
{
    static char ring[4][160];
    static int next;
    char *s = arb_get_str(x, digits, 0), *r = ring[next++ % 4];
    snprintf(r, sizeof ring[0], "%s", s);
    flint_free(s);
    return r;
}

/* the series against Arb's 0F1 (computed 64 bits higher), x real in [0, 4b]
 * (the integrand's reach at the papers' sizes is x <= kappa^2/4 ~ b) and
 * complex near it (the integrator's ellipses) */
static void
test_0f1(flint_rand_t state)
{
    int bad = 0, n = 0, declined = 0;
    for (long it = 0; it < test_iterations(200); it++) {
        uint64_t p = it % 4 == 0 ? 2 + n_randint(state, 30) : it % 4 == 1 ? 13700 : random_dimension(state, LP_P_MAX);
        slong prec = 32 + n_randint(state, 200);
        double b = 0.5 * ((double) p - 1.0), xr = 4.0 * b * n_randint(state, 1001) / 1000.0;
        double xi = it % 3 == 0 ? 0.0 : 0.1 * b * ((double) n_randint(state, 2001) / 1000.0 - 1.0);
        acb_t x, r, s, a;
        acb_init(x); acb_init(r); acb_init(s); acb_init(a);
        if (p < 2)
            p = 2;
        arb_set_d(acb_realref(x), xr);
        arb_set_d(acb_imagref(x), xi);
        acb_set_ui(a, p - 1);
        acb_mul_2exp_si(a, a, -1);
        n++;
        if (!lp_vmf_0f1_half(r, p, x, prec)) {
            declined++;
        } else {
            acb_hypgeom_0f1(s, a, x, 0, prec + 64);
            if (!acb_overlaps(r, s) || acb_rel_accuracy_bits(r) < prec - 20
                || (xi == 0 && !arb_is_zero(acb_imagref(r)))) {
                bad++;
                tap_diag("0F1 p=%llu x=%.17g%+.17gi prec=%ld: series %s, Arb %s", (unsigned long long) p, xr, xi,
                         (long) prec, ball_str(acb_realref(r), 25), ball_str(acb_realref(s), 25));
            }
        }
        acb_clear(x); acb_clear(r); acb_clear(s); acb_clear(a);
    }
    tap_ok(bad == 0 && declined == 0, "0F1(; (p-1)/2; x) by the cached-coefficient series against Arb's 0F1 at %d "
           "(p, x, prec), x real and complex, |x| <= 4b: overlapping, within 20 bits of prec (%d declined)", n,
           declined);
    {
        acb_t x, r;
        int ok;
        acb_init(x); acb_init(r);
        acb_set_d(x, 1e12);
        acb_one(r);
        ok = lp_vmf_0f1_half(r, 3, x, 128) == 0 && acb_is_one(r);
        tap_ok(ok, "0F1 series declines (returns 0, res untouched) at x = 1e12, p = 3, past its 4000 terms");
        acb_clear(x); acb_clear(r);
    }
}

/* d = 2 through the chordal code (its Z in closed form) against the antipodal
 * path (Z as the theta integral), at the sizes where G(p/2) ~ 2^(2^31) */
static void
test_closed_z(void)
{
    static const uint64_t ps[] = { 2, 9, 13700, 134000000, 2147483647 };
    int bad = 0, n = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 2; j++) {
            arb_t K, D, E, a, c;
            arb_init(K); arb_init(D); arb_init(E); arb_init(a); arb_init(c);
            arb_set_d(K, j ? 173.0 : 3.0);
            arb_set_ui(D, 2);
            arb_set_d(E, ps[i] > 1000 ? 0.01 : 0.5);
            lp_vmf_chordal_profile_arb(c, E, ps[i], K, D, 100);
            lp_vmf_profile_arb(a, E, ps[i], K, 100);
            n++;
            if (!arb_overlaps(a, c) || arb_rel_accuracy_bits(c) < 60 || !arb_is_positive(c)) {
                bad++;
                tap_diag("d=2 p=%llu kappa=%g: chordal %s, antipodal %s", (unsigned long long) ps[i],
                         j ? 173.0 : 3.0, ball_str(c, 20), ball_str(a, 20));
            }
            arb_clear(K); arb_clear(D); arb_clear(E); arb_clear(a); arb_clear(c);
        }
    tap_ok(bad == 0, "chordal delta at d = 2 (Z in closed form) against the antipodal path at %d (p, kappa), "
           "p up to 2^31-1: overlapping, 60 bits or more", n);
}

/* the double stage against the certified profile: relative 1e-11 in delta
 * (the closing evaluations need ~1e-13 in the root at 10 digits; measured
 * ~2e-14), the slope where delta is not ~1 */
static void
test_double(void)
{
    static const uint64_t ps[] = { 2, 3, 50, 13700, 134000000, 2147483647 };
    static const double ks[] = { 3, 173, 1000 }, ds[] = { 0.1, 1, 1.9 }, es[] = { 0.01, 0.5, 2, 6.9 };
    double worst = 0, worsts = 0;
    int n = 0, bad = 0;
    for (int i = 0; i < 6; i++)
        for (int j = 0; j < 3; j++)
            for (int l = 0; l < 3; l++)
                for (int e = 0; e < 4; e++) {
                    arb_t E, K, D, d, s;
                    double sl, v, a, b;
                    arb_init(E); arb_init(K); arb_init(D); arb_init(d); arb_init(s);
                    arb_set_d(E, es[e]);
                    arb_set_d(K, ks[j]);
                    arb_set_d(D, ds[l]);
                    lp_vmf_chordal_parts_arb(d, s, E, ps[i], K, D, 80);
                    v = lp_vmf_chordal_double(&sl, es[e], ps[i], ks[j], ds[l]);
                    a = arf_get_d(arb_midref(d), ARF_RND_NEAR);
                    b = arf_get_d(arb_midref(s), ARF_RND_NEAR);
                    if (a > 1e-300 && a < 0.999) {
                        double r = fabs(v - a) / a, rs = fabs(sl - b) / b;
                        n++;
                        if (!(r <= 1e-11) || !(rs <= 1e-8)) {
                            bad++;
                            tap_diag("double p=%llu kappa=%g d=%g eps=%g: delta %.17g (Arb %.17g), slope %.17g "
                                     "(Arb %.17g)", (unsigned long long) ps[i], ks[j], ds[l], es[e], v, a, sl, b);
                        }
                        worst = r > worst ? r : worst;
                        worsts = rs > worsts ? rs : worsts;
                    }
                    arb_clear(E); arb_clear(K); arb_clear(D); arb_clear(d); arb_clear(s);
                }
    tap_ok(bad == 0 && n > 60, "chordal delta(eps) in doubles against Arb at %d (p, kappa, d, eps), delta in "
           "(1e-300, 0.999): within 1e-11 (largest %.2g), slope within 1e-8 (largest %.2g)", n, worst, worsts);
    {
        double sl, v = lp_vmf_chordal_double(&sl, 1.0, 3, 1e7, 1.0), w = lp_vmf_chordal_double(&sl, 1.0, 5, 1.0, 2.0);
        double u = lp_vmf_chordal_double(&sl, 1.0, 3, 1e5, 1.0);
        tap_ok(isnan(v) && isnan(w) && isnan(u), "double stage: NAN where its series would need more than ~3000 "
               "terms (p = 3, kappa = 1e5 and 1e7) and outside d < 2");
    }
}

int
main(void)
{
    flint_rand_t state;
    test_rand_init(state);
    test_0f1(state);
    test_closed_z();
    test_double();
    flint_randclear(state);
    lp_vmf_cache_release();
    flint_cleanup();
    return tap_done();
}
