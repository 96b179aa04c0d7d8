/* pld_mech_table.c -- the table of the PLD accountant's mechanisms (one row per
 * mechanism, each in its file pld_mech_<name>.c) and one step from its
 * parameters' values by its row.  Contracts in pld_mech.h. */
#include <string.h>
#include "account/pld/pairs/pld_mech.h"

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

int
lp_pld_mech_find(const char *name, int nparams)
{
    for (int id = 0; id < LP_PLD_NMECH; id++)
        if (table[id]->params && table[id]->nparams == nparams && strcmp(table[id]->name, name) == 0)
            return id;
    return -1;
}

void
lp_pld_step_init(lp_pld_step *st, lp_pld_mech_id id, const lp_dpsgd *run, const lp_exact *par)
{
    const lp_pld_mech *row = pld_mech_of(id);
    memset(st, 0, sizeof *st);
    arb_init(st->kappa);
    arb_init(st->e);
    arb_init(st->d);
    st->mech = id;
    st->run = run;
    if (row->init)
        row->init(st, par);
}

void
lp_pld_step_init_gauss(lp_pld_step *st, const lp_dpsgd *run)
{
    lp_pld_step_init(st, LP_PLD_GAUSS, run, NULL);
}

/* the step of `id` from its parameters' texts (and p, the VMF's dimension) */
static void
init_texts(lp_pld_step *st, lp_pld_mech_id id, const lp_dpsgd *run, const char *a, const char *b,
           uint64_t p)
{
    lp_exact par[LP_PLD_PARAMS_MAX];
    lp_exact_init(&par[0], a);
    if (b)
        lp_exact_init(&par[1], b);
    else
        lp_exact_init_ui(&par[1], p);
    lp_pld_step_init(st, id, run, par);
    lp_exact_clear(&par[0]);
    lp_exact_clear(&par[1]);
}

void
lp_pld_step_init_vmf(lp_pld_step *st, const lp_dpsgd *run, const char *kappa, uint64_t p)
{
    init_texts(st, LP_PLD_VMF, run, kappa, NULL, p);
}

void
lp_pld_step_init_eps(lp_pld_step *st, const lp_dpsgd *run, const char *e, const char *d)
{
    init_texts(st, d ? LP_PLD_EPSDELTA : LP_PLD_RR, run, e, d, 0);
}

void
lp_pld_step_init_laplace(lp_pld_step *st, const lp_dpsgd *run, const char *b)
{
    init_texts(st, LP_PLD_LAPLACE, run, b, NULL, 0);
}

void
lp_pld_step_clear(lp_pld_step *st)
{
    arb_clear(st->kappa);
    arb_clear(st->e);
    arb_clear(st->d);
}
