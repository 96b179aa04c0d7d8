/* Random streams for the adversary's Monte Carlo studies: Philox4x32-10
 * (Random123) behind GSL's generator interface, keyed by the whole 64-bit
 * seed.  GSL's own generators keep 32 bits of the seed (taus2 runs it through
 * a 32-bit LCG), so seeds 1 and 2^32 + 1 gave the same draws.  Contract in
 * adversary.h. */
#include <Random123/philox.h>
#include <stdlib.h>
#include <gsl/gsl_rng.h>
#include "adversary/adversary.h"

typedef struct {
    philox4x32_ctr_t counter;   /* words 0-1: block index; word 2: stream; word 3: 0 */
    philox4x32_key_t key;       /* the seed, low and high 32 bits */
    philox4x32_ctr_t block;     /* the current block of four outputs */
    int used;                   /* outputs of `block` already handed out */
} philox_state;

static void
philox_set(void *vstate, unsigned long seed)
{
    philox_state *st = vstate;
    const uint64_t s = (uint64_t) seed;
    st->key.v[0] = (uint32_t) s;
    st->key.v[1] = (uint32_t) (s >> 32);
    st->counter.v[0] = st->counter.v[1] = st->counter.v[2] = st->counter.v[3] = 0;
    st->used = 4;
}

static unsigned long
philox_get(void *vstate)
{
    philox_state *st = vstate;
    if (st->used == 4) {
        st->block = philox4x32(st->counter, st->key);
        if (++st->counter.v[0] == 0)
            st->counter.v[1]++;
        st->used = 0;
    }
    return st->block.v[st->used++];
}

static double
philox_get_double(void *vstate)
{
    return philox_get(vstate) / 4294967296.0;
}

static const gsl_rng_type philox_type = {
    "philox4x32-10", 0xffffffffUL, 0, sizeof(philox_state),
    philox_set, philox_get, philox_get_double
};

gsl_rng *
lp_adversary_rng(uint64_t seed, uint32_t stream)
{
    gsl_rng *r = gsl_rng_alloc(&philox_type);
    philox_state *st;
    if (r == NULL)
        abort();
    /* gsl_rng_set's unsigned long is 64 bits here; set the key directly so
       that the full seed counts wherever unsigned long is narrower */
    philox_set(r->state, 0);
    st = r->state;
    st->key.v[0] = (uint32_t) seed;
    st->key.v[1] = (uint32_t) (seed >> 32);
    st->counter.v[2] = stream;
    return r;
}
