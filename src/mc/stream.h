/* stream.h -- counter-based random streams.  Every number is Philox4x32-10
 * (Salmon et al., SC'11, through Random123) of a counter
 *     (index, block, domain) under the key seed,
 * so block b of a run is the same numbers whichever thread, rank or vector
 * unit draws it, and a result depends on the seed alone. */
#ifndef LP_MC_STREAM_H
#define LP_MC_STREAM_H

#include <stdint.h>

/* Separate families of counters, so that the draws of one purpose never
 * reuse those of another: the batched kernels, the scalar sample path, the
 * sup checks' starting points, the VMF normaliser's importance sampling. */
enum {
    LP_STREAM_KERNEL = 0,
    LP_STREAM_SAMPLES = 1,
    LP_STREAM_CHECKS = 2,
    LP_STREAM_NORMALISER = 3
};

/* The counter's third and fourth words: the block, with the domain in the top
 * four bits (blocks below 2^60). */
#define LP_STREAM_CTR_HI(block, domain) \
    ((uint32_t) ((block) >> 32 & 0x0fffffffu) | (uint32_t) (domain) << 28)

typedef struct {
    uint32_t key[2];
    uint32_t ctr2, ctr3;        /* block and domain */
    uint64_t index;             /* the next counter's index */
    uint32_t buf[4];
    int left;                   /* words of buf not used yet */
    int has_spare;
    double spare;               /* the second normal of a Box-Muller pair */
} lp_stream;

/* The stream of (seed, domain, block), from its start. */
void lp_stream_init(lp_stream *s, uint64_t seed, unsigned domain, uint64_t block);
uint32_t lp_stream_u32(lp_stream *s);
/* uniform on (0, 1], 53 random bits */
double lp_stream_uniform(lp_stream *s);
/* uniform on {0, ..., n-1}, n >= 1 (bias below n 2^-32) */
uint32_t lp_stream_below(lp_stream *s, uint32_t n);
/* standard normal (Box-Muller) */
double lp_stream_normal(lp_stream *s);
/* standard exponential */
double lp_stream_exponential(lp_stream *s);
/* Gamma(shape a, scale 1), a > 0 (Marsaglia and Tsang, ACM TOMS 26, 2000) */
double lp_stream_gamma(lp_stream *s, double a);

#endif
