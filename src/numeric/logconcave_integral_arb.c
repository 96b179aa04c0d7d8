/* Rigorous integral of exp(phi) for a concave phi on [t_min, oo).  Contract in
 * numeric.h. */
#include <math.h>
#include "numeric/numeric.h"

typedef struct {
    const lp_logconcave *f;
    arf_srcptr shift;
} scaled_integrand;

/* 1 when phi's radius is below 2^-(prec-2) of its size (or of 1) */
static int
tight(const acb_t phi, slong prec)
{
    slong e = FLINT_MAX(arf_abs_bound_lt_2exp_si(arb_midref(acb_realref(phi))),
                        arf_abs_bound_lt_2exp_si(arb_midref(acb_imagref(phi))));
    if (!acb_is_finite(phi))
        return 0;
    e = FLINT_MAX(FLINT_MIN(e, WORD_MAX / 4), 0);
    return mag_cmp_2exp_si(arb_radref(acb_realref(phi)), e - prec + 8) < 0
           && mag_cmp_2exp_si(arb_radref(acb_imagref(phi)), e - prec + 8) < 0;
}

/* exp(phi(t) - shift), phi in the centred form on a wide ball */
static int
eval_scaled(acb_ptr out, const acb_t t, void *param, slong order, slong prec)
{
    const scaled_integrand *s = param;
    const lp_logconcave *f = s->f;
    int analytic = order != 0;
    acb_t m, d, phi, dphi;

    if (f->integrand != NULL) {
        f->integrand(out, t, s->shift, analytic, f->ctx, prec);
        return 0;
    }
    acb_init(m);
    acb_init(d);
    acb_init(phi);
    acb_init(dphi);
    /* A quadrature node is a ball of radius ~2^-prec: phi straight on it is
     * about as tight as the centred form, whose own rounding leaves ~|phi|
     * 2^-prec; so try that first and keep it when its radius is below
     * |phi| 2^-(prec-2); wide balls go to the centred form at once.  Both are
     * enclosures: this moves the cost, never the bound. */
    if (acb_is_exact(t)) {
        f->phi_acb(phi, dphi, t, analytic, f->ctx, prec);
    } else if (mag_cmp_2exp_si(arb_radref(acb_realref(t)), -prec / 2) < 0
               && mag_cmp_2exp_si(arb_radref(acb_imagref(t)), -prec / 2) < 0
               && (f->phi_acb(phi, NULL, t, analytic, f->ctx, prec), tight(phi, prec))) {
        /* phi from the ball itself (dphi is not needed) */
    } else {
        acb_get_mid(m, t);
        f->phi_acb(phi, dphi, m, analytic, f->ctx, prec);
        f->phi_acb(d, dphi, t, analytic, f->ctx, prec);     /* phi'(B) */
        acb_zero(d);                                         /* B - mid: */
        mag_set(arb_radref(acb_realref(d)), arb_radref(acb_realref(t)));
        mag_set(arb_radref(acb_imagref(d)), arb_radref(acb_imagref(t)));
        acb_addmul(phi, dphi, d, prec);
    }
    arb_sub_arf(acb_realref(phi), acb_realref(phi), s->shift, prec);
    acb_exp(out, phi, prec);
    acb_clear(m);
    acb_clear(d);
    acb_clear(phi);
    acb_clear(dphi);
    return 0;
}

/* tail = an upper bound for the integral beyond `end` of exp(phi - shift),
 * from the tangent of phi at `end`; `side` is +1 for [end, oo) and -1 for
 * [t_min, end].  Infinite when the tangent does not decay away from the window. */
static void
tangent_tail(mag_t tail, const lp_logconcave *f, const arb_t end, int side,
             const arf_t shift, slong prec)
{
    arb_t phi, dphi;
    arb_init(phi);
    arb_init(dphi);
    f->phi(phi, dphi, end, f->ctx, prec);
    if (side > 0)
        arb_neg(dphi, dphi);
    if (arb_is_positive(dphi)) {
        arb_sub_arf(phi, phi, shift, prec);
        arb_exp(phi, phi, prec);
        arb_div(phi, phi, dphi, prec);
        arb_get_mag(tail, phi);
    } else {
        mag_inf(tail);
    }
    arb_clear(phi);
    arb_clear(dphi);
}

void
lp_logconcave_integral_arb(arb_t res, const lp_logconcave *f,
                           const arb_t t_min, double t_peak, double w,
                           slong prec)
{
    arb_t tp, phi, dphi, lo, hi, sum;
    arf_t shift;
    acb_t a, b, integral;
    mag_t tol, tail;
    acb_calc_integrate_opt_t opt;
    scaled_integrand s;
    slong wprec, extra;
    double L;
    int lower_tail;

    arb_init(tp); arb_init(phi); arb_init(dphi);
    arb_init(lo); arb_init(hi); arb_init(sum);
    arf_init(shift);
    acb_init(a); acb_init(b); acb_init(integral);
    mag_init(tol); mag_init(tail);

    /* scale by exp(-phi(t_peak)): the scaled integrand is at most ~1, so an
     * absolute tolerance means a relative one */
    arb_set_d(tp, t_peak);
    if (arb_lt(tp, t_min) || !isfinite(t_peak))
        arb_set(tp, t_min);
    f->phi(phi, dphi, tp, f->ctx, prec + 64);
    if (arb_is_finite(phi))
        arf_set_round(shift, arb_midref(phi), prec + 64, ARF_RND_DOWN);
    else
        arf_zero(shift);

    /* exp(phi - shift) to 2^-prec needs phi to 2^-prec in absolute terms */
    extra = arf_is_zero(shift) ? 0 : arf_abs_bound_lt_2exp_si(shift);
    wprec = prec + FLINT_MAX(extra, 0) + 16;

    L = sqrt(2.0 * (prec + 24) * log(2.0)) + 1.0;
    if (!(w > 0) || !isfinite(w))
        w = 1.0;
    arb_set_d(hi, t_peak + L * w);
    arb_set_d(lo, t_peak - L * w);
    lower_tail = arb_gt(lo, t_min);
    if (!lower_tail)
        arb_set(lo, t_min);

    acb_set_arb(a, lo);
    acb_set_arb(b, hi);
    mag_set_d(tol, w);
    mag_mul_2exp_si(tol, tol, -prec - 4);
    acb_calc_integrate_opt_init(opt);
    opt->eval_limit = 1000000;
    s.f = f;
    s.shift = shift;
    acb_calc_integrate(integral, eval_scaled, &s, a, b, prec, tol, opt, wprec);
    arb_set(sum, acb_realref(integral));

    tangent_tail(tail, f, hi, +1, shift, wprec);
    arb_add_error_mag(sum, tail);           /* tail in [0, m]: +-m is wider, still valid */
    if (lower_tail) {
        tangent_tail(tail, f, lo, -1, shift, wprec);
        arb_add_error_mag(sum, tail);
    }

    arb_set_arf(phi, shift);
    arb_exp(phi, phi, wprec);
    arb_mul(res, sum, phi, prec);

    arb_clear(tp); arb_clear(phi); arb_clear(dphi);
    arb_clear(lo); arb_clear(hi); arb_clear(sum);
    arf_clear(shift);
    acb_clear(a); acb_clear(b); acb_clear(integral);
    mag_clear(tol); mag_clear(tail);
}
