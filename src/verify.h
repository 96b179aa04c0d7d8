/* verify.h -- verdicts: every registry row of a case's mechanism, by every
 * method, held against the Monte Carlo arbiter.  The results are records; the
 * TAP printer (leakproof verify) and the report only format them. */
#ifndef LP_VERIFY_H
#define LP_VERIFY_H

#include "leakproof.h"
#include "cases.h"
#include "mc/mc.h"

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
    LP_CHECK_REFUSED    /* ok # SKIP: ESS/N below LP_ESS_MIN_FRACTION, the arbiter does not judge */
} lp_check_kind;

typedef struct {
    lp_check_kind kind;
    char text[480];
    const lp_form *form;        /* NULL for checks of the arbiter itself */
    lp_method method;
    double value, z, ratio, ratio_u;
    double quad_rel;            /* vmf: value / (capacity by the quadrature's C) - 1 */
    const lp_case *c;
} lp_check;

/* Runs the arbiter on case c (threads as for lp_mc_options) and appends its
 * checks to *checks (of *n).  0 on success, -1 when the mechanism cannot be
 * set up (the message in the last check). */
int lp_verify_case(lp_check **checks, size_t *n, const lp_case *c, int threads);

#endif
