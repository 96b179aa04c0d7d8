/* pld_steps.c -- a request's phases as runs and steps: each phase's run
 * (its M, q, steps and the grid's delta) and its mechanism's step by the
 * row of pairs/, from the values the request read at the door.  Contracts
 * in pld_request.h. */
#include <stdlib.h>
#include "account/pld/study/pld_request.h"

void
lp_pld_phase_run(lp_dpsgd *run, const lp_pld_phase *ph, const lp_exact *delta)
{
    lp_exact one, d12;
    lp_exact_init_ui(&one, 1);          /* another mechanism's run: M unused */
    lp_exact_init(&d12, "1e-12");       /* with --delta-for-epsilon the grid is chosen for
                                           deltas down to 1e-12 */
    lp_dpsgd_init_exact(run, ph->mech == LP_PLD_GAUSS ? &ph->par[0] : &one, &ph->q, ph->steps,
                        delta ? delta : &d12);
    lp_exact_clear(&one);
    lp_exact_clear(&d12);
}

void
lp_pld_phase_step(lp_pld_step *st, const lp_pld_phase *ph, const lp_dpsgd *run)
{
    lp_pld_step_init(st, ph->mech, run, ph->par);
}

int
lp_pld_phase_set_init(lp_pld_phase_set *ps, const lp_pld_phase *phases, size_t n,
                      const lp_exact *delta)
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
        lp_pld_phase_run(ps->run + i, phases + i, delta);
        lp_pld_phase_step(ps->st + i, phases + i, ps->run + i);
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
