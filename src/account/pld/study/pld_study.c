/* pld_study.c -- the record of `leakproof account --accountant pld`.
 * Contract in pld_request.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "core/host.h"
#include "account/pld/study/pld_full_batch.h"

/* one relation: its object from its grid pld (built, status st); the bounds
 * go to the caller's maxima.  0, or -1 (*oom set when out of memory; *why
 * the reason) */
static int
one_relation(lp_record *obj, const lp_dpsgd *run, lp_pld_relation rel, const lp_pld_request *req,
             double *elo, double *ehi, arb_t dlo, arb_t dhi, const arb_t eps, int *oom,
             const char **why, lp_pld *pld, int st)
{
    if (st != 0) {
        *oom |= pld->out_of_memory;
        *why = pld->why;
        lp_record_text(obj, "relation", rel == LP_PLD_REMOVE ? "remove" : "add");
        lp_record_text(obj, "why", pld->why ? pld->why : "failed");
        lp_pld_clear(pld);
        return -1;
    }
    lp_record_text(obj, "relation", rel == LP_PLD_REMOVE ? "remove" : "add");
    lp_record_double(obj, "grid_width", pld->h);
    lp_record_double(obj, "grid_sized_for_epsilon", pld->eps_sized);
    lp_record_int(obj, "grid_size", (int64_t) pld->n);
    lp_record_int(obj, "step_support", (int64_t) pld->support);
    pld_record_arb_directed(obj, "fft_error_bound", pld->err_fft, 3, 1);
    pld_record_arb_directed(obj, "window_tail_bound", pld->tail, 3, 1);
    if (eps) {
        lp_pld_delta(dlo, dhi, pld, eps);
        pld_record_arb_directed(obj, "delta_lower_bound", dlo, req->digits, 0);
        pld_record_arb_directed(obj, "delta_upper_bound", dhi, req->digits, 1);
    } else {
        lp_pld_epsilon(elo, ehi, pld, run->delta);
        pld_record_eps(obj, "epsilon_lower_bound", *elo, req->digits, 0);
        pld_record_eps(obj, "epsilon_upper_bound", *ehi, req->digits, 1);
    }
    lp_pld_clear(pld);
    return 0;
}

/* one relation's composed PLD of req's mechanism step, its width sized for
 * an epsilon of at least eps_floor (lp_pld_pair_floors; 0 none);
 * lp_pld_init_step's status */
static int
build_relation(lp_pld *pld, const lp_pld_request *req, const lp_dpsgd *run, lp_pld_relation rel,
               double eps_floor, double sized_for)
{
    lp_pld_step step;
    int st;
    lp_pld_phase_step(&step, req->run, run);
    step.width_eps_floor = eps_floor;
    st = lp_pld_init_step(pld, &step, rel, req->width, req->max_n,
                          sized_for > 0 ? sized_for : req->eps ? req->eps->d : -1);
    lp_pld_step_clear(&step);
    return st;
}

/* build_relation for lp_run_two (the relations at once, one a thread) */
typedef struct {
    lp_pld *pld;
    const lp_pld_request *req;
    const lp_dpsgd *run;
    lp_pld_relation rel;
    double eps_floor;
    int *st;
} relation_job;

static void
build_job(void *p)
{
    const relation_job *j = p;
    *j->st = build_relation(j->pld, j->req, j->run, j->rel, j->eps_floor, 0);
}

/* The width asked, met (issue 31): the grid is sized from an estimate of
 * epsilon (pld_init.c, step 1) that can run high (the saddlepoint 1.33 times
 * epsilon at M 1.1, q 1e-4, T 1000, delta 1e-5), so the relation that sets
 * the reported upper end is checked: where its bracket [lo, hi] is wider than
 * width x max(hi, its tiny-epsilon floor), it is built once again on a grid
 * refined by the measured width, W = hi - lo, taken as the rounding's part r
 * (spread x h, which scales with h) and the rest E = W - r (the
 * composition's error bounds, which do not): h x (0.9 width X - E) / r.
 * Not where the grid is already at its largest (n = max_n: a finer h does
 * not fit), nor where that would refine h more than 4 times (E near the
 * width: the composition's error bounds, not h, set it), so the cost is
 * bounded: one more build per relation, at most 4 times finer.  The rebuilt grid replaces
 * the first only when it was built (out of memory: the first stands) and is
 * narrower.  A choice of h only: both brackets are certified. */
