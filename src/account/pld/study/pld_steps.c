/* pld_steps.c -- a request's steps (pairs/): its one mechanism's over a
 * run, or its phases' runs and steps.  Contracts in pld_request.h. */
#include <stdlib.h>
#include "account/pld/study/pld_request.h"

void
lp_pld_request_step(lp_pld_step *st, const lp_pld_request *req, const lp_dpsgd *run)
{
    if (req->mech == LP_PLD_VMF)
        lp_pld_step_init_vmf(st, run, req->kappa, req->p);
    else if (req->mech == LP_PLD_LAPLACE)
        lp_pld_step_init_laplace(st, run, req->kappa);
    else if (req->mech == LP_PLD_RR || req->mech == LP_PLD_EPSDELTA)
        lp_pld_step_init_eps(st, run, req->e, req->mech == LP_PLD_EPSDELTA ? req->d : NULL);
    else
        lp_pld_step_init_gauss(st, run);
}

int
lp_pld_phase_set_init(lp_pld_phase_set *ps, const lp_pld_phase *phases, size_t n, const char *delta)
{
    ps->n = n;
    ps->run = calloc(ps->n, sizeof *ps->run);
    ps->st = calloc(ps->n, sizeof *ps->st);
    if (ps->run == NULL || ps->st == NULL) {
        free(ps->run);
        free(ps->st);
        ps->run = NULL;
        ps->st = NULL;
        ps->n = 0;
        return -1;
    }
    for (size_t i = 0; i < ps->n; i++) {
        const lp_pld_phase *ph = phases + i;
        /* with --delta-for-epsilon the grid is chosen for deltas down to 1e-12 */
        lp_dpsgd_init(ps->run + i, ph->mech == LP_PLD_GAUSS ? ph->M : "1", ph->q, ph->steps,
                      delta ? delta : "1e-12");
        if (ph->mech == LP_PLD_VMF)
            lp_pld_step_init_vmf(ps->st + i, ps->run + i, ph->kappa, ph->p);
        else if (ph->mech == LP_PLD_LAPLACE)
            lp_pld_step_init_laplace(ps->st + i, ps->run + i, ph->kappa);
        else if (ph->mech == LP_PLD_RR || ph->mech == LP_PLD_EPSDELTA)
            lp_pld_step_init_eps(ps->st + i, ps->run + i, ph->e, ph->mech == LP_PLD_EPSDELTA ? ph->d : NULL);
        else
            lp_pld_step_init_gauss(ps->st + i, ps->run + i);
    }
    return 0;
}

void
lp_pld_phase_set_clear(lp_pld_phase_set *ps)
{
    for (size_t i = 0; i < ps->n; i++) {
        lp_pld_step_clear(ps->st + i);
        lp_dpsgd_clear(ps->run + i);
    }
    free(ps->run);
    free(ps->st);
    ps->n = 0;
}
