/* ball_gain.c -- the delta-ball gain 1{|w - x| <= delta} over a finite prior
 * (Balunovic et al., Sec. 4: f(g) = argmax_x0 P(B(x0, delta) | g)).  Contract
 * in reconstruct.h.
 *
 * The guess w may be any point; the Bayes-optimal one maximises the posterior
 * mass of a delta-ball, a covering problem with no finite search in general.
 * It is bracketed, both ends exact given y:
 *   below, the best guess among the prior's points, max_k P(B(x_k, delta) | y):
 *     an attacker who can do this much, Bayes-optimal among such guesses;
 *   above, max_k P(B(x_k, 2 delta) | y): every point a delta-ball around any w
 *     covers lies within 2 delta of any other it covers, so the covered set sits
 *     in the 2 delta-ball around one of its own points.
 * Both are the Bayes-optimal gains of the restricted-guess gain functions
 * 1{|x_k - x| <= delta} and 1{|x_k - x| <= 2 delta}, so each is bounded by the
 * capacity times its own prior vulnerability (the Bayes capacity bounds the
 * multiplicative leakage of every gain function).
 *
 * The neighbourhoods are computed once: for each k the j within 2 delta,
 * those within delta first. */
#include <stdlib.h>
#include "core/host.h"
#include "reconstruct/reconstruct.h"

int
lp_recon_balls_init(lp_recon_balls *b, const double *points, int n, int p, double delta)
{
    const double d1 = delta * delta, d2 = 4 * delta * delta;
    size_t cap = (size_t) n * 8, used = 0;
    const int *cancel = lp_cancel_flag();

    b->n = n;
    b->start = malloc(((size_t) n + 1) * sizeof *b->start);
    b->inner = malloc((size_t) n * sizeof *b->inner);
    b->list = malloc(cap * sizeof *b->list);
    if (b->start == NULL || b->inner == NULL || b->list == NULL)
        goto oom;
    for (int k = 0; k < n; k++) {
        const double *xk = points + (size_t) k * p;
        if (lp_flag_set(cancel))
            goto oom;
        b->start[k] = used;
        /* two passes over j: those within delta, then those between delta and 2 delta */
        for (int pass = 0; pass < 2; pass++) {
            for (int j = 0; j < n; j++) {
                const double *xj = points + (size_t) j * p;
                double r2 = 0;
                for (int i = 0; i < p; i++)
                    r2 += (xk[i] - xj[i]) * (xk[i] - xj[i]);
                if (pass == 0 ? !(r2 <= d1) : !(r2 > d1 && r2 <= d2))
                    continue;
                if (used == cap) {
                    int *grown = realloc(b->list, 2 * cap * sizeof *b->list);
                    if (grown == NULL)
                        goto oom;
                    b->list = grown;
                    cap *= 2;
                }
                b->list[used++] = j;
            }
            if (pass == 0)
                b->inner[k] = (int) (used - b->start[k]);
        }
    }
    b->start[n] = used;
    return 0;
oom:                                    /* out of memory, or cancelled */
    lp_recon_balls_clear(b);
    return -1;
}

void
lp_recon_balls_clear(lp_recon_balls *b)
{
    free(b->start);
    free(b->inner);
    free(b->list);
    b->start = NULL;
    b->inner = b->list = NULL;
}

void
lp_recon_balls_mass(double *lo, double *hi, const lp_recon_balls *b, const double *w)
{
    double best1 = 0, best2 = 0;
    for (int k = 0; k < b->n; k++) {
        const int *j = b->list + b->start[k];
        const int m1 = b->inner[k], m2 = (int) (b->start[k + 1] - b->start[k]);
        double s = 0;
        for (int t = 0; t < m1; t++)
            s += w[j[t]];
        if (s > best1)
            best1 = s;
        for (int t = m1; t < m2; t++)
            s += w[j[t]];
        if (s > best2)
            best2 = s;
    }
    *lo = best1;
    *hi = best2;
}

void
lp_recon_balls_prior(double *lo, double *hi, const lp_recon_balls *b)
{
    size_t best1 = 0, best2 = 0;
    for (int k = 0; k < b->n; k++) {
        const size_t m1 = (size_t) b->inner[k], m2 = b->start[k + 1] - b->start[k];
        best1 = m1 > best1 ? m1 : best1;
        best2 = m2 > best2 ? m2 : best2;
    }
    *lo = (double) best1 / b->n;
    *hi = (double) best2 / b->n;
}