static void
refine_wide(lp_pld *plds, int *st, const int *rels, int nrel, int *rebuilt,
            const lp_pld_request *req, const lp_dpsgd *run)
{
    /* each relation at most once: after one is built again, the other may
     * set the upper end (M 1.725, q 0.00042, T 1, delta 1e-4, width 0.9) */
    for (int round = 0; round < nrel; round++) {
        double lo[2], hi[2], X, W, E, f, lo2, hi2;
        int top = 0;
        lp_pld again;
        for (int i = 0; i < nrel; i++) {
            if (st[i] != 0 || lp_cancelled())
                return;
            lp_pld_epsilon(&lo[i], &hi[i], &plds[i], run->delta);
            if (!(isfinite(hi[i]) && hi[i] >= lo[i]))
                return;         /* an end not reached: not the grid's width */
            if (hi[i] > hi[top])
                top = i;
        }
        X = fmax(hi[top], plds[top].eps_abs_floor);
        W = hi[top] - lo[top];
        if (rebuilt[top] == 2 || !(W > req->width * X) || plds[top].n >= req->max_n
            || !(plds[top].rounding_width > 0))
            return;
        E = fmax(W - plds[top].rounding_width, 0.0);
        f = (0.9 * req->width * X - E) / plds[top].rounding_width;
        if (!(f >= 0.25 && f < 1))
            return;
        if (lp_trace())
            fprintf(lp_trace(), "pld: %s's bracket [%g, %g] wider than %g x %g: rebuilt, h x %g\n",
                    rels[top] == LP_PLD_REMOVE ? "remove" : "add", lo[top], hi[top], req->width,
                    X, f);
        /* sized for the epsilon that gives h x f by pld_init.c's rule with a
         * given epsilon: h = width x it / (PLD_WIDTH_MARGIN_HINT x spread) */
        if (build_relation(&again, req, run, (lp_pld_relation) rels[top], 0,
                           PLD_WIDTH_MARGIN_HINT * f * plds[top].rounding_width / req->width) != 0) {
            lp_pld_clear(&again);
            return;
        }
        lp_pld_epsilon(&lo2, &hi2, &again, run->delta);
        if (!(isfinite(hi2) && hi2 - lo2 < W)) {
            lp_pld_clear(&again);
            return;
        }
        lp_pld_clear(&plds[top]);
        plds[top] = again;
        rebuilt[top] = 2;
    }
}

