/* cmd_channel.h -- `leakproof channel`: the parsed options (each NULL when
 * not given; the dispatcher has already rejected options a subcommand does
 * not use) and one runner per subcommand, which validates its values (exit 2,
 * one message naming the option), calls its study and emits the record
 * (exit 0, or LP_EXIT_UNCERTIFIED when no digit could be certified). */
#ifndef LP_CMD_CHANNEL_H
#define LP_CMD_CHANNEL_H

typedef struct {
    const char *sub, *eig, *eig_file, *data, *cov, *beta, *noise_variance, *capacity;
    const char *batch, *clip, *mult, *eps, *delta;
    long digits;
    int json;
} lp_channel_opts;

int lp_channel_run_capacity(const lp_channel_opts *o);
int lp_channel_run_natural(const lp_channel_opts *o);
int lp_channel_run_white(const lp_channel_opts *o);
int lp_channel_run_personalized(const lp_channel_opts *o);
int lp_channel_run_dp(const lp_channel_opts *o);
int lp_channel_run_toy(const lp_channel_opts *o);

#endif
