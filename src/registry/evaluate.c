/* evaluate.c -- the dispatcher: one form, one method, and for arb the loop
 * that raises the working precision until the digits asked for are certified.
 * Contract in leakproof.h. */
#include <string.h>
#include "core/host.h"
#include "numeric/numeric.h"
#include "forms/forms.h"
#include "core/precision_loop.h"

/* The arb loop's rule: from digits * log2(10) + 20 bits (16 over the
 * accuracy asked, bits_for_digits), at most 6 doublings (64 times the first
 * precision, not a fixed number of bits) before it reports fewer digits.  Not
 * lp_ziv_default (3.33 bits a digit + 64, up to 65536 bits): kept so that
 * records stay byte-identical, since eval prints the working precision
 * (prec_bits) and the ball it ends with. */
static const lp_ziv_rule eval_ziv = { 3.3219280948873623, 20, 0, 6 };

static slong
bits_for_digits(slong digits)
{
    return (slong) (digits * 3.3219280948873623) + 4;
}

/* The significant digits lp_format_value certifies for this result. */
static slong
certified_digits(const lp_result *res, slong digits)
{
    char *s = lp_format_value(res, digits);
    slong n = 0;
    if (s == NULL)
        return 0;
    for (const char *c = s; *c && *c != 'e'; c++)
        n += (*c >= '0' && *c <= '9');
    flint_free(s);
    return n;
}

static lp_status
lp_evaluate_c(lp_result *res, const lp_form *form, lp_method method,
            const lp_params *par, slong digits, slong prec)
{
    lp_evaluator f;
    lp_ziv z;
    slong need;

    if (form == NULL || (unsigned) method >= LP_NMETHODS
        || (f = form->method[method]) == NULL)
        return lp_result_fail(res, LP_DOMAIN, "no such method for this form");
    if (digits < 1)
        digits = 1;
    need = bits_for_digits(digits);

    if (method != LP_ARB) {
        slong wprec = prec > 0 ? prec : need + 16;
        res->prec = wprec;
        if (method == LP_MPFR && !lp_mpfr_prec_affordable(wprec, res))
            return res->status;
        f(res, par, wprec);
        return res->status;
    }

    for (lp_ziv_init(&z, digits, &eval_ziv);;) {       /* the caller's prec is not used */
        res->note[0] = '\0';
        f(res, par, z.prec);
        res->prec = z.prec;
        if (res->status != LP_OK)
            return res->status;
        if (arb_rel_accuracy_bits(res->value) >= need) {
            res->digits = certified_digits(res, digits);
            if (res->digits >= digits)
                return LP_OK;
        }
        if (!lp_ziv_next(&z))
            break;
        if (lp_cancelled())
            return lp_result_fail(res, LP_DECLINED, "interrupted");
    }
    res->digits = certified_digits(res, digits);
    if (res->digits == 0)       /* a ball with no digit is no "ok" */
        return lp_result_fail(res, LP_UNCERTIFIED, "no digit certified at %ld bits of working precision",
                              (long) res->prec);
    return res->status;
}

/* the C locale for the whole call, whatever the host's (numbers in text) */
lp_status
lp_evaluate(lp_result *res, const lp_form *form, lp_method method,
            const lp_params *par, slong digits, slong prec)
{
    lp_status v;
    locale_t old = lp_locale_enter();
    v = lp_evaluate_c(res, form, method, par, digits, prec);
    lp_locale_leave(old);
    return v;
}
