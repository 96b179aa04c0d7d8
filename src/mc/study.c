/* The records of `leakproof mc` (contract in study.h). */
#include <math.h>
#include "mc/study.h"
#include "core/attacker.h"
#include "core/host.h"

int
lp_mc_study_estimate(lp_record *rec, const lp_mechanism *m, const lp_mc_options *opt,
                     const lp_mc_input *inputs, int ninputs)
{
    lp_mc_result r;
    if (lp_mc_estimate(&r, m, opt) != 0)
        return -1;
    lp_record_text(rec, "command", "mc");
    lp_record_text(rec, "mechanism", m->name);
    lp_record_int(rec, "p", m->p);
    for (int i = 0; i < ninputs; i++)
        if (inputs[i].text)
            lp_record_text(rec, inputs[i].name, inputs[i].text);
    lp_record_double(rec, "estimate", r.estimate);
    lp_record_double(rec, "std_error", r.std_error);
    lp_record_double(rec, "rounding_error", r.rounding_error);
    lp_record_doubles(rec, "ci_999", (const double[]) { r.ci_lo, r.ci_hi }, 2);
    lp_record_double(rec, "ess", r.ess);
    lp_record_int(rec, "samples", (int64_t) r.samples);
    lp_record_int(rec, "seed", (int64_t) r.seed);
    lp_record_int(rec, "threads", r.threads);
    if (r.threads < lp_threads(opt->threads))     /* the host refused them (core/host.h) */
        lp_record_textf(rec, "threads_note", "%d threads asked; the host could not start them "
                        "(thread creation failed: memory or a limit): the run took one; the "
                        "result depends on the seed only", lp_threads(opt->threads));
    lp_record_int(rec, "ranks", r.ranks);
    lp_record_text(rec, "kernel", r.isa);
    lp_record_int(rec, "sup_checked", (int64_t) r.sup_checked);
    lp_record_double(rec, "sup_gap", r.sup_gap);
    {
        /* what the estimate means for an attacker: a bound wants the capacity
           from above, so the confidence interval's upper end (and the
           rounding), said to be not certified */
        const double upper = r.ci_hi + r.rounding_error;
        char basis[200];
        lp_snprintf(basis, sizeof basis, "a Monte Carlo estimate: C+ = %.6g, the upper end of its "
                    "99.9 %% confidence interval (estimate + 3.29 standard errors) plus its rounding "
                    "error", upper);
        lp_attacker_record_uncertified(rec, log2(upper), basis);
    }
    if (m->path == LP_MC_VMF_NORMALISER) {
        lp_record_double(rec, "log_normaliser_mc", r.log_norm_mc);
        lp_record_double(rec, "log_normaliser_mc_std_error", r.log_norm_mc_se);
        lp_record_double(rec, "log_normaliser_quadrature", r.log_norm_quad);
        lp_record_double(rec, "log_normaliser_quadrature_err", r.log_norm_quad_err);
    }
    return 0;
}

void
lp_mc_study_discrete(lp_record *rec, int p, double sigma, double radius,
                     const char *sigma_text, const char *radius_text)
{
    double step[LP_MC_DISCRETE_GRIDS], capacity[LP_MC_DISCRETE_GRIDS];
    int n = lp_gauss_discrete_refine(step, capacity, LP_MC_DISCRETE_GRIDS, p, sigma, radius);
    lp_record_text(rec, "command", "mc discrete");
    lp_record_text(rec, "mechanism", "gauss");
    lp_record_int(rec, "p", p);
    lp_record_text(rec, "sigma", sigma_text);
    lp_record_text(rec, "radius", radius_text);
    for (int i = 0; i < n; i++) {
        lp_record *g = lp_record_append(rec, "grids");
        lp_record_double(g, "input_step", step[i]);
        lp_record_double(g, "bin", step[i]);
        lp_record_double(g, "capacity", capacity[i]);
    }
    lp_record_int(rec, "refinements_dropped", LP_MC_DISCRETE_GRIDS - n);
    lp_attacker_absent(rec, "no bound on an attacker: each grid's capacity is a discretised "
                       "channel's, in doubles, and lies below the mechanism's (coarser inputs, binned "
                       "outputs); leakproof eval gauss or mc gauss gives the mechanism's");
    if (n < LP_MC_DISCRETE_GRIDS)
        lp_record_textf(rec, "note", "%d of %d refinements dropped: each would pass the work cap "
                        "(%.0e table entries or %.0e operations)", LP_MC_DISCRETE_GRIDS - n,
                        LP_MC_DISCRETE_GRIDS, LP_DISCRETE_MAX_ENTRIES, LP_DISCRETE_MAX_WORK);
}
