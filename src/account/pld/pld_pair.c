/* pld_pair.c -- the two relations' grids sized together.  Contract in pld.h
 * (lp_pld_pair_floors).
 *
 * The run's epsilon is the larger of the remove and add relations'; each
 * relation's grid had been sized for --width relative to its own estimated
 * epsilon.  The smaller relation's bracket has only to lie below the
 * larger's: an absolute width of width x epsilon_large, or, where the
 * relations' epsilons are far apart, a fraction of their gap, suffices.
 * The sizing estimates (pld.c, step 1) are the Gaussian approximation,
 * nearly the same for both relations (its variance term dominates: M 1.1,
 * delta 1e-5, q 1e-3, T 10: 0.01721 remove, 0.01716 add), though at small
 * T the true epsilons differ 1.4 - 4.4 times (q 1e-5 .. 0.01, T 10:
 * remove 0.0171, add 0.0052 at q 1e-3); the sketches composed in doubles
 * (pld_eps_sketch.c, made at T <= 100) see the gap.  So the smaller relation
 * is sized for max(E_large, gap / (4 width)): a bracket about a quarter of
 * the gap wide.  Where the estimates misjudge (the smaller relation's upper
 * end above the larger's), pld_study.c builds it again at its own width, so
 * the reported bracket's width is never the coarse grid's.  A choice of
 * widths only: every bound is certified whatever h is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/host.h"
#include "account/pld/pld_mech.h"

int
lp_pld_pair_floors(const lp_pld_request *req, const lp_dpsgd *run, double floor[2])
{
    double est[2] = { 0, 0 }, guess[2] = { 0, 0 }, gap;
    int c;
    floor[0] = floor[1] = 0;
    if (req->relation != 2 || req->eps || req->nphases > 0 || run->q_is_one || !(req->width > 0))
        return -1;
    for (int rel = 0; rel < 2 && !lp_cancelled(); rel++) {
        lp_pld pld;
        lp_pld_step step;
        lp_pld_request_step(&step, req, run);
        if (pld_estimate_step(&pld, &step, (lp_pld_relation) rel, req->width, req->max_n) == 0) {
            est[rel] = pld.eps_sized;
            guess[rel] = pld.eps_guess;
        }
        lp_pld_clear(&pld);
        lp_pld_step_clear(&step);
    }
    if (getenv("LP_PLD_DEBUG"))
        fprintf(stderr, "pld: pair estimates remove %g add %g, guesses %g %g\n", est[0], est[1],
                guess[0], guess[1]);
    if (!(est[0] > 0 && est[1] > 0 && isfinite(est[0]) && isfinite(est[1])))
        return -1;
    /* the gap only where both sketches were made (T <= 100; one that failed
     * leaves 0): a sketch set against a Gaussian estimate is no gap */
    if (!(guess[0] > 0 && guess[1] > 0 && isfinite(guess[0]) && isfinite(guess[1])))
        guess[0] = guess[1] = 0;
    /* the smaller: by the sketches, else by the sizing estimates */
    c = guess[0] != guess[1] ? guess[0] > guess[1] : est[0] > est[1];
    if (!(est[c] < est[1 - c] || guess[c] < guess[1 - c]))
        return -1;
    gap = guess[1 - c] - guess[c];
    floor[c] = fmax(est[1 - c], gap / (4 * req->width));
    if (!(floor[c] > est[c])) {
        floor[c] = 0;
        return -1;
    }
    return c;
}
