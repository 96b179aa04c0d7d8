/* t-account-tan.c -- Tan et al. Section 6.3: B = 64, delta = 1e-5, 25 epochs,
 * Opacus 1.1.2; stated epsilon 1.705, 5.120, 12.026, 331.668 for multipliers
 * 0.8, 0.57, 0.46, 0.2066, the dataset size N unstated.  Which N (K = ceil(N/64)
 * batches per epoch, q = 1/K, T = 25 K) reproduces each, certified; does one
 * fit all four; and the Bayes capacity of one step for the same multipliers
 * (Theorem III.1's proof form, sigma = M, R = 1) at the papers' model sizes. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "mutant.h"
#include "helpers.h"
#include "account/account.h"

#define EPOCHS 25
#define NROWS 4

static const char *const multiplier[NROWS] = { "0.8", "0.57", "0.46", "0.2066" };
static const char *const stated[NROWS] = { "1.705", "5.120", "12.026", "331.668" };

/* The papers' model sizes: Tan et al.'s p = 13,700 and the networks of
 * cases/networks (LeNet, ResNet10, VGG16; Balunovic et al.'s ConvNet64, ConvBig). */
static const struct { const char *name; uint64_t p; } model[] = {
    { "p=13700", 13700 }, { "LeNet", 62006 }, { "ConvNet64", 3479427 },
    { "ResNet10", 4910922 }, { "ConvBig", 12384018 }, { "VGG16", 134301514 },
};

/* max over the rows of |epsilon(K)/stated - 1|, epsilon by the double method */
static double
worst_deviation(uint64_t K)
{
    double dev = 0;
    for (int i = 0; i < NROWS; i++) {
        lp_dpsgd run;
        lp_account acc;
        lp_dpsgd_init_batches(&run, multiplier[i], K, EPOCHS, "1e-5");
        lp_account_init(&acc, lp_orders_opacus, lp_norders_opacus);
        lp_account_eval(&acc, &run, lp_peer_find("double"), 0);
        dev = fmax(dev, fabs(arf_get_d(acc.eps_upper_balle, ARF_RND_NEAR) / strtod(stated[i], NULL) - 1));
        lp_account_clear(&acc);
        lp_dpsgd_clear(&run);
    }
    return dev;
}

static double
certified_upper(uint64_t K, int i, arf_t l, arf_t u)
{
    lp_tan63_certify(l, u, multiplier[i], K, EPOCHS, "1e-5", lp_orders_opacus,
                     lp_norders_opacus, 10);
    return arf_get_d(u, ARF_RND_UP);
}

