/* verify.h -- verdicts: every registry row of a case's mechanism, by every
 * method, held against the Monte Carlo arbiter.  The results are records; the
 * TAP printer (leakproof verify) and the report only format them. */
#ifndef LP_VERIFY_H
#define LP_VERIFY_H

#include "leakproof.h"
#include "check/cases.h"
#include "mc/mc.h"
#include "core/record.h"

/* |z| above this is a disagreement.  With a few thousand comparisons in the
 * full grid, 5 standard errors keep the chance of a false alarm below 1e-3
 * for the whole run (normal tails: 5.7e-7 a line). */
#define LP_Z_MAX 5.0

/* The arbiter judges a case only when its effective sample size is at least
 * this fraction of the samples: below it, a few weights carry the estimate
 * and its standard error is itself unreliable, so a small |z| would be no
 * evidence of agreement. */
#define LP_ESS_MIN_FRACTION 0.01

typedef enum {
    LP_CHECK_PASS,      /* ok */
    LP_CHECK_FAIL,      /* not ok: leakproof itself is wrong */
    LP_CHECK_FINDING,   /* not ok # TODO: a claim of a paper that Monte Carlo contradicts */
    LP_CHECK_SKIP,      /* ok # SKIP: the method returned no value (its status says why) */
    LP_CHECK_REFUSED    /* ok # SKIP: not judged (the reason in `why`): ESS/N below
                           LP_ESS_MIN_FRACTION, or an infinite or NaN error */
} lp_check_kind;

typedef struct {
    lp_check_kind kind;
    char text[480];             /* the TAP line's description */
    const lp_form *form;        /* NULL for checks of the arbiter itself */
    lp_method method;
    double value, z, ratio, ratio_u;
    double quad_rel;            /* vmf: value / (capacity by the quadrature's C) - 1 */
    const lp_case *c;
    lp_record *row;             /* its row in the record (NULL: no record kept) */
    const char *why;            /* LP_CHECK_REFUSED: why it is not judged (a literal) */
} lp_check;

/* Runs the arbiter on case c (threads as for lp_mc_options) and appends its
 * checks to *checks (of *n) and, when rec is not NULL, one row per check to
 * rec's list "checks" (keys: file, line, mechanism, the case's parameters,
 * check = estimate | maximiser | normaliser | bracket | form, outcome = pass |
 * fail | finding | skip | refused, and the numbers of the TAP line: estimate,
 * std_error, ess, samples, seed; for forms form, method, status, value (a
 * certified ball for arb, a double otherwise), ratio, ratio_std_error, z).
 * 0 on success, -1 when the mechanism cannot be set up (the message in the
 * last check). */
int lp_verify_case(lp_record *rec, lp_check **checks, size_t *n, const lp_case *c, int threads);

/* One verdict per form: its arb checks summed up. */
typedef struct {
    const lp_form *form;
    size_t cases;               /* judged cases */
    size_t disagree;            /* of which |z| > LP_Z_MAX */
    size_t refused;             /* not judged: ESS/N below LP_ESS_MIN_FRACTION or an
                                   infinite or NaN error */
    size_t refused_error;       /* of which for an infinite or NaN error */
    double max_abs_z;
    double ratio_min, ratio_max;            /* value / estimate over the judged cases */
    double bad_ratio_min, bad_ratio_max;    /* ... over the disagreeing ones (NAN: none) */
    double quad_max;            /* vmf: largest |relative difference| to the quadrature (NAN: none) */
    const lp_check *worst;      /* the judged check of largest |z| */
} lp_verdict;

/* The verdicts of the forms that have checks among k[0..n): fills v (room for
 * lp_nforms) and returns how many. */
size_t lp_verify_verdicts(lp_verdict *v, const lp_check *k, size_t n);
/* A verdict as a row (keys: mechanism, form, cases, disagree, refused,
 * max_abs_z, ratio_min, ratio_max, disagree_ratio_min, disagree_ratio_max,
 * quadrature_max_rel_difference, worst {file, line, ratio, z}) and as its
 * human sentence. */
void lp_verdict_record(lp_record *row, const lp_verdict *v);
void lp_verdict_sentence(char *buf, size_t len, const lp_verdict *v);

#endif
