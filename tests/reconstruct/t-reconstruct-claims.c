/* t-reconstruct-claims.c -- the papers' empirical claims where the optimal
 * attacker is exact (src/reconstruct) or the MMSE a closed form (Tan et al.'s
 * linear-Gaussian model).  Claim ids per cases/claims/README.md:
 *   biswas/fig1, biswas/remark2 (p = 3, secrets n points on the unit sphere,
 *   Biswas's epsilon grid; Sec. IV-A's proxy statement as a plain check: the
 *   claim is t-fmnist's, at the paper's setting), biswas/sec-V/mse-order
 *   (the same settings, and an exhaustive search over small channels).
 *   Tan et al.'s figures are t-reconstruct-tan.
 * LP_RECON_FULL=1 (make verify) runs Fig. 1 with n = 1024 points and 4000
 * samples per point; make check runs n = 256 and 1000. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "leakproof.h"
#include "reconstruct/reconstruct.h"
#include "reconstruct/study.h"
#include "tap.h"
#include "mutant.h"

/* ---- Biswas et al., Fig. 1 and Sec. IV-A, Remark 2, Sec. V ------------------------ */

static const char *const eps_grid[] = { "0.5", "1", "2", "5", "10", "20", "50", "100", "173" };
#define NEPS 9

typedef struct {
    double scale, log2c, c, mse, mse_se, succ, succ_se, prior_mse;
} row;

/* linear interpolation of ys over xs (increasing) at x; NAN outside */
static double
interp(const double *xs, const double *ys, int n, double x)
{
    for (int k = 0; k + 1 < n; k++)
        if (x >= xs[k] && x <= xs[k + 1])
            return xs[k + 1] == xs[k] ? ys[k] : ys[k] + (ys[k + 1] - ys[k]) * (x - xs[k]) / (xs[k + 1] - xs[k]);
    return NAN;
}

/* the mean |ln MSE_g - ln MSE_v| at equal capacity: each mechanism's points
   on the other's curve (ln MSE against log2 C, linear between grid points) */
static double
gap_at_equal_capacity(const row *g, const row *v, int *count)
{
    double lx[2][NEPS], ly[2][NEPS], sum = 0;
    const row *r[2] = { g, v };
    *count = 0;
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < NEPS; k++) {
            lx[m][k] = r[m][k].log2c;
            ly[m][k] = log(r[m][k].mse);
        }
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < NEPS; k++) {
            const double other = interp(lx[1 - m], ly[1 - m], NEPS, lx[m][k]);
            if (!isnan(other)) {
                sum += fabs(ly[m][k] - other);
                ++*count;
            }
        }
    return *count ? sum / *count : NAN;
}

static int
fig1_rows(row out[2][NEPS], int paper, int n, uint64_t samples)
{
    for (int m = 0; m < 2; m++)
        for (int k = 0; k < NEPS; k++) {
            lp_recon_setup s = { 0 };
            lp_recon_result res;
            char err[300];
            arb_t c;
            s.noise = m == 0 ? LP_RECON_GAUSS : LP_RECON_VMF;
            s.p = 3;
            s.radius = 1;
            s.prior = LP_PRIOR_SPHERE_POINTS;
            s.n = n;
            s.samples = samples;
            s.seed = 1;
            if (lp_recon_calibrate_dp(&s.scale, s.noise, 3, 1, eps_grid[k], "1e-5", paper, err, sizeof err) != 0
                || lp_recon_estimate(&res, &s) != 0)
                return -1;
            arb_init(c);
            if (lp_recon_capacity(c, s.noise, 3, s.scale, 1, 8) != 0) {
                arb_clear(c);
                return -1;
            }
            out[m][k] = (row) { s.scale, 0, arf_get_d(arb_midref(c), ARF_RND_UP), res.mse, res.mse_se,
                                res.success, res.success_se, res.prior_mse };
            arb_log(c, c, 64);
            out[m][k].log2c = arf_get_d(arb_midref(c), ARF_RND_NEAR) / log(2.0);
            arb_clear(c);
        }
    return 0;
}

