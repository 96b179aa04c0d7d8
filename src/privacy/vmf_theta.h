/* vmf_theta.h -- what the VMF profile's two files share: the scaled
 * theta-integrand g(th) e^{-shift} [factor], the window [th_a, th_b] outside
 * which g is certified monotone, and the integrals over it (derivation in
 * vmf_theta_arb.c).  Internal to src/privacy/vmf_*.c. */
#ifndef LP_VMF_THETA_H
#define LP_VMF_THETA_H
#include <stdint.h>
#include <arb.h>
#include <acb.h>
#include <arb_hypgeom.h>
#include <acb_hypgeom.h>

typedef struct {
    uint64_t n;
    const arb_struct *kappa;
    const arb_struct *eps;      /* NULL: g alone; else the factor below */
    int factor;                 /* 1: (1 - e^{eps - 2 kappa cos th}); 2: e^{eps - 2 kappa cos th} */
    const arb_struct *hq;       /* NULL: none; else the factor 0F1(; hb; hq sin^2 th) of the
                                 * chordal pair (vmf_chordal_arb.c), kappa there being kappa d/2 */
    const arb_struct *hb;       /* (p - 1)/2, with hq */
    arb_t shift;
} vmf_theta;

/* The window, certified monotone outside (vmf_theta_arb.c).  th_a, th_b exact. */
typedef struct {
    arb_t a, b, pi;
    double mode, w;
} window;

/* e^{kappa cos th - shift} sin^n th [factor] at th (real or complex) into res. */
void lp_vmf_eval_g(acb_t res, const acb_t th, const vmf_theta *c, slong prec);

/* y = n cos th - kappa sin^2 th: sin th times the slope of log(e^{kappa cos th}
 * sin^n th), whose sign says where it is monotone. */
void lp_vmf_slope_factor(arb_t y, const arb_t th, uint64_t n, const arb_t kappa, slong prec);

/* Initialises W to the window of (n, kappa), certified monotone outside. */
void lp_vmf_window_init(window *W, uint64_t n, const arb_t kappa, slong prec);

/* Clears W's balls. */
void lp_vmf_window_clear(window *W);

/* res = int_a^b of c's scaled integrand (a, b exact; 0 when a >= b), w its scale. */
void lp_vmf_integrate(arb_t res, vmf_theta *c, const arb_t a, const arb_t b, double w, slong prec);

/* Adds the box bound [0, len g(at)] (scaled, factor <= 1) to sum as an error. */
void lp_vmf_add_box(arb_t sum, const vmf_theta *c, const arb_t len, const arb_t at, slong prec);

/* z = Z e^{-shift} over [0, pi] with the window W and its box bounds. */
void lp_vmf_normaliser_scaled(arb_t z, vmf_theta *c, const window *W, slong prec);

/* c->shift = mid of log g at th (a tiny th where th <= 0 and n > 0; 0 where not finite). */
void lp_vmf_set_shift(vmf_theta *c, const arb_t kappa, uint64_t n, double th, slong prec);

/* nn = the integral over [0, th_tau] of cn's scaled integrand (factor 1 or 2,
 * both in [0, 1] there): the window's part, the box bounds outside it (g
 * increasing on [0, th_a], decreasing on [th_b, pi]), and the gap between
 * the exact U = mid(th_tau) and th_tau (vmf_theta_arb.c). */
void lp_vmf_upper_integral(arb_t nn, vmf_theta *cn, const window *W, const arb_t thtau, const arb_t U,
                           double wn, slong wprec);

/* The chordal integrand (vmf_chordal_window.c): its doubles for the heuristics
 * (n = p - 2, k = kappa d/2, b = (p-1)/2, q = kappa^2 (4 - d^2)/16), log g in
 * doubles, the window (certified monotone outside), the shift (mid of log g
 * at th), and the setup of c and f at distance d (kw, q, hb its balls). */
typedef struct { double n, k, b, q; } lp_vmf_chordal_par;
double lp_vmf_chordal_phi_d(double th, const lp_vmf_chordal_par *f);
void lp_vmf_chordal_window_init(window *W, const lp_vmf_chordal_par *f, const arb_t kw, uint64_t n,
                                slong prec);
void lp_vmf_chordal_set_shift(vmf_theta *c, double th, slong prec);
void lp_vmf_chordal_setup(vmf_theta *c, lp_vmf_chordal_par *f, arb_t kw, arb_t q, arb_t hb, uint64_t p,
                          const arb_t kappa, const arb_t dist, slong wprec);

/* The 10-point Gauss-Legendre rule on [-1, 1] of the double stages
 * (vmf_profile_double.c, vmf_chordal_double.c): nodes +-x[j], weights w[j]. */
extern const double lp_vmf_gl_x[5], lp_vmf_gl_w[5];

/* res = 0F1(; (p-1)/2; x) by its series with a certified tail (vmf_0f1_arb.c);
 * returns 0 and does nothing where it does not apply (x too large). */
int lp_vmf_0f1_half(acb_t res, uint64_t p, const acb_t x, slong prec);

/* Frees this thread's coefficients of lp_vmf_0f1_half. */
void lp_vmf_0f1_cache_release(void);

/* Free this thread's cache of the antipodal normaliser (vmf_profile_arb.c)
 * and of the chordal one (vmf_chordal_arb.c); lp_vmf_cache_release
 * (vmf_cache.c) calls them and lp_vmf_0f1_cache_release. */
void lp_vmf_profile_cache_release(void);
void lp_vmf_chordal_cache_release(void);

#endif
