/* study.h -- what `leakproof mc` computes, as records: the Monte Carlo
 * estimate of a mechanism's Bayes capacity and the discretised Gaussian
 * channel refined towards it.  The command parses and emits; these run the
 * arbiter and fill the record (keys per leakproof(1): "command" first, then
 * "mechanism", p and the inputs echoed exactly as given). */
#ifndef LP_MC_STUDY_H
#define LP_MC_STUDY_H

#include "core/record.h"
#include "mc/mc.h"

/* outputs y given the numerical maximisation when the caller names none: on
 * this machine about 5 % of a run of 10^7 samples at p = 4 (make bench) */
#define LP_MC_DEFAULT_SUP_CHECKS 1000

/* the discretised channel is refined this many times (input step and bin
 * halving each time), as far as the work caps allow */
#define LP_MC_DISCRETE_GRIDS 6

/* an input as the user gave it: echoed under `name` (NULL text: left out) */
typedef struct { const char *name, *text; } lp_mc_input;

/* `mc gauss|vmf|laplace|gauss-layers`: runs lp_mc_estimate(m, opt) and fills
 * rec with command "mc", mechanism, p, the inputs, estimate, std_error,
 * rounding_error, ci_999, ess, samples, seed, threads (those that ran),
 * ranks, kernel, sup_checked, sup_gap (null when none was checked), the
 * attacker keys from the 99.9 % upper confidence end (core/attacker.h: not
 * certified) and, for
 * vmf, the log normaliser by Monte Carlo and by quadrature.  0, or -1 (rec
 * untouched) when memory runs out. */
int lp_mc_study_estimate(lp_record *rec, const lp_mechanism *m, const lp_mc_options *opt,
                         const lp_mc_input *inputs, int ninputs);

/* `mc discrete`: the Bayes capacity of the Gaussian mechanism discretised
 * (p = 1 or 2) on LP_MC_DISCRETE_GRIDS grids refining by halves
 * (lp_gauss_discrete_refine), as the list "grids" of command "mc discrete",
 * with refinements_dropped, a note naming the work cap when some were, and
 * the attacker keys absent with the reason. */
void lp_mc_study_discrete(lp_record *rec, int p, double sigma, double radius,
                          const char *sigma_text, const char *radius_text);

#endif