int
lp_pld_study(lp_record *rec, const lp_pld_request *req)
{
    lp_dpsgd run;
    double elo[2] = { 0, 0 }, ehi[2] = { INFINITY, INFINITY };
    arb_t dlo[2], dhi[2], eps;
    int rels[2], nrel = 0, ok = 1, oom = 0, status, st[2] = { -1, -1 }, rebuilt[2] = { 0, 0 };
    double eps_floor[2];
    int coarse;
    lp_pld plds[2];
    const char *why = NULL;
    if (req->nphases > 0)       /* phases: one bracket over all of them */
        return lp_pld_phases_study(rec, req);
    if (req->relation == 3)     /* replace-one (pld_study_replace.c) */
        return lp_pld_replace_study(rec, req);
    lp_pld_phase_run(&run, req->run, req->delta);
    arb_init(eps);
    for (int i = 0; i < 2; i++) {
        arb_init(dlo[i]);
        arb_init(dhi[i]);
    }
    if (req->eps)
        lp_exact_arb(eps, req->eps, 128);
    if (req->relation == 0 || req->relation == 2)
        rels[nrel++] = LP_PLD_REMOVE;
    if (req->relation == 1 || req->relation == 2)
        rels[nrel++] = LP_PLD_ADD;

    lp_record_text(rec, "command", "account");
    lp_record_text(rec, "accountant", "pld");
    lp_pld_record_run(rec, req->run);
    if (req->eps) {
        lp_record_text(rec, "epsilon", req->eps->text);
    } else {
        lp_record_text(rec, "delta", req->delta->text);
    }
    lp_record_text(rec, "relation", req->relation == 0 ? "remove" : req->relation == 1 ? "add" : "both");
    lp_record_double(rec, "width", req->width);
    if (run.q_is_one && req->run->mech == LP_PLD_GAUSS) {    /* full batch: one Gaussian, in closed form
                                                           (pld_full_batch.c); the VMF's composes */
        status = lp_pld_full_batch(rec, &run, req, req->eps ? eps : NULL);
        goto done;
    }
    /* the two relations' grids at once, one a thread (issue 31: both had
     * run one after the other; each is the same computation whichever
     * thread runs it, the masses' own regions then one thread); the
     * records after, in order.  A joined thread (lp_run_two), not an
     * OpenMP team: the team's worker spun after the region, 2 - 7 ms of
     * CPU a call (issue 42: M 1.1, delta 1e-5, q 1e-5, T 10, width 1:
     * 11.7 -> 9.7 ms; T 1e7: 34 -> 27 ms).  Both relations: the
     * smaller's grid sized for the larger's epsilon (pld_pair.c) */
    coarse = lp_pld_pair_floors(req, &run, eps_floor);
    {
        const int nt = nrel < lp_threads_effective(0) ? nrel : lp_threads_effective(0);
        if (nt > 1) {           /* (nrel 2: rels[i] == i) */
            relation_job job[2];
            for (int i = 0; i < 2; i++)
                job[i] = (relation_job) { &plds[i], req, &run, rels[i], eps_floor[rels[i]], &st[i] };
            lp_run_two(build_job, &job[0], &job[1]);
        } else {
            for (int i = 0; i < nrel; i++)
                st[i] = build_relation(&plds[i], req, &run, rels[i], eps_floor[rels[i]], 0);
        }
    }
    /* the coarsened relation must not set the reported upper end: where
     * its upper end is above the other's (the estimates misjudged the
     * gap), the bracket's width would be its coarse grid's, so it is built
     * again at its own width (named in its object's "grid_rebuilt") */
    if (coarse >= 0 && nrel == 2 && st[0] == 0 && st[1] == 0 && !lp_cancelled()) {
        const int c = coarse, o = 1 - c;    /* rels[i] == i here */
        double lo_c, hi_c, lo_o, hi_o;
        lp_pld_epsilon(&lo_c, &hi_c, &plds[c], run.delta);
        lp_pld_epsilon(&lo_o, &hi_o, &plds[o], run.delta);
        if (!(hi_c <= hi_o)) {
            lp_pld_clear(&plds[c]);
            st[c] = build_relation(&plds[c], req, &run, rels[c], 0, 0);
            rebuilt[c] = 1;
        }
    }
    if (!req->eps)
        refine_wide(plds, st, rels, nrel, rebuilt, req, &run);
    for (int i = 0; i < nrel; i++) {
        lp_record *obj;
        if (oom || lp_cancelled()) {
            lp_pld_clear(&plds[i]);
            continue;
        }
        obj = lp_record_object(rec, rels[i] == LP_PLD_REMOVE ? "remove" : "add");
        if (rebuilt[i] == 1)
            lp_record_text(obj, "grid_rebuilt", "sized first for the other relation's epsilon "
                           "estimate, its upper end came out above the other relation's: built "
                           "again at its own width");
        else if (rebuilt[i] == 2)
            lp_record_text(obj, "grid_rebuilt", "its bracket came out wider than --width times "
                           "epsilon (the estimate it was sized for too large): built again on a "
                           "grid refined by the measured width");
        if (one_relation(obj, &run, rels[i], req, &elo[i], &ehi[i], dlo[i], dhi[i],
                         req->eps ? eps : NULL, &oom, &why, &plds[i], st[i]) != 0)
            ok = 0;
    }
    /* the worse relation: the maximum of each bound */
    if (req->eps) {
        arb_t lo, hi;
        arb_init(lo);
        arb_init(hi);
        arb_set(lo, dlo[0]);
        arb_set(hi, dhi[0]);
        if (nrel == 2) {
            if (arf_cmp(arb_midref(dlo[1]), arb_midref(lo)) > 0)
                arb_set(lo, dlo[1]);
            if (arf_cmp(arb_midref(dhi[1]), arb_midref(hi)) > 0)
                arb_set(hi, dhi[1]);
        }
        pld_record_arb_directed(rec, "delta_lower_bound", lo, req->digits, 0);
        pld_record_arb_directed(rec, "delta_upper_bound", hi, req->digits, 1);
        arb_clear(lo);
        arb_clear(hi);
    } else {
        double lo = elo[0], hi = ehi[0];
        if (nrel == 2) {
            lo = fmax(lo, elo[1]);
            hi = fmax(hi, ehi[1]);
        }
        /* an end the grid could not reach is no certified answer: the
         * upper end is null where delta is below what the composition's
         * error bounds resolve (the FFT's, the window's: the relation's
         * fft_error_bound and window_tail_bound) */
        if (ok && !isfinite(hi) && !lp_cancelled() && req->run->mech == LP_PLD_GAUSS) {
            /* delta below the grid's reach: the certified RDP bound above */
            hi = lp_pld_rdp_upper(&run);
            if (isfinite(hi)) {
                lp_record_text(rec, "upper_route", "RDP (integer orders 2 .. 1024, Balle et al. 2020's "
                               "conversion, certified): delta is below the PLD composition's error "
                               "bounds (fft_error_bound + window_tail_bound)");
                lp_record_double(rec, "relative_width", lo > 0 ? (hi - lo) / hi : 1.0);
            }
        }
        if (ok && !(isfinite(hi) && hi >= lo)) {
            ok = 0;
            why = "the upper end is not reached: delta is below the composition's error bounds "
                  "(fft_error_bound + window_tail_bound); a larger delta or the RDP accountant "
                  "bounds it";
        }
        pld_record_eps(rec, "epsilon_lower_bound", ok || isfinite(lo) ? lo : NAN, req->digits, 0);
        pld_record_eps(rec, "epsilon_upper_bound", ok ? hi : NAN, req->digits, 1);
    }
    lp_record_bool(rec, "certified", ok);
    if (!ok && why)
        lp_record_text(rec, "why", why);
    status = oom ? LP_PLD_OUT_OF_MEMORY : lp_cancelled() ? LP_PLD_INTERRUPTED
        : ok ? LP_PLD_OK : LP_PLD_UNCERTIFIED;
done:
    for (int i = 0; i < 2; i++) {
        arb_clear(dlo[i]);
        arb_clear(dhi[i]);
    }
    arb_clear(eps);
    lp_dpsgd_clear(&run);
    return status;
}
