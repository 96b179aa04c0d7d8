/* parallel.c -- the study's blocks over MPI ranks (contract in reconstruct.h).
 * The rank, the number of ranks and MPI's start and finish are src/mc's
 * (mc/parallel.h); each rank runs a contiguous share of each chunk (computed
 * here, once, for running and exchanging alike), and the blocks' sums travel
 * as bytes so that every rank adds all of them in block order.  Without MPI
 * there is one rank and nothing to exchange. */
#include "config.h"
#include <stdlib.h>
#include "mc/parallel.h"
#include "reconstruct/reconstruct.h"
#ifdef LP_HAVE_MPI
#include <mpi.h>
#endif

static void
share_of(uint64_t *lo, uint64_t *hi, uint64_t count, int rank, int ranks)
{
    *lo = count * (uint64_t) rank / (uint64_t) ranks;
    *hi = count * (uint64_t) (rank + 1) / (uint64_t) ranks;
}

void
lp_recon_share(uint64_t *lo, uint64_t *hi, uint64_t count)
{
    share_of(lo, hi, count, lp_mc_rank(), lp_mc_ranks());
}

int
lp_recon_any_rank(int flag)
{
#ifdef LP_HAVE_MPI
    int any = flag != 0;
    if (lp_mc_ranks() == 1)
        return any;
    if (MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD) != MPI_SUCCESS)
        return 1;
    return any;
#else
    return flag != 0;
#endif
}

int
lp_recon_gather(void *blocks, size_t size, uint64_t count)
{
#ifdef LP_HAVE_MPI
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
        counts[r] = (int) ((hi - lo) * size);
        displs[r] = (int) (lo * size);
    }
    rc = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, blocks, counts, displs, MPI_BYTE,
                        MPI_COMM_WORLD);
    free(counts);
    return rc == MPI_SUCCESS ? 0 : -1;
#else
    (void) blocks;
    (void) size;
    (void) count;
    return 0;
#endif
}
