/* Blocks over MPI ranks (contract in parallel.h).  MPI is started on first
 * use, with threads funneled (only the calling thread talks to MPI), and
 * finished at exit. */
#include <stdlib.h>
#include <mpi.h>
#include "mc/parallel.h"

static int started;

static void
finish_mpi(void)
{
    int done = 0;
    MPI_Finalized(&done);
    if (!done)
        MPI_Finalize();
}

static void
start(void)
{
    int on = 0, provided;
    if (started)
        return;
    started = 1;
    MPI_Initialized(&on);
    if (!on) {
        MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided);
        atexit(finish_mpi);
    }
}

int
lp_mc_rank(void)
{
    int r;
    start();
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int
lp_mc_ranks(void)
{
    int n;
    start();
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

static void
share_of(uint64_t *lo, uint64_t *hi, uint64_t count, int rank, int ranks)
{
    *lo = count * (uint64_t) rank / (uint64_t) ranks;
    *hi = count * (uint64_t) (rank + 1) / (uint64_t) ranks;
}

void
lp_mc_share(uint64_t *lo, uint64_t *hi, uint64_t count)
{
    share_of(lo, hi, count, lp_mc_rank(), lp_mc_ranks());
}

int
lp_mc_gather(lp_mc_block_sums *blocks, uint64_t count)
{
    const int ranks = lp_mc_ranks();
    int *counts, *displs, rc;
    if (ranks == 1)
        return 0;
    counts = malloc(2 * sizeof(int) * (size_t) ranks);
    if (counts == NULL)
        return -1;
    displs = counts + ranks;
    for (int r = 0; r < ranks; r++) {
        uint64_t lo, hi;
        share_of(&lo, &hi, count, r, ranks);
        counts[r] = (int) ((hi - lo) * sizeof *blocks);
        displs[r] = (int) (lo * sizeof *blocks);
    }
    rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, blocks, counts, displs, MPI_BYTE,
                        MPI_COMM_WORLD);
    free(counts);
    return rc == MPI_SUCCESS ? 0 : -1;
}
