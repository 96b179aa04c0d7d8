/* pld_mech_table.c -- the table of the PLD accountant's mechanisms (one row per
 * mechanism, each in its file pld_mech_<name>.c) and one phase's step.
 * Contracts in pld_mech.h. */
#include <string.h>
#include "account/pld/pairs/pld_mech.h"
#include "core/host.h"

static const lp_pld_mech *const table[LP_PLD_NMECH] = {
    [LP_PLD_GAUSS] = &pld_mech_gauss,
    [LP_PLD_VMF] = &pld_mech_vmf,
    [LP_PLD_RR] = &pld_mech_rr,
    [LP_PLD_EPSDELTA] = &pld_mech_epsdelta,
    [LP_PLD_LAPLACE] = &pld_mech_laplace,
    [LP_PLD_GAUSS_REPLACE] = &pld_mech_gauss_replace,
    [LP_PLD_GAUSS_FIXED_BATCH] = &pld_mech_gauss_fixed_batch,
};

const lp_pld_mech *
pld_mech_of(lp_pld_mech_id id)
{
    return id >= 0 && id < LP_PLD_NMECH ? table[id] : table[LP_PLD_GAUSS];
}

const char *
lp_pld_mech_name(lp_pld_mech_id id)
{
    return pld_mech_of(id)->name;
}

void
lp_pld_step_init_gauss(lp_pld_step *st, const lp_dpsgd *run)
{
    memset(st, 0, sizeof *st);
    arb_init(st->kappa);
    arb_init(st->e);
    arb_init(st->d);
    st->mech = LP_PLD_GAUSS;
    st->run = run;
}

void
lp_pld_step_init_vmf(lp_pld_step *st, const lp_dpsgd *run, const char *kappa, uint64_t p)
{
    lp_pld_step_init_gauss(st, run);
    st->mech = LP_PLD_VMF;
    lp_decimal_arb(st->kappa, kappa, 128);
    st->kappa_d = lp_strtod(kappa, NULL);
    st->p = p;
}

void
lp_pld_step_init_eps(lp_pld_step *st, const lp_dpsgd *run, const char *e, const char *d)
{
    lp_pld_step_init_gauss(st, run);
    st->mech = d ? LP_PLD_EPSDELTA : LP_PLD_RR;
    lp_decimal_arb(st->e, e, 128);
    st->e_d = lp_strtod(e, NULL);
    if (d) {
        lp_decimal_arb(st->d, d, 128);
        st->d_d = lp_strtod(d, NULL);
    }
}

void
lp_pld_step_init_laplace(lp_pld_step *st, const lp_dpsgd *run, const char *b)
{
    lp_pld_step_init_gauss(st, run);
    st->mech = LP_PLD_LAPLACE;
    lp_decimal_arb(st->kappa, b, 128);
    st->kappa_d = lp_strtod(b, NULL);
}

void
lp_pld_step_clear(lp_pld_step *st)
{
    arb_clear(st->kappa);
    arb_clear(st->e);
    arb_clear(st->d);
}
