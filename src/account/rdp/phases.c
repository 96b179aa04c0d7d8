/* phases.c -- a training run in phases, composed by Renyi DP.  Contract in
 * phases.h. */
#include <stdio.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "account/rdp/phases.h"

int
lp_rate_is_zero(const char *q)
{
    uint64_t num, den;
    if (q == NULL)
        return 0;
    if (strchr(q, '/'))
        return lp_rate_fraction(&num, &den, q) == 0 && num == 0;
    return lp_decimal_valid(q) && lp_decimal_sign(q) == 0;
}

int
lp_phase_read(lp_account_phase *ph, char *buf, size_t len, const char *text, char *err,
              size_t errlen)
{
    char *c1, *c2;
    const char *M, *q, *T;
    uint64_t num, den;
    memset(ph, 0, sizeof *ph);
    if (strlen(text) >= len) {
        snprintf(err, errlen, "'%.40s...' is too long", text);
        return -1;
    }
    strcpy(buf, text);
    c1 = strchr(buf, ',');
    c2 = c1 ? strchr(c1 + 1, ',') : NULL;
    if (c1 == NULL || c2 == NULL || strchr(c2 + 1, ',')) {
        snprintf(err, errlen, "must be M,q,T: noise multiplier, sampling rate, steps (got '%s')",
                 text);
        return -1;
    }
    *c1 = *c2 = '\0';
    M = buf;
    q = c1 + 1;
    T = c2 + 1;
    if (lp_decimal_exponent_beyond(M) || !lp_decimal_valid(M) || lp_decimal_sign(M) <= 0) {
        snprintf(err, errlen, "the noise multiplier must be a decimal number > 0 (got '%s' in '%s')",
                 M, text);
        return -1;
    }
    if (strchr(q, '/')) {
        if (lp_rate_fraction(&num, &den, q) != 0 || num > den) {
            snprintf(err, errlen, "the sampling rate must be a decimal or a fraction N/D of "
                     "integers in [0, 1] (got '%s' in '%s')", q, text);
            return -1;
        }
    } else if (lp_decimal_exponent_beyond(q) || !lp_decimal_valid(q) || lp_decimal_sign(q) < 0
               || lp_decimal_cmp_exact(q, "1") > 0) {
        snprintf(err, errlen, "the sampling rate must be a decimal or a fraction N/D of integers "
                 "in [0, 1] (got '%s' in '%s')", q, text);
        return -1;
    }
    /* an integer written as --steps takes it (1e3, 1000.0): one reader for T */
    if (lp_decimal_uint64(&ph->steps, T) != 0 || ph->steps < 1) {
        snprintf(err, errlen, "the steps must be an integer >= 1 (got '%s' in '%s')", T, text);
        return -1;
    }
    lp_exact_init(&ph->M, M);
    lp_exact_init(&ph->q, q);
    return 0;
}

void
lp_phase_clear(lp_account_phase *ph)
{
    lp_exact_clear(&ph->M);
    lp_exact_clear(&ph->q);
}

void
lp_phases_init(struct lp_phases *ph, lp_dpsgd *run, const lp_account_phase *phase, size_t n,
               const lp_exact *delta)
{
    lp_exact half;
    lp_exact_init(&half, "0.5");        /* a phase's own delta: unused */
    ph->n = n;
    ph->run = flint_malloc(n * sizeof *ph->run);
    ph->total_steps = 0;
    for (size_t i = 0; i < n; i++) {
        const uint64_t steps = phase[i].steps;
        lp_dpsgd_init_exact(&ph->run[i], &phase[i].M, &phase[i].q, steps, &half);
        ph->total_steps = ph->total_steps > UINT64_MAX - steps ? UINT64_MAX
                          : ph->total_steps + steps;
        if (i == 0)
            lp_dpsgd_init_exact(run, &phase[i].M, &phase[i].q, steps, delta);
    }
    lp_exact_clear(&half);
    run->steps = ph->total_steps;
    run->phases = ph;
}

void
lp_phases_clear(struct lp_phases *ph, lp_dpsgd *run)
{
    for (size_t i = 0; i < ph->n; i++)
        lp_dpsgd_clear(&ph->run[i]);
    flint_free(ph->run);
    run->phases = NULL;
}

/* one step's add/remove RDP at alpha (integer, or the ball alpha) */
static void
step_rdp(arb_t r, const lp_dpsgd *p, uint64_t integer, const arb_t alpha, slong prec)
{
    if (integer)
        lp_rdp_int_arb(r, p, integer, prec);
    else if (lp_rdp_integral_arb(r, p, alpha, prec) != 0)
        arb_indeterminate(r);
}

/* one step's replace-one RDP bound at alpha (contract in phases.h) */
static void
step_rdp_replace(arb_t r, const lp_dpsgd *p, uint64_t integer, const arb_t alpha, slong prec)
{
    arb_t a2, a3, r3, c;
    arb_init(a2);
    arb_init(a3);
    arb_init(r3);
    arb_init(c);
    if (integer) {
        arb_set_ui(a2, integer);
        lp_rdp_int_arb(r, p, 2 * integer, prec);
        lp_rdp_int_arb(r3, p, 2 * integer - 1, prec);
    } else {
        arb_set(a2, alpha);
        arb_mul_2exp_si(a3, alpha, 1);
        if (lp_rdp_integral_arb(r, p, a3, prec) != 0)
            arb_indeterminate(r);
        arb_sub_ui(a3, a3, 1, prec);
        if (lp_rdp_integral_arb(r3, p, a3, prec) != 0)
            arb_indeterminate(r3);
    }
    /* c = (alpha - 1/2)/(alpha - 1) */
    arb_one(c);
    arb_mul_2exp_si(c, c, -1);
    arb_sub(c, a2, c, prec);
    arb_sub_ui(a3, a2, 1, prec);
    arb_div(c, c, a3, prec);
    arb_mul(r, r, c, prec);
    arb_add(r, r, r3, prec);
    arb_clear(a2);
    arb_clear(a3);
    arb_clear(r3);
    arb_clear(c);
}

void
lp_account_rdp_T(arb_t rdp_T, const lp_dpsgd *run, uint64_t integer, const arb_t alpha,
                 slong prec)
{
    const size_t n = run->phases ? run->phases->n : 1;
    arb_t r;
    arb_init(r);
    arb_zero(rdp_T);
    for (size_t i = 0; i < n; i++) {
        const lp_dpsgd *p = run->phases ? &run->phases->run[i] : run;
        if (arb_is_zero(p->q))
            continue;                   /* the example is never used: RDP 0 */
        if (run->fixed_batch)   /* fixed-size batches, replace-one (rdp_fixed_batch_arb.c) */
            lp_rdp_fixed_batch_arb(r, p, integer, alpha, prec);
        else if (run->replace)
            step_rdp_replace(r, p, integer, alpha, prec);
        else
            step_rdp(r, p, integer, alpha, prec);
        arb_mul_ui(r, r, p->steps, prec);
        arb_add(rdp_T, rdp_T, r, prec);
    }
    arb_clear(r);
}
