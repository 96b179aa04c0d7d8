/* parallel.h -- the estimator's work shared over MPI ranks.  Without MPI
 * (the default build) there is one rank and these are trivial.  With MPI
 * (./configure --with-mpi) every rank runs a contiguous share of each chunk
 * of blocks on its threads, and the blocks' sums are exchanged so that every
 * rank adds all of them in block order: the same bits as one process.  The
 * sums travel as bytes: ranks must share the double format (any cluster of
 * one architecture). */
#ifndef LP_MC_PARALLEL_H
#define LP_MC_PARALLEL_H

#include <stdint.h>

typedef struct {
    double sum_w, sum_w2;       /* importance weights */
    double max_gap;             /* sup checks: largest numerical gain */
    double max_abs_log_w;
    uint64_t checked;
} lp_mc_block_sums;

/* this process's rank and the number of ranks (MPI is started on first use
 * and finished at exit) */
int lp_mc_rank(void);
int lp_mc_ranks(void);
/* this rank's blocks [*lo, *hi) of a chunk of `count` */
void lp_mc_share(uint64_t *lo, uint64_t *hi, uint64_t count);
/* every rank's share of blocks[0 .. count) to every rank; 0 on success */
int lp_mc_gather(lp_mc_block_sums *blocks, uint64_t count);

#endif