static void
biswas(int full)
{
    const int n = full ? 1024 : 256;
    const uint64_t samples = full ? 4000 : 1000;
    row r[2][2][NEPS];      /* relation (paper, any-two) x mechanism (gauss, vmf) x epsilon */
    int bad_success = 0, bad_mse = 0, informative = 0, rows = 0;
    double worst_success = -INFINITY, worst_mse = -INFINITY;

    for (int rel = 0; rel < 2; rel++)
        if (fig1_rows(r[rel], rel == 0, n, samples) != 0) {
            tap_ok(0, "[biswas/fig1] the study failed");
            return;
        }
    for (int rel = 0; rel < 2; rel++) {
        const char *how = rel == 0 ? "as the paper calibrates (classical sigma at clip 1, kappa = epsilon)"
                                   : "at equal certified (epsilon, delta), any two secrets";
        double gap_eps = 0, zmax = 0, zmax_eps = 0;
        int count;
        for (int k = 0; k < NEPS; k++) {
            const row *g = &r[rel][0][k], *v = &r[rel][1][k];
            const double z = fabs(g->mse - v->mse) / hypot(g->mse_se, v->mse_se);
            gap_eps += fabs(log(g->mse) - log(v->mse)) / NEPS;
            if (z > zmax) {
                zmax = z;
                zmax_eps = atof(eps_grid[k]);
            }
            tap_diag("fig1 %s eps=%s gauss sigma=%.6g log2C=%.4f mse=%.5f+-%.5f success=%.4f | vmf kappa=%.6g "
                     "log2C=%.4f mse=%.5f+-%.5f success=%.4f", rel == 0 ? "paper" : "any-two", eps_grid[k],
                     g->scale, g->log2c, g->mse, g->mse_se, g->succ, v->scale, v->log2c, v->mse, v->mse_se, v->succ);
        }
        const double gap_c = lp_mut_apply(lp_mut_which("biswas/fig1", "rel+ x2"),
                                          gap_at_equal_capacity(r[rel][0], r[rel][1], &count));
        tap_ok(zmax > 4 && gap_c <= 0.5 * gap_eps,
               "[biswas/fig1] p=3, %d points on the sphere, delta=1e-5, %s: at equal epsilon the MSEs "
               "differ (largest at epsilon=%g, z = %.1f; mean |ln MSE_G - ln MSE_V| = %.3f over Biswas's 9 "
               "epsilons); at equal log2 C they agree (mean |ln ratio| = %.3f over %d interpolated points), "
               "at most half the equal-epsilon gap", n, how, zmax_eps, zmax, gap_eps, gap_c, count);
        /* Sec. IV-A's proxy statement at p = 3 (biswas/sec-IV-A/proxy itself is decided at the
           paper's setting on Fashion-MNIST, tests/papers/t-fmnist.sh) */
        tap_ok(gap_eps - gap_c > 0,
               "Sec. IV-A's proxy at p = 3, %s: the MSE is a closer function of log2 C (mean |ln ratio| %.3f) "
               "than of epsilon (%.3f) across the Gaussian and the VMF", how, gap_c, gap_eps);
    }
    /* Remark 2: any attack under any measure, through the capacity:
       success <= min(1, C/n) (the 0-1 gain), and for the squared error the
       gain g(w, x) = 4 - |w - x|^2 >= 0 on the unit ball gives (the miracle
       theorem: V_g[pi |> M] <= C V_g(pi)) MMSE >= 4 - C (4 - E|x - Ex|^2) */
    for (int rel = 0; rel < 2; rel++)
        for (int m = 0; m < 2; m++)
            for (int k = 0; k < NEPS; k++) {
                const row *q = &r[rel][m][k];
                const double sb = lp_mut_upper("biswas/remark2", fmin(1, q->c / n)),
                             mb = lp_mut_lower("biswas/remark2", 4 - q->c * (4 - q->prior_mse));
                rows++;
                worst_success = fmax(worst_success, (q->succ - sb) / q->succ_se);
                if (q->succ > sb + 4 * q->succ_se)
                    bad_success++;
                if (mb > 0) {
                    informative++;
                    worst_mse = fmax(worst_mse, (mb - q->mse) / fmax(q->mse_se, 1e-300));
                    if (q->mse < mb - 4 * q->mse_se)
                        bad_mse++;
                }
            }
    tap_ok(bad_success == 0 && bad_mse == 0 && informative > 0,
           "[biswas/remark2] %d settings (Gaussian and VMF, 9 epsilons, two calibrations): MAP success <= "
           "min(1, C/n) in all (largest excess %.2f standard errors); MMSE >= 4 - C (4 - prior MSE) in all "
           "%d where that bound says something (C < 4/(4 - prior MSE))", rows, worst_success, informative);

    /* Sec. V: C(C) < C(D) with a lower MSE-judged leakage for D, among the
       settings above: ordered pairs a, b with C_a < C_b yet MSE_a < MSE_b
       beyond 4 combined standard errors (a leaks more under MSE) */
    {
        int pairs = 0, against = 0;
        double best = 0;
        char what[300] = "none";
        const row *all[4 * NEPS];
        const char *label[4 * NEPS];
        int idx = 0;
        for (int rel = 0; rel < 2; rel++)
            for (int m = 0; m < 2; m++)
                for (int k = 0; k < NEPS; k++) {
                    all[idx] = &r[rel][m][k];
                    label[idx++] = m == 0 ? "gauss" : "vmf";
                }
        for (int a = 0; a < idx; a++)
            for (int b = 0; b < idx; b++)
                if (all[a]->c < all[b]->c) {
                    const double z = (all[b]->mse - all[a]->mse) / hypot(all[a]->mse_se, all[b]->mse_se);
                    pairs++;
                    if (z > 4) {
                        against++;
                        if (z > best) {
                            best = z;
                            snprintf(what, sizeof what, "%s log2 C = %.3f, MSE %.4f against %s log2 C = %.3f, "
                                     "MSE %.4f", label[a], all[a]->log2c, all[a]->mse, label[b], all[b]->log2c,
                                     all[b]->mse);
                        }
                    }
                }
        /* the paper: "in our experiments we found this to be the case" -- a report of their own
           experiments (MNIST, Inverting Gradients), which a p = 3 study neither repeats nor contradicts:
           a note beside the caution, which is what the paper states and is checked below */
        tap_diag("[sec-V/mse-order] the paper's mechanisms at p = 3, exact attacker: %d of %d ordered pairs of the "
                 "settings above with C_a < C_b have MSE_a < MSE_b beyond 4 standard errors (a leaks more under "
                 "MSE); the clearest: %s (the Gaussian's C over its input set, the ball)", against, pairs, what);
    }
}

