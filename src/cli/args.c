/* args.c -- reading and checking command-line parameters.  Contracts in cli.h. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core/decimal_ops.h"
#include "core/host.h"
#include "cli.h"

int
lp_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(lp_err(), "leakproof %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(lp_err(), fmt, ap);
    va_end(ap);
    fputc('\n', lp_err());
    return LP_EXIT_USAGE;
}

int
lp_arg_dimension(uint64_t *p, const char *cmd, const char *opt, const char *text)
{
    if (lp_decimal_uint64(p, text) != 0 || *p < 1 || *p > LP_P_MAX)
        return lp_usage_error(cmd, "%s must be an integer from 1 to 2147483647 (got '%s')",
                              opt, text);
    return 0;
}

int
lp_arg_positive(double *d, const char *cmd, const char *opt, const char *text, const char *what)
{
    if (lp_decimal_exponent_beyond(text)) {
        char m[300];
        lp_decimal_exponent_message(m, sizeof m, opt, text);
        return lp_usage_error(cmd, "%s", m);
    }
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) <= 0)
        return lp_usage_error(cmd, "%s (%s) must be a decimal number > 0 (got '%s')",
                              opt, what, text);
    *d = lp_strtod(text, NULL);
    return 0;
}

int
lp_arg_nonnegative(double *d, const char *cmd, const char *opt, const char *text, const char *what)
{
    if (lp_decimal_exponent_beyond(text)) {
        char m[300];
        lp_decimal_exponent_message(m, sizeof m, opt, text);
        return lp_usage_error(cmd, "%s", m);
    }
    if (!lp_decimal_valid(text) || lp_decimal_sign(text) < 0)
        return lp_usage_error(cmd, "%s (%s) must be a decimal number >= 0 (got '%s')",
                              opt, what, text);
    *d = lp_strtod(text, NULL);
    return 0;
}

int
lp_arg_int_range(long *v, const char *cmd, const char *opt, const char *text, long lo, long hi)
{
    uint64_t u;
    if (lp_decimal_uint64(&u, text) != 0 || u < (uint64_t) lo || u > (uint64_t) hi)
        return lp_usage_error(cmd, "%s must be an integer from %ld to %ld (got '%s')",
                              opt, lo, hi, text);
    *v = (long) u;
    return 0;
}

int
lp_close_stdout(int status)
{
    FILE *out = lp_out();
    if (out != stdout) {
        if (fflush(out) != 0 || ferror(out)) {
            fprintf(lp_err(), "leakproof: writing the output failed\n");
            return status ? status : LP_EXIT_FAIL;
        }
        return status;
    }
    if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
        perror("leakproof: writing standard output");
        return status ? status : LP_EXIT_FAIL;
    }
    return status;
}

int
lp_arg_unit_interval(const char *cmd, const char *opt, const char *text, int open_hi)
{
    const char *range = open_hi ? "(0, 1)" : "(0, 1]";
    int ok = 0;
    if (text == NULL)
        return lp_usage_error(cmd, "missing %s", opt);
    if (lp_decimal_valid(text) && lp_decimal_sign(text) > 0) {
        /* decided on the exact decimal, any number of digits: 1 - 10^-100 is
           inside, 1 + 10^-100 is not */
        int c = lp_decimal_cmp_exact(text, "1");
        ok = open_hi ? c < 0 : c <= 0;
    }
    return ok ? 0 : lp_usage_error(cmd, "%s must be a decimal number in %s (got '%s')", opt, range,
                                   text);
}

int
lp_arg_decimal_list(char ***out, size_t *n, const char *cmd, const char *opt, const char *text)
{
    size_t count = 1;
    char **w, *copy = strdup(text), *p = copy;
    for (const char *c = text; *c; c++)
        count += *c == ',';
    w = calloc(count, sizeof *w);
    if (copy == NULL || w == NULL)
        abort();
    for (size_t i = 0; i < count; i++) {
        char *end = strchr(p, ',');
        if (end)
            *end = '\0';
        if (!lp_decimal_valid(p)) {
            int rc = lp_usage_error(cmd, "%s: entry %zu is %s ('%s')", opt, i + 1,
                                    *p ? "not a decimal number" : "empty", p);
            free(w);
            free(copy);
            return rc;
        }
        w[i] = p;
        p = end ? end + 1 : p;
    }
    *out = w;
    *n = count;
    return 0;
}

/* ---- the option parser (contract in cli.h) ---------------------------------
 * getopt_long's table shape, none of its process-wide state (optind, optarg,
 * opterr, the pointer into the last argv), none of its prefix matching and
 * none of its dependence on POSIXLY_CORRECT.  Operands are moved after the
 * options as they are met (argv[1..first) options and values, argv[first..next)
 * operands in order): each option moves past the operands before it, and as
 * an option may be given once only, that is at most (options in the table) x
 * (operands) pointer moves. */

