/* cases.h -- the case files of cases/ (format in cases/README.md): one case
 * per line, "MECHANISM key=value ...", '#' comments.  The mechanisms and their
 * parameters are the registry's (lp_mechanisms, lp_param_specs), read with
 * lp_params_set, so a case file takes exactly what `leakproof eval` takes.
 * Read with care: a bad line is an error naming file:line, never a silently
 * skipped case. */
#ifndef LP_CASES_H
#define LP_CASES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "leakproof.h"

#define LP_CASE_TEXT 200

typedef struct {
    const lp_mechanism_spec *mech;      /* the registry's row (or lp_laplace_l2_spec) */
    char text[LP_NPARAMS][LP_CASE_TEXT];/* each parameter as written ("" when not given);
                                           p and layers too ("2,3") */
    uint64_t p;                         /* 1 .. LP_MC_P_MAX (gauss-layers: the layers' total) */
    uint64_t samples, seed;
    const char *file;                   /* the path given to lp_cases_read */
    int line;
} lp_case;

/* Laplace noise of scale b with the inputs in the l2 ball of radius R: no
 * closed form and so no row of lp_mechanisms, a mechanism of the arbiter only
 * (verify brackets it by the l1 balls of radius R and R sqrt(p)); in
 * registry.c beside the rows. */
extern const lp_mechanism_spec lp_laplace_l2_spec;

/* The case's parameters into par (lp_params_init'ed by the caller; clear it
 * with lp_params_clear): 0, or -1 with a message.  The texts stay in c, which
 * must outlive par. */
int lp_case_params(lp_params *par, const lp_case *c, char *err, size_t errlen);

/* Appends the cases of `path` to *cases (of *n, reallocated).  0 on success;
 * -1 with "path:line: message" in err.  A file with no case is an error.
 * Each case is validated against the registry's domains and set up as the
 * Monte Carlo arbiter will (values the doubles cannot carry, such as sigma =
 * 1e-400, are refused here with file:line). */
int lp_cases_read(lp_case **cases, size_t *n, const char *path, char *err, size_t errlen);
/* The same from an open stream; `path` names it in messages. */
int lp_cases_read_stream(lp_case **cases, size_t *n, FILE *f, const char *path, char *err,
                         size_t errlen);

#define LP_CASES_LINE_MAX 4096

#endif