/* Sec. V by exhaustive search: three equally likely secrets -1, 0, 1, every
   channel with three outputs whose entries are multiples of 1/4 (15^3 = 3375
   channels), the capacity sum_y max_x M(x,y) and the MMSE exactly. */
static void
channel_mmse(const double m[3][3], double *cap, double *mmse)
{
    static const double xs[3] = { -1, 0, 1 };
    *cap = 0;
    *mmse = 0;
    for (int y = 0; y < 3; y++) {
        double py = 0, mean = 0, top = 0;
        for (int x = 0; x < 3; x++) {
            py += m[x][y] / 3;
            mean += m[x][y] / 3 * xs[x];
            top = fmax(top, m[x][y]);
        }
        *cap += top;
        if (py > 0) {
            mean /= py;
            for (int x = 0; x < 3; x++)
                *mmse += m[x][y] / 3 * (xs[x] - mean) * (xs[x] - mean);
        }
    }
}

static void
sec_v_search(void)
{
    double rows[15][3];
    int nr = 0;
    for (int a = 0; a <= 4; a++)
        for (int b = 0; a + b <= 4; b++)
            rows[nr][0] = a / 4.0, rows[nr][1] = b / 4.0, rows[nr][2] = (4 - a - b) / 4.0, nr++;
    double caps[3375], mses[3375];
    int which[3375][3], n = 0;
    for (int i = 0; i < nr; i++)
        for (int j = 0; j < nr; j++)
            for (int k = 0; k < nr; k++) {
                double m[3][3];
                memcpy(m[0], rows[i], sizeof m[0]);
                memcpy(m[1], rows[j], sizeof m[1]);
                memcpy(m[2], rows[k], sizeof m[2]);
                channel_mmse(m, &caps[n], &mses[n]);
                if (lp_mut_which("biswas/sec-V/mse-order", LP_MUT_SIGN) == LP_MUT_NEG)
                    mses[n] = -caps[n];     /* the mutant: the MSE ordered as the capacity, no counterexample */
                which[n][0] = i, which[n][1] = j, which[n][2] = k;
                n++;
            }
    /* the pair with C_a < C_b and MMSE_a < MMSE_b, the MMSE gap largest */
    int best_a = -1, best_b = -1, found = 0;
    double best = 0;
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (caps[a] < caps[b] - 1e-12 && mses[a] < mses[b] - 1e-12) {
                found++;
                if (mses[b] - mses[a] > best)
                    best = mses[b] - mses[a], best_a = a, best_b = b;
            }
    if (best_a < 0) {
        tap_ok(0, "[biswas/sec-V/mse-order] no channel pair with C_A < C_B and a lower MMSE for A among %d "
               "channels", n);
        return;
    }
    const double *ra[3] = { rows[which[best_a][0]], rows[which[best_a][1]], rows[which[best_a][2]] };
    const double *rb[3] = { rows[which[best_b][0]], rows[which[best_b][1]], rows[which[best_b][2]] };
    tap_ok(1, "[biswas/sec-V/mse-order] a lower Bayes capacity need not mean a lower MSE-judged leakage: "
           "secrets -1, 0, 1 equally likely, A = [%g %g %g; %g %g %g; %g %g %g] has C = %.4g and MMSE %.4g, "
           "B = [%g %g %g; %g %g %g; %g %g %g] has C = %.4g > C_A and MMSE %.4g > MMSE_A (%d such ordered pairs "
           "among %d channels with entries in quarters)",
           ra[0][0], ra[0][1], ra[0][2], ra[1][0], ra[1][1], ra[1][2], ra[2][0], ra[2][1], ra[2][2], caps[best_a],
           mses[best_a], rb[0][0], rb[0][1], rb[0][2], rb[1][0], rb[1][1], rb[1][2], rb[2][0], rb[2][1], rb[2][2],
           caps[best_b], mses[best_b], found, n);
}

int
main(void)
{
    const char *full = getenv("LP_RECON_FULL");
    biswas(full && strcmp(full, "1") == 0);
    sec_v_search();
    return tap_done();
}
