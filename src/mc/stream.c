/* Counter-based streams: contract in stream.h. */
#include <math.h>
#include <Random123/philox.h>
#include "mc/stream.h"

void
lp_stream_init(lp_stream *s, uint64_t seed, unsigned domain, uint64_t block)
{
    s->key[0] = (uint32_t) seed;
    s->key[1] = (uint32_t) (seed >> 32);
    s->ctr2 = (uint32_t) block;
    s->ctr3 = LP_STREAM_CTR_HI(block, domain);
    s->index = 0;
    s->left = 0;
    s->has_spare = 0;
}

uint32_t
lp_stream_u32(lp_stream *s)
{
    if (s->left == 0) {
        philox4x32_key_t k = { { s->key[0], s->key[1] } };
        philox4x32_ctr_t c = { { (uint32_t) s->index, (uint32_t) (s->index >> 32), s->ctr2, s->ctr3 } };
        philox4x32_ctr_t r = philox4x32(c, k);
        for (int i = 0; i < 4; i++)
            s->buf[i] = r.v[i];
        s->index++;
        s->left = 4;
    }
    return s->buf[4 - s->left--];
}

double
lp_stream_uniform(lp_stream *s)
{
    uint64_t hi = lp_stream_u32(s), lo = lp_stream_u32(s);
    return (double) (((hi << 32 | lo) >> 11) + 1) * 0x1p-53;
}

uint32_t
lp_stream_below(lp_stream *s, uint32_t n)
{
    return (uint32_t) (((uint64_t) lp_stream_u32(s) * n) >> 32);
}

double
lp_stream_normal(lp_stream *s)
{
    double r, t;
    if (s->has_spare) {
        s->has_spare = 0;
        return s->spare;
    }
    r = sqrt(-2.0 * log(lp_stream_uniform(s)));
    t = 2.0 * M_PI * lp_stream_uniform(s);
    s->spare = r * sin(t);
    s->has_spare = 1;
    return r * cos(t);
}

double
lp_stream_exponential(lp_stream *s)
{
    return -log(lp_stream_uniform(s));
}

double
lp_stream_gamma(lp_stream *s, double a)
{
    double d, c;
    if (a < 1.0)        /* G(a) = G(a + 1) U^{1/a} */
        return lp_stream_gamma(s, a + 1.0) * pow(lp_stream_uniform(s), 1.0 / a);
    d = a - 1.0 / 3.0;
    c = 1.0 / sqrt(9.0 * d);
    for (;;) {
        double x = lp_stream_normal(s), v = 1.0 + c * x, u;
        if (v <= 0)
            continue;
        v = v * v * v;
        u = lp_stream_uniform(s);
        if (log(u) < 0.5 * x * x + d - d * v + d * log(v))
            return d * v;
    }
}
