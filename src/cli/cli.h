/* cli.h -- the leakproof program: one file per command, shared helpers for
 * bad input and output.  Exit status: 0 success, 1 evaluation failure that
 * is not the user's fault, 2 bad input (nothing on stdout). */
#ifndef LP_CLI_H
#define LP_CLI_H

#include <getopt.h>      /* struct option only: the parser below is not getopt */
#include <stdio.h>
#include "core/host.h"
#include "leakproof.h"
#include "core/record.h"
#include "input/numbers.h"

/* One default of --digits per kind of output (leakproof(1), DIGITS): a closed
 * form's value (eval) 30; a study's certified figures (channel, calibrate,
 * adversary) 20; a privacy parameter (account, dp, run-capacity) 6, as the
 * accountants print epsilon. */
#define LP_DIGITS_VALUE 30
#define LP_DIGITS_STUDY 20
#define LP_DIGITS_PRIVACY 6

#define LP_EXIT_OK 0
#define LP_EXIT_FAIL 1
#define LP_EXIT_USAGE 2
#define LP_EXIT_UNCERTIFIED 3   /* the answer could not be certified to the digits asked */
#define LP_EXIT_RESOURCES 4     /* out of memory (the program; see memory.c) */
#define LP_EXIT_INTERRUPTED 5   /* stopped by a cancel flag (lp_call_cancellable; the
                                   program exits 128 + the signal's number) */

/* The program's allocators for FLINT and GMP: a failed allocation is one line
 * on stderr and exit status LP_EXIT_RESOURCES (memory.c; the program only). */
void lp_program_memory_hooks(void);

/* Where commands write: every result goes to lp_out(), every message to
 * lp_err(): the calling thread's streams (stdout and stderr, unless
 * lp_cli_redirect pointed them elsewhere for this thread; NULL restores them).
 * Commands never name stdout or stderr themselves.  Thread-local: lp_call in
 * one thread never writes where another thread's call writes. */
FILE *lp_out(void);
FILE *lp_err(void);
void lp_cli_redirect(FILE *out, FILE *err);
/* Emits a command's record on lp_out() (JSON when json != 0); 0 or -1. */
int lp_emit(const lp_record *rec, int json);

/* The commands.  Each takes its own name as argv[0] (the program's argv less
 * the program name) and returns an exit status LP_EXIT_*. */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    int takes_json;     /* 1: --json makes it emit one JSON record */
} lp_command;

/* The command called `name`, or NULL (dispatch.c). */
const lp_command *lp_command_find(const char *name);
/* Runs the command named argv[0] with the arguments after it and returns its
 * exit status; an unknown name is bad input (a message on lp_err(),
 * LP_EXIT_USAGE).  Keeps no state: any number of threads may call it at once. */
int lp_cli_run(int argc, char **argv);

int lp_cmd_eval(int argc, char **argv);
int lp_cmd_forms(int argc, char **argv);
int lp_cmd_mc(int argc, char **argv);
int lp_cmd_verify(int argc, char **argv);
int lp_cmd_channel(int argc, char **argv);
int lp_cmd_calibrate(int argc, char **argv);
int lp_cmd_overflow(int argc, char **argv);
int lp_cmd_overflow_account(int argc, char **argv);    /* `overflow account` */
int lp_cmd_adversary(int argc, char **argv);
int lp_cmd_account(int argc, char **argv);
int lp_cmd_dp(int argc, char **argv);
int lp_cmd_run_capacity(int argc, char **argv);
int lp_cmd_run_bounds(int argc, char **argv);      /* a run's reconstruction bounds (cmd_run_bounds.c) */
int lp_cmd_claims(int argc, char **argv);          /* the claims ledger (cmd_claims.c) */
int lp_cmd_reconstruct(int argc, char **argv);
int lp_cmd_reconstruct_models(int argc, char **argv, const char *model);   /* linear-gaussian, mlp */

/* The option parser of every command: getopt_long's table (struct option;
 * `flag` and `val` as there) and loop, with no process-wide state, exact names
 * only (no abbreviations: --order is not --orders), each option at most once
 * (a repeat is refused, named), the same whatever POSIXLY_CORRECT says.
 * Options and operands may come in any order; when lp_opt_next returns -1 the
 * operands are argv[g.optind..argc), in their order ("--" ends the options).
 * Short options: the letters of `shortopts` ("h"; "x:" takes a value).
 *
 *     lp_opt g;
 *     lp_opt_init(&g, argc, argv, "h", longopts);
 *     while ((c = lp_opt_next(&g)) != -1)
 *         switch (c) {
 *         case O_SIGMA: sigma = g.optarg; break;
 *         ...
 *         default: return lp_opt_error(&g, cmd);      (unknown, repeated, no value)
 *         }
 *     ... argv[g.optind] is the first operand ... */
