/* cmd_account_read.c -- `leakproof account`'s request read once: after every
 * check (cmd_account*.c), each number of the request read into its value
 * (lp_exact: the exact decimal or N/D, its text for the records, its
 * double), and each accountant's request made of those values; the rooms
 * below take values, never the texts again.  Contracts in cmd_account.h. */
#include <string.h>
#include "cli.h"
#include "cmd_account.h"

void
lp_account_read(lp_account_opts *o)
{
    lp_pld_phase *r = &o->pld_run;
    if (o->M)
        lp_exact_init(&o->M_x, o->M);
    if (o->q)
        lp_exact_init(&o->q_x, o->q);
    if (o->kappa)
        lp_exact_init(&o->kappa_x, o->kappa);
    if (o->sensitivity)
        lp_exact_init(&o->sensitivity_x, o->sensitivity);
    if (o->delta && (o->pld || !o->lists))      /* (the RDP's lists: o->delta is the list) */
        lp_exact_init(&o->delta_x, o->delta);
    if (o->delta_for_eps && (o->pld || !o->lists))
        lp_exact_init(&o->dfe_x, o->delta_for_eps);
    if (o->eps)
        lp_exact_init(&o->eps_x, o->eps);
    for (size_t i = 0; i < o->n_delta; i++)
        lp_exact_init(&o->list_delta_x[i], o->list_delta[i]);
    for (size_t i = 0; i < o->n_eps; i++)
        lp_exact_init(&o->list_eps_x[i], o->list_eps[i]);
    if (o->pld && o->nphases == 0) {    /* one run: the Gaussian's M (none with --epsilon), or
                                           the VMF's kappa and p (the values above, shared) */
        r->mech = (lp_pld_mech_id) o->pld_mech;
        r->par[0] = r->mech == LP_PLD_VMF ? o->kappa_x : o->M_x;
        lp_exact_init_ui(&r->par[1], r->mech == LP_PLD_VMF ? o->p : 0);
        r->q = o->q_x;
        r->steps = o->steps;
    }
}

void
lp_account_opts_clear(lp_account_opts *o)
{
    lp_exact *own[] = { &o->M_x, &o->q_x, &o->kappa_x, &o->sensitivity_x, &o->delta_x, &o->dfe_x,
                        &o->eps_x, &o->pld_run.par[1] };
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        lp_exact_clear(own[i]);
    for (size_t i = 0; i < LP_ACCOUNT_PHASES_MAX; i++) {
        for (int k = 0; k < LP_PLD_PARAMS_MAX; k++)
            lp_exact_clear(&o->pld_phase[i].par[k]);
        lp_exact_clear(&o->pld_phase[i].q);
        lp_phase_clear(&o->rdp_phase[i]);
    }
    for (size_t i = 0; i < LP_ACCOUNT_LIST_MAX; i++) {
        lp_exact_clear(&o->list_delta_x[i]);
        lp_exact_clear(&o->list_eps_x[i]);
    }
    lp_order_list_clear(&o->orders);
}

void
lp_account_pld_request(lp_pld_request *r, const lp_account_opts *o, int eps_from_epsilon)
{
    memset(r, 0, sizeof *r);
    r->run = &o->pld_run;
    r->phases = o->nphases ? o->pld_phase : NULL;
    r->nphases = o->nphases;
    r->delta = o->delta ? &o->delta_x : NULL;
    if (eps_from_epsilon)
        r->eps = o->eps ? &o->eps_x : NULL;
    else
        r->eps = o->delta_for_eps ? &o->dfe_x : NULL;
    r->relation = o->rel;
    r->width = o->width;
    r->max_n = o->max_n ? o->max_n : LP_PLD_MAX_N;
    r->digits = o->digits;
    r->fixed_batch = o->fixed_batch;
}

/* a number read (lp_account_read), or NULL where the option was not given */
static const lp_exact *
given(const lp_exact *x)
{
    return x->text ? x : NULL;
}

void
lp_account_rdp_request(lp_account_request *r, const lp_account_opts *o)
{
    lp_account_request req = { given(&o->M_x), given(&o->q_x), given(&o->delta_x), o->steps,
                               &o->orders, o->peer, o->compare, o->digits, o->per_order,
                               given(&o->dfe_x), o->rdp_phase, o->nphases, o->replace,
                               o->fixed_batch };
    *r = req;
}

int
lp_account_rdp_pld_phases(lp_account_request *r, lp_account_phase *phases, const lp_account_opts *o)
{
    for (size_t i = 0; i < o->nphases; i++)
        if (o->pld_phase[i].mech != LP_PLD_GAUSS)
            return 0;
    for (size_t i = 0; i < o->nphases; i++) {
        phases[i].M = o->pld_phase[i].par[0];
        phases[i].q = o->pld_phase[i].q;
        phases[i].steps = o->pld_phase[i].steps;
    }
    r->phase = o->nphases ? phases : NULL;
    r->nphases = o->nphases;
    return 1;
}