void
lp_opt_init(lp_opt *g, int argc, char **argv, const char *shortopts,
            const struct option *longopts)
{
    memset(g, 0, sizeof *g);
    g->argc = argc;
    g->argv = argv;
    g->shortopts = shortopts ? shortopts : "";
    g->longopts = longopts;
    g->next = 1;
    g->first = 1;
    g->optind = 1;
}

/* moves argv[at..at+k) (an option and its value) before the operands met so far */
static void
opt_take(lp_opt *g, int at, int k)
{
    if (at > g->first) {
        char *moved[2];
        memcpy(moved, g->argv + at, (size_t) k * sizeof *moved);
        memmove(g->argv + g->first + k, g->argv + g->first, (size_t) (at - g->first) * sizeof *moved);
        memcpy(g->argv + g->first, moved, (size_t) k * sizeof *moved);
    }
    g->first += k;
    g->next = at + k;
}

static int
opt_fail(lp_opt *g, const char *fmt, const char *what)
{
    snprintf(g->message, sizeof g->message, fmt, what);
    g->failed = 1;
    return LP_OPT_ERROR;
}

/* one more use of option number `slot`: 0, or an error when it was given before */
static int
opt_once(lp_opt *g, size_t slot, const char *shown)
{
    if (slot >= sizeof g->seen * 8)
        return opt_fail(g, "option %s: the command's option table is too long", shown);
    if (g->seen[slot / 8] >> (slot % 8) & 1)
        return opt_fail(g, "option %s is given more than once (give it once)", shown);
    g->seen[slot / 8] |= (unsigned char) (1u << (slot % 8));
    return 0;
}

void
lp_opt_again(lp_opt *g, int val)
{
    for (size_t j = 0; g->longopts[j].name; j++)
        if (g->longopts[j].val == val && 256 + j < sizeof g->seen * 8)
            g->seen[(256 + j) / 8] &= (unsigned char) ~(1u << ((256 + j) % 8));
}

int
lp_opt_next(lp_opt *g)
{
    const char *arg;
    g->optarg = NULL;
    if (g->failed)
        return LP_OPT_ERROR;
    while (g->next < g->argc) {
        arg = g->argv[g->next];
        if (arg[0] != '-' || arg[1] == '\0') {          /* an operand ("-" too) */
            g->next++;
            continue;
        }
        if (strcmp(arg, "--") == 0) {                   /* the rest are operands */
            opt_take(g, g->next, 1);
            g->next = g->argc;
            break;
        }
        if (arg[1] == '-') {                            /* --name or --name=value */
            const char *name = arg + 2, *eq = strchr(name, '=');
            size_t len = eq ? (size_t) (eq - name) : strlen(name);
            const struct option *o = NULL;
            size_t j;
            int k = 1;
            for (j = 0; g->longopts && g->longopts[j].name; j++)
                if (strncmp(g->longopts[j].name, name, len) == 0 && g->longopts[j].name[len] == '\0') {
                    o = &g->longopts[j];
                    break;
                }
            if (o == NULL)
                return opt_fail(g, "unknown option '%s'", arg);
            if (o->has_arg == no_argument && eq)
                return opt_fail(g, "option %s takes no value", arg);
            if (eq)
                g->optarg = (char *) eq + 1;
            else if (o->has_arg == required_argument) {
                if (g->next + 1 >= g->argc)
                    return opt_fail(g, "option %s needs a value", arg);
                g->optarg = g->argv[g->next + 1];
                k = 2;
            }
            if (opt_once(g, 256 + j, arg) != 0)
                return LP_OPT_ERROR;
            opt_take(g, g->next, k);
            if (o->flag) {
                *o->flag = o->val;
                return 0;
            }
            return o->val;
        }
        {                                               /* -x, -xVALUE or -x VALUE */
            const char *s = strchr(g->shortopts, arg[1]);
            int k = 1;
            if (arg[1] == ':' || arg[1] == '+' || s == NULL)
                return opt_fail(g, "unknown option '%s'", arg);
            if (s[1] == ':') {
                if (arg[2] != '\0')
                    g->optarg = (char *) arg + 2;
                else if (g->next + 1 >= g->argc)
                    return opt_fail(g, "option %s needs a value", arg);
                else {
                    g->optarg = g->argv[g->next + 1];
                    k = 2;
                }
            } else if (arg[2] != '\0')
                return opt_fail(g, "unknown option '%s'", arg);
            if (opt_once(g, (unsigned char) arg[1], arg) != 0)
                return LP_OPT_ERROR;
            opt_take(g, g->next, k);
            return (unsigned char) arg[1];
        }
    }
    g->optind = g->first;
    return -1;
}

int
lp_opt_error(const lp_opt *g, const char *cmd)
{
    if (strncmp(g->message, "unknown option", 14) == 0)
        return lp_usage_error(cmd, "%s (see leakproof %s --help)", g->message, cmd);
    return lp_usage_error(cmd, "%s", g->message);
}
