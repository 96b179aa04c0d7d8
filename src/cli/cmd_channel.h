/* cmd_channel.h -- `leakproof channel`: the parsed options (each NULL when
 * not given; the dispatcher has already rejected options a subcommand does
 * not use) and one runner per subcommand, which validates its values (exit 2,
 * one message naming the option), calls its study and emits the record
 * (exit 0, or LP_EXIT_UNCERTIFIED when no digit could be certified). */
#ifndef LP_CMD_CHANNEL_H
#define LP_CMD_CHANNEL_H

#include <stddef.h>

typedef struct {
    const char *sub, *eig, *eig_file, *data, *cov, *beta, *noise_variance, *capacity;
    const char *batch, *clip, *mult, *eps, *delta;
    long digits;
    int json;
    int check_only;     /* --estimate: the inputs read and checked, nothing computed (0 or the exit status) */
} lp_channel_opts;

/* Shared by the runners (cmd_channel_common.c).  lp_channel_finish emits the
 * study's record and returns the exit status (0, or LP_EXIT_UNCERTIFIED), or
 * for LP_STUDY_BAD_INPUT prints "PREFIX: err" (prefix may be NULL) and returns
 * LP_EXIT_USAGE; it frees rec.  lp_channel_record: a record titled
 * "channel SUB".  lp_channel_need_positive: missing or not in (0, max] is bad
 * input naming opt (0 or LP_EXIT_USAGE).  lp_channel_read_file: the numbers of
 * a file (lp_read_numbers), NULL after a message naming opt when unreadable or
 * empty. */
typedef struct lp_record lp_record;
int lp_channel_finish(lp_record *rec, int study_status, const char *prefix, const char *err, int json);
lp_record *lp_channel_record(const lp_channel_opts *o);
int lp_channel_need_positive(const char *opt, const char *text, const char *max, const char *what);
/* (on NULL, errno is ENOMEM when memory ran out: exit LP_EXIT_RESOURCES) */
char **lp_channel_read_file(const char *opt, const char *path, size_t *n, size_t *rows, long *cols);

int lp_channel_run_capacity(const lp_channel_opts *o);
int lp_channel_run_natural(const lp_channel_opts *o);
int lp_channel_run_white(const lp_channel_opts *o);
int lp_channel_run_personalized(const lp_channel_opts *o);
int lp_channel_run_dp(const lp_channel_opts *o);
int lp_channel_run_toy(const lp_channel_opts *o);

#endif
