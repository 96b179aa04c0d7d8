/* eval_record.h -- what `leakproof eval` computes, as records. */
#ifndef LP_EVAL_RECORD_H
#define LP_EVAL_RECORD_H

#include "leakproof.h"
#include "core/record.h"

/* Evaluates `form` by `method` at `par` (lp_evaluate, with `digits` and
 * `prec`) and fills `rec` with the keys of `leakproof eval`: command,
 * mechanism, form, method, the parameters (as given), value, rel_error_bound,
 * log10, log10_abs_error_bound, certified, digits, rel_error (when `compare`:
 * the method's error against arb), status, prec_bits, note, source.  A
 * certified result of which no digit could be certified has status
 * "uncertified" and null value.  Returns 0, or LP_EXIT_UNCERTIFIED-like 3
 * in that case, or 1 when the method failed (its status says how). */
int lp_eval_record(lp_record *rec, const lp_form *form, lp_method method,
                   const lp_params *par, slong digits, slong prec, int compare);

/* The parameters of `par` that `form` takes, echoed into rec (decimal texts as
 * given; p and the layers as integers). */
void lp_params_record(lp_record *rec, const lp_params *par, unsigned which);

/* Per-layer clipping beside the whole-vector Theorem III.1 (gauss-layers at
 * `par`): an object `compare_whole_vector` with the log10 of the gauss printed
 * and proof forms at R = L clip, of the proof form at R = clip sqrt(L) (the
 * ball that holds the product) and at R = clip (the whole vector clipped to
 * clip), each certified with `decimals` digits after the point.  For the
 * irrational radius the capacity, increasing in R, is enclosed between its
 * values at decimal radii just below and above. */
void lp_gauss_layers_compare(lp_record *rec, const lp_params *par, slong decimals);

/* The quotient of this evaluation by another, both by arb: `spec` names what
 * differs in the denominator, comma-separated NAME=VALUE items where NAME is
 * `form` or a parameter of the mechanism other than layers (e.g. "form=proof",
 * "sigma=0.0672729").  Adds `ratio_to` (spec as given) and the certified
 * `ratio` (+ ratio_rel_error_bound) and `log10_ratio` (+ its
 * log10_ratio_abs_error_bound; decimals as for ratio) to rec, or nulls when either value
 * was not certified.  Returns 0; 2 with a message in err when spec is
 * malformed (rec untouched). */
int lp_eval_ratio_record(lp_record *rec, const lp_form *form, const lp_params *par,
                         const char *spec, slong digits, char *err, size_t errlen);

#endif
