/* libFuzzer harness: the case reader on any bytes.  It must not crash, and a
 * case it accepts must be complete and inside the reader's stated ranges. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check/cases.h"
#include "leakproof.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *) data, size, "r");
    lp_case *cases = NULL;
    size_t n = 0;
    char err[600];
    if (size == 0 || f == NULL) {     /* fmemopen refuses size 0 */
        if (f)
            fclose(f);
        return 0;
    }
    if (lp_cases_read_stream(&cases, &n, f, "fuzz", err, sizeof err) == 0) {
        if (n == 0)
            abort();
        for (size_t i = 0; i < n; i++) {
            const lp_case *c = &cases[i];
            if (c->p < 1 || c->p > 64 || c->samples < 2 || c->line < 1)
                abort();
            if (c->mech == NULL || c->mech->mc_make == NULL)
                abort();
            {   /* what the reader accepted, the registry accepts */
                lp_params par;
                char why[300];
                lp_params_init(&par);
                if (lp_case_params(&par, c, why, sizeof why) != 0 || par.p != c->p)
                    abort();
                lp_params_clear(&par);
            }
            if (c->text[LP_PARAM_ID_SIGMA][0] && (!lp_decimal_valid(c->text[LP_PARAM_ID_SIGMA])
                                                  || lp_decimal_sign(c->text[LP_PARAM_ID_SIGMA]) <= 0))
                abort();
        }
    } else if (strchr(err, '\n') != NULL || strncmp(err, "fuzz", 4) != 0) {
        abort();                /* a message is one line naming the file */
    }
    free(cases);
    fclose(f);
    flint_cleanup();
    return 0;
}
