/* call.c -- lp_call, the bindings' entry point: one command in-process, its
 * output and messages captured in memory.  Contract in leakproof.h. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "privacy/privacy.h"
#include "core/host.h"

/* The captured text, or NULL when nothing was written (the buffer is freed). */
static char *
text_or_null(char *buf, size_t len)
{
    if (buf != NULL && len == 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

int
lp_call(const char *const *args, size_t nargs, char **json, char **error)
{
    return lp_call_cancellable(args, nargs, json, error, NULL);
}

int
lp_call_cancellable(const char *const *args, size_t nargs, char **json, char **error,
                    const int *cancel)
{
    char *out_buf = NULL, *err_buf = NULL;
    size_t out_len = 0, err_len = 0;
    FILE *out, *err;
    char **argv;
    int argc = 0, rc, has_json = 0;
    const lp_command *command;
    locale_t old_locale;

    if (json)
        *json = NULL;
    if (error)
        *error = NULL;
    if (nargs > 1u << 20)
        return LP_EXIT_USAGE;
    /* the parser moves operands after options (the pointers, not the
     * strings): a copy of ours, with room for --json and the terminating NULL */
    argv = malloc((nargs + 2) * sizeof *argv);
    out = open_memstream(&out_buf, &out_len);
    err = open_memstream(&err_buf, &err_len);
    if (argv == NULL || out == NULL || err == NULL) {
        if (out)
            fclose(out);
        if (err)
            fclose(err);
        free(out_buf);
        free(err_buf);
        free(argv);
        if (error)
            *error = strdup("leakproof: out of memory\n");
        return LP_EXIT_FAIL;
    }
    for (size_t i = 0; i < nargs; i++) {
        argv[argc++] = (char *) args[i];
        has_json |= strcmp(args[i], "--json") == 0;
    }
    command = nargs > 0 ? lp_command_find(args[0]) : NULL;
    if (command != NULL && command->takes_json && !has_json)
        argv[argc++] = (char *) "--json";
    argv[argc] = NULL;

    /* this thread's streams and the C locale (numbers in text read and
       written the same under any locale of the host), both restored after */
    old_locale = lp_locale_enter();
    lp_cli_redirect(out, err);
    lp_cancel_watch(cancel);
    if (nargs == 0)
        rc = lp_usage_error("call", "no command given (eval, mc, channel, ...)");
    else
        rc = lp_cli_run(argc, argv);
    lp_cancel_watch(NULL);
    lp_vmf_cache_release();     /* nothing the call allocated outlives it */
    lp_cli_redirect(NULL, NULL);
    lp_locale_leave(old_locale);

    if (fclose(out) != 0 && rc == LP_EXIT_OK)
        rc = LP_EXIT_FAIL;
    fclose(err);
    free(argv);
    if (rc == LP_EXIT_INTERRUPTED) {       /* no record (nor verify's partial TAP) */
        free(out_buf);
        out_buf = NULL;
        out_len = 0;
    }
    out_buf = text_or_null(out_buf, out_len);
    err_buf = text_or_null(err_buf, err_len);
    if (json)
        *json = out_buf;
    else
        free(out_buf);
    if (error)
        *error = err_buf;
    else
        free(err_buf);
    return rc;
}

void
lp_free(void *text)
{
    free(text);
}
