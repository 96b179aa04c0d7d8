/* evaluate.c -- the dispatcher: one form, one method, and for arb the loop
 * that raises the working precision until the digits asked for are certified.
 * Contract in leakproof.h. */
#include <string.h>
#include "core/host.h"
#include "numeric/numeric.h"
#include "forms/forms.h"

/* Precision doublings the arb loop tries before it reports fewer digits. */
#define LP_PREC_DOUBLINGS 6

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

    prec = need + 16;
    for (int k = 0; k <= LP_PREC_DOUBLINGS; k++, prec *= 2) {
        if (k > 0 && lp_cancelled())
            return lp_result_fail(res, LP_DECLINED, "interrupted");
        res->note[0] = '\0';
        f(res, par, prec);
        res->prec = prec;
        if (res->status != LP_OK)
            return res->status;
        if (arb_rel_accuracy_bits(res->value) >= need) {
            res->digits = certified_digits(res, digits);
            if (res->digits >= digits)
                return LP_OK;
        }
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