#define LP_OPT_ERROR (-2)
typedef struct {
    int argc;
    char **argv;
    const char *shortopts;
    const struct option *longopts;
    int optind;                 /* after -1: the first operand */
    char *optarg;               /* the value of the option just returned, or NULL */
    int next, first, failed;    /* private */
    unsigned char seen[96];
    char message[240];
} lp_opt;
void lp_opt_init(lp_opt *g, int argc, char **argv, const char *shortopts,
                 const struct option *longopts);
/* The next option's val (0 when it has a flag), -1 at the end, LP_OPT_ERROR on
 * an unknown option, a repeated one, a missing value or a value given to a
 * flag (--json=1). */
int lp_opt_next(lp_opt *g);
/* Prints the parser's message naming the option (lp_usage_error) and returns
 * LP_EXIT_USAGE. */
int lp_opt_error(const lp_opt *g, const char *cmd);
/* Lets the long option whose val is `val` be given once more (an option that
 * is repeated on purpose, such as account's --phase): call it each time the
 * option is returned. */
void lp_opt_again(lp_opt *g, int val);

/* The options that commands share, declared once (samtools'
 * SAM_OPT_GLOBAL_OPTIONS idea): one val and one table entry each, so that a
 * command's table names them as LP_OPT_SHARED_* and its switch as case
 * LP_OPT_*, never retyped.  --digits D, --json, --help, --max-seconds S,
 * --estimate mean the same in every command (leakproof(1)); a command takes
 * those its table lists (tests/cli/t-options.sh walks them). */
enum { LP_OPT_DIGITS = 200, LP_OPT_JSON, LP_OPT_HELP, LP_OPT_MAX_SECONDS, LP_OPT_ESTIMATE };
#define LP_OPT_SHARED_DIGITS { "digits", required_argument, NULL, LP_OPT_DIGITS }
#define LP_OPT_SHARED_JSON { "json", no_argument, NULL, LP_OPT_JSON }
#define LP_OPT_SHARED_HELP { "help", no_argument, NULL, LP_OPT_HELP }
#define LP_OPT_SHARED_MAX_SECONDS { "max-seconds", required_argument, NULL, LP_OPT_MAX_SECONDS }
#define LP_OPT_SHARED_ESTIMATE { "estimate", no_argument, NULL, LP_OPT_ESTIMATE }
/* the budget's pair, which every budgeted command takes together */
#define LP_OPT_SHARED_BUDGET LP_OPT_SHARED_MAX_SECONDS, LP_OPT_SHARED_ESTIMATE

/* Prints "leakproof CMD: MESSAGE" on lp_err() and returns LP_EXIT_USAGE. */
int lp_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Parameter readers: 0 on success; on bad input they print one message naming
 * the option and its allowed range and return LP_EXIT_USAGE. */
int lp_arg_dimension(uint64_t *p, const char *cmd, const char *opt, const char *text);
int lp_arg_positive(double *d, const char *cmd, const char *opt, const char *text, const char *what);
int lp_arg_nonnegative(double *d, const char *cmd, const char *opt, const char *text, const char *what);
int lp_arg_int_range(long *v, const char *cmd, const char *opt, const char *text, long lo, long hi);
/* A comma-separated list of decimal numbers (any sign; an empty or malformed
 * entry is a message naming opt and the entry's position): *out[0..n) point
 * into one copy of text; free(*out[0]) then free(*out). */
int lp_arg_decimal_list(char ***out, size_t *n, const char *cmd, const char *opt, const char *text);
/* A decimal in (0, 1] (open_hi: (0, 1)), decided exactly; NULL is "missing". */
int lp_arg_unit_interval(const char *cmd, const char *opt, const char *text, int open_hi);

/* Number files (lp_read_numbers, lp_free_texts) are read by the library. */

/* Flushes lp_out() (and closes it when it is stdout); returns status, or
 * LP_EXIT_FAIL on a write error. */
int lp_close_stdout(int status);

#endif
