/* call_json.h -- a command run in-process (lp_call) and its --json record
 * parsed, for the tests that read records' fields. */
#ifndef LEAKPROOF_TESTS_CALL_JSON_H
#define LEAKPROOF_TESTS_CALL_JSON_H
#include <stdio.h>
#include <jansson.h>
#include "leakproof.h"

/* runs the command (args NULL-terminated); returns its record parsed (NULL
 * when it printed none) and its exit status in *rc; a failing command's
 * message is echoed as a TAP comment */
static json_t *
call_json(int *rc, const char *const *args)
{
    size_t n = 0;
    char *out = NULL, *err = NULL;
    json_t *j = NULL;
    json_error_t e;
    while (args[n])
        n++;
    *rc = lp_call(args, n, &out, &err);
    if (out)
        j = json_loads(out, 0, &e);
    if (*rc != 0 && err)
        printf("# %s", err);
    lp_free(out);
    lp_free(err);
    return j;
}

#endif