int
main(void)
{
    lp_tan63_row row[NROWS];
    uint64_t common_lo = 0, common_hi = UINT64_MAX, best = 0, kmin = UINT64_MAX, kmax = 0;
    double best_dev = INFINITY;
    arf_t l, u;
    arf_init(l);
    arf_init(u);

    for (int i = 0; i < NROWS; i++) {
        row[i].M = multiplier[i];
        row[i].stated = stated[i];
        lp_tan63_fit(&row[i], EPOCHS, "1e-5", lp_orders_opacus, lp_norders_opacus);
        if (row[i].K_lo <= row[i].K_hi) {
            tap_ok(1, "[tan/sec6.3/epsilons] M=%s: stated epsilon %s reproduced (certified, rounds to the printed digits) "
                   "for K = %llu..%llu batches, N = %llu..%llu", multiplier[i], stated[i],
                   (unsigned long long) row[i].K_lo, (unsigned long long) row[i].K_hi,
                   (unsigned long long) (64 * (row[i].K_lo - 1) + 1),
                   (unsigned long long) (64 * row[i].K_hi));
            common_lo = row[i].K_lo > common_lo ? row[i].K_lo : common_lo;
            common_hi = row[i].K_hi < common_hi ? row[i].K_hi : common_hi;
        } else {
            double e0 = certified_upper(row[i].K_near, i, l, u);
            double e1 = certified_upper(row[i].K_near + 1, i, l, u);
            tap_todo(0, "[tan/sec6.3/epsilons] M=%s: no N reproduces the stated epsilon %s; nearest K = %llu gives <= %.6f, "
                     "K+1 <= %.6f (certified)", multiplier[i], stated[i],
                     (unsigned long long) row[i].K_near, e0, e1);
            common_hi = 0;
        }
        kmin = row[i].K_near < kmin ? row[i].K_near : kmin;
        kmax = row[i].K_near > kmax ? row[i].K_near : kmax;
    }
    /* one N for all four? */
    tap_todo(common_lo <= common_hi,
             "[tan/sec6.3/epsilons] one dataset size fits all four stated epsilons: the K reproducing each are %llu..%llu, "
             "%llu..%llu, %llu..%llu, %llu..%llu (nearest K %llu, %llu, %llu, %llu)",
             (unsigned long long) row[0].K_lo, (unsigned long long) row[0].K_hi,
             (unsigned long long) row[1].K_lo, (unsigned long long) row[1].K_hi,
             (unsigned long long) row[2].K_lo, (unsigned long long) row[2].K_hi,
             (unsigned long long) row[3].K_lo, (unsigned long long) row[3].K_hi,
             (unsigned long long) row[0].K_near, (unsigned long long) row[1].K_near,
             (unsigned long long) row[2].K_near, (unsigned long long) row[3].K_near);

    /* the best single K: least worst relative deviation.  Each deviation is
     * V-shaped in K (epsilon falls as K grows), so their maximum is
     * quasi-convex: a ternary search between the nearest K of the rows (the
     * double method steers; the verdict below is certified). */
    {
        uint64_t lo = kmin, hi = kmax;
        while (hi - lo > 2) {
            uint64_t m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
            if (worst_deviation(m1) <= worst_deviation(m2))
                hi = m2;
            else
                lo = m1;
        }
        for (uint64_t K = lo; K <= hi; K++) {
            double dev = worst_deviation(K);
            if (dev < best_dev) {
                best_dev = dev;
                best = K;
            }
        }
    }
    {
        double e[NROWS];
        int rounds = 1;
        for (int i = 0; i < NROWS; i++) {
            const char *point = strchr(stated[i], '.');
            double half = 0.5 * pow(10.0, -(double) (point ? strlen(point + 1) : 0));
            e[i] = certified_upper(best, i, l, u);
            rounds = rounds && fabs(e[i] - lp_mut("tan/sec6.3/epsilons", strtod(stated[i], NULL))) < half;
        }
        tap_todo(rounds,
                 "[tan/sec6.3/epsilons] at the best single K = %llu (N = %llu..%llu; worst relative deviation %.3g) the "
                 "stated epsilons would read %.3f, %.3f, %.3f, %.3f (certified upper bounds) for "
                 "%s, %s, %s, %s", (unsigned long long) best,
                 (unsigned long long) (64 * (best - 1) + 1), (unsigned long long) (64 * best),
                 best_dev, e[0], e[1], e[2], e[3], stated[0], stated[1], stated[2], stated[3]);
    }

    /* beside it: the Bayes capacity of one step, sigma = M, R = 1 */
    for (int i = 0; i < NROWS; i++) {
        char line[1024];
        int ok = 1;
        size_t n = (size_t) snprintf(line, sizeof line, "Bayes capacity of one step at M=%s (R/sigma = 1/M), log10:",
                                     multiplier[i]);
        for (size_t j = 0; j < sizeof model / sizeof model[0]; j++) {
            lp_params par = gauss_params(model[j].p, multiplier[i], "1");
            lp_result res;
            char *t;
            lp_result_init(&res);
            eval_form(&res, "gauss", "proof", LP_ARB, &par, 6);
            ok = ok && res.status == LP_OK && res.certified && arb_is_positive(res.value);
            t = lp_format_log10(&res, 6);
            n += (size_t) snprintf(line + n, sizeof line - n, " %s %s", model[j].name, t ? t : "?");
            flint_free(t);
            lp_result_clear(&res);
        }
        tap_ok(ok, "%s", line);
    }
    arf_clear(l);
    arf_clear(u);
    flint_cleanup();
    return tap_done();
}
