/* mlp_experiment.c -- Balunovic et al.'s Fig. 4: the four attacks tuned and averaged over
 * trials (contract in mlp.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/host.h"
#include "reconstruct/mlp.h"

int
lp_mlp_experiment(lp_mlp_result *res, int trials, int steps, uint64_t seed)
{
    static const double rates[] = { 0.01, 0.03, 0.1, 0.3 };
    const int tuning = 10, n = LP_MLP_VARIANTS * (steps + 1);
    double best[LP_MLP_VARIANTS], sum2[LP_MLP_VARIANTS] = { 0 };
    double dsum[LP_MLP_VARIANTS] = { 0 }, dsum2[LP_MLP_VARIANTS] = { 0 };
    lp_mlp *net = malloc(sizeof *net);
    double *dist = malloc((size_t) n * sizeof *dist);
    int rc = -1;

    if (net == NULL || dist == NULL || trials < 2 || steps < 1 || steps > LP_MLP_STEPS_MAX)
        goto done;
    memset(res, 0, sizeof *res);
    res->trials = trials;
    res->steps = steps;
    lp_mlp_init(net, seed);
    for (int var = 0; var < LP_MLP_VARIANTS; var++)
        best[var] = INFINITY;
    for (int k = 0; k < 4; k++) {
        double rate[LP_MLP_VARIANTS], final[LP_MLP_VARIANTS] = { 0 };
        for (int var = 0; var < LP_MLP_VARIANTS; var++)
            rate[var] = rates[k];
        for (int t = 0; t < tuning; t++) {
            if (lp_cancelled())
                goto done;
            lp_mlp_trial(dist, net, 0.1, steps, rate, seed, 100000 + (uint64_t) t);
            for (int var = 0; var < LP_MLP_VARIANTS; var++)
                final[var] += dist[var * (steps + 1) + steps] / tuning;
        }
        for (int var = 0; var < LP_MLP_VARIANTS; var++)
            if (final[var] < best[var])
                best[var] = final[var], res->lr[var] = rates[k];
    }
    for (int t = 0; t < trials; t++) {
        if (lp_cancelled())
            goto done;
        lp_mlp_trial(dist, net, 0.1, steps, res->lr, seed, (uint64_t) t);
        for (int var = 0; var < LP_MLP_VARIANTS; var++) {
            const double f = dist[var * (steps + 1) + steps], diff = f - dist[steps];
            res->final[var] += f;
            sum2[var] += f * f;
            dsum[var] += diff;
            dsum2[var] += diff * diff;
            for (int s = 0; s <= steps; s++)
                res->curve[var][s] += dist[var * (steps + 1) + s] / trials;
        }
    }
    for (int var = 0; var < LP_MLP_VARIANTS; var++) {
        const double mean = res->final[var] / trials;
        res->final[var] = mean;
        res->final_se[var] = sqrt(fmax(0, sum2[var] / trials - mean * mean) / (trials - 1));
        if (var > 0) {
            const double dm = dsum[var] / trials;
            res->z[var] = dm / sqrt(fmax(0, dsum2[var] / trials - dm * dm) / (trials - 1));
        }
    }
    rc = 0;
done:
    free(net);
    free(dist);
    return rc;
}
