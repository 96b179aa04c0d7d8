/* cmd_reconstruct.h -- `leakproof reconstruct`'s options, shared by the
 * one-release study (cmd_reconstruct.c) and the whole run's
 * (cmd_reconstruct_run.c). */
#ifndef LP_CMD_RECONSTRUCT_H
#define LP_CMD_RECONSTRUCT_H

#include <stdint.h>
#include "reconstruct/reconstruct.h"

enum { O_P, O_SIGMA, O_KAPPA, O_B, O_RADIUS, O_EPSILON, O_DELTA, O_RELATION, O_CAPACITY, O_PRIOR,
       O_NPTS, O_PRIOR_SCALE, O_INNER, O_SAMPLES, O_SEED, O_THREADS, O_MAX_SECONDS, O_BALL, O_DATA,
       /* a whole run (cmd_reconstruct_run.c) */
       O_M, O_Q, O_T, O_BATCH, O_DATASET, O_EPOCHS, O_SAMPLING, O_N,
       O_JSON = 100, O_HELP, O_PROGRESS, O_ESTIMATE };
extern const char *const lp_recon_names[O_N];

/* 1 when v holds any of the run's options */
int lp_reconstruct_is_run(const char *const *v);
/* The attacker on a whole run: s holds what the one-release study parsed
 * (noise gauss or vmf, prior, n, samples, seed, threads, data; s->p at most
 * LP_RECON_P_MAX), d the dimension (--prior simplex: up to 2^31-1); the run's
 * options from v.  Returns the exit status (the record emitted). */
int lp_reconstruct_run(lp_recon_setup *s, uint64_t d, const char *const *v, int json, int estimate, int progress,
                       double max_seconds);

#endif
