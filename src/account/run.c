/* run.c -- the parameters of one DP-SGD run and its orders.  Contracts in
 * run.h. */
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "account/run.h"

/* Exact decimals are read at this precision; every later operation adds its
 * own rounding to the balls. */
#define READ_PREC 320

static void
init_common(lp_dpsgd *run)
{
    arb_init(run->M);
    arb_init(run->q);
    arb_init(run->delta);
    run->phases = NULL;
    run->replace = 0;
    run->fixed_batch = 0;
}

void
lp_dpsgd_init_exact(lp_dpsgd *run, const lp_exact *M, const lp_exact *q, uint64_t steps,
                    const lp_exact *delta)
{
    init_common(run);
    lp_exact_arb(run->M, M, READ_PREC);
    run->M_d = M->d;
    lp_exact_arb(run->q, q, READ_PREC);         /* a decimal, or N/D exactly */
    run->q_d = q->d;
    run->q_is_one = arb_is_one(run->q);
    lp_exact_arb(run->delta, delta, READ_PREC);
    run->delta_d = delta->d;
    run->steps = steps;
}

void
lp_dpsgd_init(lp_dpsgd *run, const char *M, const char *q, uint64_t steps,
              const char *delta)
{
    lp_exact x[3];
    lp_exact_init(&x[0], M);
    lp_exact_init(&x[1], q);
    lp_exact_init(&x[2], delta);
    lp_dpsgd_init_exact(run, &x[0], &x[1], steps, &x[2]);
    for (int i = 0; i < 3; i++)
        lp_exact_clear(&x[i]);
}

void
lp_dpsgd_init_batches(lp_dpsgd *run, const char *M, uint64_t batches,
                      uint64_t epochs, const char *delta)
{
    init_common(run);
    lp_dpsgd_set_M(run, M);
    arb_set_ui(run->q, batches);
    arb_inv(run->q, run->q, READ_PREC);
    run->q_d = 1.0 / (double) batches;
    run->q_is_one = batches == 1;
    lp_decimal_arb(run->delta, delta, READ_PREC);
    run->delta_d = lp_strtod(delta, NULL);
    run->steps = batches * epochs;
}

void
lp_dpsgd_set_M(lp_dpsgd *run, const char *M)
{
    lp_decimal_arb(run->M, M, READ_PREC);
    run->M_d = lp_strtod(M, NULL);
}

void
lp_dpsgd_clear(lp_dpsgd *run)
{
    arb_clear(run->M);
    arb_clear(run->q);
    arb_clear(run->delta);
}

int
lp_order_parse(uint64_t *integer, const char *alpha)
{
    uint64_t u;
    if (!lp_decimal_valid(alpha))
        return -1;
    if (lp_decimal_uint64(&u, alpha) == 0) {
        if (u < 2 || u > LP_ORDER_INT_MAX)
            return -1;
        *integer = u;
        return 0;
    }
    /* fractional: 1 < alpha < LP_ORDER_FRAC_MAX, decided on the exact decimal */
    {
        arb_t x, y;
        int ok;
        arb_init(x);
        arb_init(y);
        lp_decimal_arb(x, alpha, READ_PREC);
        arb_sub_ui(y, x, 1, READ_PREC);
        ok = arb_is_positive(y);
        arb_sub_ui(y, x, LP_ORDER_FRAC_MAX, READ_PREC);
        ok = ok && arb_is_negative(y);
        arb_clear(x);
        arb_clear(y);
        if (!ok)
            return -1;
    }
    *integer = 0;
    return 0;
}
