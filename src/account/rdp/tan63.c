/* Tan et al. Section 6.3 checked: which dataset sizes make the accountant give
 * the stated epsilons.  Contract in tan63.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "account/rdp/tan63.h"
#include "account/peers/peers.h"

#define K_MAX 1000000

/* The accountant's epsilon (Balle et al., Opacus's orders) at K batches per
 * epoch, by Opacus's own code in doubles: the search heuristic only. */
static double
eps_double(const char *M, uint64_t K, uint64_t epochs, const char *delta,
           const char *const *orders, size_t norders)
{
    const lp_peer *opacus = lp_peer_find("opacus");
    lp_dpsgd run;
    lp_account acc;
    double e = INFINITY;
    lp_dpsgd_init_batches(&run, M, K, epochs, delta);
    lp_account_init(&acc, orders, norders);
    if (opacus != NULL && lp_account_eval(&acc, &run, opacus, 0) == LP_OK)
        e = arf_get_d(acc.eps_upper_balle, ARF_RND_NEAR);
    lp_account_clear(&acc);
    lp_dpsgd_clear(&run);
    return e;
}

void
lp_tan63_certify(arf_t lower, arf_t upper, const char *M, uint64_t K, uint64_t epochs,
                 const char *delta, const char *const *orders, size_t norders, slong digits)
{
    lp_dpsgd run;
    lp_dpsgd_init_batches(&run, M, K, epochs, delta);
    lp_account_least_balle(lower, upper, &run, orders, norders, digits);
    lp_dpsgd_clear(&run);
}

/* -1, 0, 1: [lower, upper] certainly below, certainly inside, certainly above
 * the rounding interval [lo, hi) of the stated value; 2: undecided. */
static int
place(const arf_t lower, const arf_t upper, const arb_t lo, const arb_t hi)
{
    arb_t l, u;
    int r;
    arb_init(l);
    arb_init(u);
    arb_set_arf(l, lower);
    arb_set_arf(u, upper);
    if (arb_lt(u, lo))
        r = -1;
    else if (arb_ge(l, hi))
        r = 1;
    else if (arb_ge(l, lo) && arb_lt(u, hi))
        r = 0;
    else
        r = 2;
    arb_clear(l);
    arb_clear(u);
    return r;
}

/* One fit's certified placement of K against the rounding interval. */
typedef struct {
    const char *M, *delta;
    uint64_t epochs;
    const char *const *orders;
    size_t norders;
    const arb_struct *lo, *hi;
} fit_problem;

/* not_above: K's certified epsilon is not certainly above the interval;
 * otherwise: it is certainly below.  Both turn true once as K grows. */
static int
placed(const fit_problem *f, uint64_t K, int not_above)
{
    arf_t l, u;
    int p;
    arf_init(l);
    arf_init(u);
    lp_tan63_certify(l, u, f->M, K, f->epochs, f->delta, f->orders, f->norders, 10);
    p = place(l, u, f->lo, f->hi);
    arf_clear(l);
    arf_clear(u);
    return not_above ? p != 1 : p == -1;
}

/* The first K in [1, K_MAX] where `placed` holds (K_MAX + 1 when none),
 * galloping out from `start` (the double method's crossing, near both ends
 * when the interval is narrow) and then bisecting. */
static uint64_t
first_placed(const fit_problem *f, uint64_t start, int not_above)
{
    uint64_t below = 0, above = K_MAX + 1, step = 1;      /* false at below, true at above */
    if (start > K_MAX)
        start = K_MAX;
    if (placed(f, start, not_above)) {
        above = start;
        while (above > step && placed(f, above - step, not_above)) {
            above -= step;
            step *= 2;
        }
        below = above > step ? above - step : 0;
    } else {
        below = start;
        while (below + step <= K_MAX && !placed(f, below + step, not_above)) {
            below += step;
            step *= 2;
        }
        above = below + step <= K_MAX ? below + step : K_MAX + 1;
    }
    while (above - below > 1) {
        uint64_t mid = below + (above - below) / 2;
        if (placed(f, mid, not_above))
            above = mid;
        else
            below = mid;
    }
    return above;
}

void
lp_tan63_fit(lp_tan63_row *row, uint64_t epochs, const char *delta,
             const char *const *orders, size_t norders)
{
    const double stated = lp_strtod(row->stated, NULL);
    const char *point = strchr(row->stated, '.');
    slong decimals = point ? (slong) strlen(point + 1) : 0;
    uint64_t lo = 1, hi = 2, K;
    arb_t s, half, rlo, rhi;
    arf_t l, u;

    arb_init(s);
    arb_init(half);
    arb_init(rlo);
    arb_init(rhi);
    arf_init(l);
    arf_init(u);
    /* the rounding interval [s - 10^-d/2, s + 10^-d/2) */
    lp_decimal_arb(s, row->stated, 256);
    arb_set_ui(half, 10);
    arb_pow_ui(half, half, (ulong) decimals, 256);
    arb_inv(half, half, 256);
    arb_mul_2exp_si(half, half, -1);
    arb_sub(rlo, s, half, 256);
    arb_add(rhi, s, half, 256);

    /* epsilon falls as K grows (q = 1/K, T = epochs K): the first K whose
     * double epsilon is <= stated, by doubling then bisection */
    while (hi < K_MAX && eps_double(row->M, hi, epochs, delta, orders, norders) > stated) {
        lo = hi;
        hi *= 2;
    }
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (eps_double(row->M, mid, epochs, delta, orders, norders) > stated)
            lo = mid;
        else
            hi = mid;
    }
    /* certify the ends.  Epsilon falls as K grows, so K runs through
     * "certainly above" the rounding interval, then (undecided) inside,
     * (undecided), "certainly below": bisect for the first K not certainly
     * above (a) and the first certainly below (b), then walk in from both ends
     * over the few undecided K, so a wide interval (a one-digit stated value)
     * costs a few dozen certified evaluations, not one per K */
    {
        const fit_problem f = { row->M, delta, epochs, orders, norders, rlo, rhi };
        uint64_t a = first_placed(&f, hi, 1), b = first_placed(&f, hi, 0);
        row->K_lo = hi;
        row->K_hi = hi - 1;             /* empty until a K is certified inside */
        row->undecided = 0;
        for (K = a; K < b; K++) {
            lp_tan63_certify(l, u, row->M, K, epochs, delta, orders, norders, 10);
            if (place(l, u, rlo, rhi) == 0)
                break;
            row->undecided++;
        }
        if (K < b) {
            row->K_lo = K;
            for (K = b - 1; K > row->K_lo; K--) {
                lp_tan63_certify(l, u, row->M, K, epochs, delta, orders, norders, 10);
                if (place(l, u, rlo, rhi) == 0)
                    break;
                row->undecided++;
            }
            row->K_hi = K;
        }
    }
    /* the nearest K: of the two around the crossing */
    {
        double below = eps_double(row->M, hi - 1, epochs, delta, orders, norders);
        double above = eps_double(row->M, hi, epochs, delta, orders, norders);
        row->K_near = (hi > 1 && below - stated < stated - above) ? hi - 1 : hi;
    }
    arb_clear(s);
    arb_clear(half);
    arb_clear(rlo);
    arb_clear(rhi);
    arf_clear(l);
    arf_clear(u);
}
