/* mutant-arb.h -- the mutation hooks of mutant.h on Arb balls, for the tests that check a
 * claim in certified arithmetic: the mutant perturbs the ball (exactly for x2, half and neg;
 * within the working precision for rel+ and rel-). */
#ifndef LP_MUTANT_ARB_H
#define LP_MUTANT_ARB_H

#include <arb.h>
#include <flint/fmpq.h>
#include "mutant.h"

static inline void
lp_mut_arb_apply(int kind, arb_t x, slong prec)
{
    switch (kind) {
    case LP_MUT_REL_UP: arb_mul_si(x, x, 1000001, prec); arb_div_si(x, x, 1000000, prec); break;
    case LP_MUT_REL_DOWN: arb_mul_si(x, x, 999999, prec); arb_div_si(x, x, 1000000, prec); break;
    case LP_MUT_X2: arb_mul_2exp_si(x, x, 1); break;
    case LP_MUT_HALF: arb_mul_2exp_si(x, x, -1); break;
    case LP_MUT_NEG: arb_neg(x, x); break;
    default: break;
    }
}

/* the ball x that a test checks for the claims ids, in place: one side of an identity, an upper
 * bound, a lower bound, a quantity whose sign the claim states (mutant.h) */
static inline void
lp_mut_arb(const char *ids, arb_t x, slong prec)
{
    lp_mut_arb_apply(lp_mut_which(ids, LP_MUT_VALUE), x, prec);
}

static inline void
lp_mut_arb_upper(const char *ids, arb_t x, slong prec)
{
    lp_mut_arb_apply(lp_mut_which(ids, LP_MUT_UPPER), x, prec);
}

static inline void
lp_mut_arb_lower(const char *ids, arb_t x, slong prec)
{
    lp_mut_arb_apply(lp_mut_which(ids, LP_MUT_LOWER), x, prec);
}

static inline void
lp_mut_arb_sign(const char *ids, arb_t x, slong prec)
{
    lp_mut_arb_apply(lp_mut_which(ids, LP_MUT_SIGN), x, prec);
}

static inline void
lp_mut_arb_zero(const char *ids, arb_t x, slong prec)
{
    int k = lp_mut_which(ids, LP_MUT_ZERO);
    if (k == LP_MUT_REL_UP || k == LP_MUT_REL_DOWN) {
        arb_t e;
        arb_init(e);
        arb_set_si(e, k == LP_MUT_REL_UP ? 1 : -1);
        arb_div_ui(e, e, 1000000, prec);
        arb_add(x, x, e, prec);
        arb_clear(e);
    }
}

/* an exact rational the test checks for the claims ids: the value kinds, exactly */
static inline void
lp_mut_fmpq(const char *ids, fmpq_t q)
{
    long num, den;
    fmpz_t d;
    lp_mut_ratio(ids, LP_MUT_VALUE, &num, &den);
    fmpz_init_set_si(d, den);
    fmpq_mul_si(q, q, num);
    fmpq_div_fmpz(q, q, d);
    fmpz_clear(d);
}

/* res = base^e, the exponent mutated by exp+ / exp-, the power by the value kinds */
static inline void
lp_mut_arb_pow(const char *ids, arb_t res, const arb_t base, const arb_t e, slong prec)
{
    int k = lp_mut_which(ids, LP_MUT_POWER);
    arb_t f;
    arb_init(f);
    arb_set(f, e);
    if (k == LP_MUT_EXP_UP || k == LP_MUT_EXP_DOWN)
        arb_add_si(f, f, k == LP_MUT_EXP_UP ? 1 : -1, prec);
    arb_pow(res, base, f, prec);
    arb_clear(f);
    lp_mut_arb_apply(k, res, prec);
}

#endif
