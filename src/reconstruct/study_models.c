/* study_models.c -- the records of `reconstruct linear-gaussian` and `reconstruct mlp`
 * (contracts in models.h). */
#include <math.h>
#include <stdlib.h>
#include "reconstruct/models.h"
#include "reconstruct/mlp.h"

#define D_FIG 256
#define D_FIG14 1024

void
lp_lg_study(lp_record *rec)
{
    static const double kappas10[] = { 50, 100, 200, 300, 500, 800, 1000, 1500 };
    static const double rounds[] = { 1, 2, 5, 10, 20, 50, 100, 1000, 10000 };
    static const double kappas14[] = { 500, 800, 1000, 1500 };
    static const int dirs[] = { 1, 2, 5, 10, 20, 50, 100 };
    static double lambda[D_FIG14], beta[D_FIG14];
    const int d = D_FIG;
    double tr = 0;

    lp_record_text(rec, "command", "reconstruct linear-gaussian");
    lp_record_text(rec, "spectrum", "lambda_i = 222.21 i^-1.2");
    lp_record_int(rec, "d", d);
    lp_lg_spectrum(lambda, d);
    for (int k = 0; k < 8; k++) {           /* Fig. 10 */
        lp_record *r = lp_record_append(rec, "fig10");
        const double s = lp_lg_natural_sigma(lambda, d, kappas10[k]);
        lp_record_double(r, "kappa", kappas10[k]);
        lp_record_double(r, "noise_variance", s);
        lp_record_double(r, "mse_per_coordinate", lp_lg_mmse(lambda, NULL, d, s) / d);
        lp_record_double(r, "tan_bound_per_coordinate", lp_lg_theorem1(lambda, d, kappas10[k]) / d);
    }
    {                                       /* Fig. 13: kappa = 300, n fresh releases */
        const double s = lp_lg_natural_sigma(lambda, d, 300);
        for (int k = 0; k < 9; k++) {
            lp_record *r = lp_record_append(rec, "fig13");
            lp_record_double(r, "rounds", rounds[k]);
            lp_record_double(r, "mse_per_coordinate", lp_lg_mmse(lambda, NULL, d, s / rounds[k]) / d);
            lp_record_double(r, "information", lp_lg_information(lambda, NULL, d, s / rounds[k]));
            lp_record_double(r, "tan_bound_per_coordinate", lp_lg_theorem1(lambda, d,
                             lp_lg_information(lambda, NULL, d, s / rounds[k])) / d);
        }
        for (int k = 0; k < 7; k++) {       /* Fig. 8: one direction compressed, the noise kept */
            lp_record *r = lp_record_append(rec, "fig8");
            const double l = lambda[dirs[k] - 1];
            lp_record_int(r, "direction", dirs[k]);
            lp_record_double(r, "lambda", l);
            lp_record_double(r, "mse_rise", l * l / (l + s));
        }
    }
    for (int i = 0; i < d; i++)
        tr += lambda[i];
    for (int B = 1; B <= 256; B *= 2) {     /* Fig. 6: DP multiplier 1.3, S = 1, E|D|^2 = 1 */
        lp_record *r = lp_record_append(rec, "fig6");
        const double noise = 1.3 * 1.3 / ((double) B * B);
        double mean_mse = 0, one_mse = 0;
        for (int i = 0; i < d; i++) {
            const double l = lambda[i] / tr;
            mean_mse += (l / B) * noise / (l / B + noise);
            one_mse += l - (l / B) * (l / B) / (l / B + noise);
        }
        lp_record_int(r, "batch", B);
        lp_record_double(r, "mse_batch_mean", mean_mse);
        lp_record_double(r, "mse_one_example", one_mse);
    }
    lp_lg_spectrum(lambda, D_FIG14);        /* Fig. 14: d = 1024 with Appendix C's beta */
    lp_lg_beta(beta, D_FIG14);
    for (int k = 0; k < 4; k++) {
        lp_record *r = lp_record_append(rec, "fig14");
        const double sn = lp_lg_natural_sigma(lambda, D_FIG14, kappas14[k]);
        const double sp = lp_lg_personalized_sigma(lambda, beta, D_FIG14, kappas14[k]);
        lp_record_double(r, "kappa", kappas14[k]);
        lp_record_double(r, "mse_natural", lp_lg_mmse(lambda, NULL, D_FIG14, sn) / D_FIG14);
        lp_record_double(r, "mse_white", lp_lg_white_mmse(lambda, D_FIG14, kappas14[k]) / D_FIG14);
        lp_record_double(r, "mse_personalized", lp_lg_mmse(lambda, beta, D_FIG14, sp) / D_FIG14);
    }
    lp_record_text(rec, "note", "the MMSE of N(0, diag lambda) through Gaussian noise, closed form; fig6 at "
                   "d = 256 with the data scaled to E|D|^2 = 1, fig14 at d = 1024 per coordinate");
}

int
lp_mlp_study(lp_record *rec, int trials, int steps, uint64_t seed)
{
    lp_mlp_result *res = malloc(sizeof *res);
    static const char *const keys[] = { "bayes", "laplace_prior", "gauss_conditional", "both_wrong" };
    if (res == NULL || lp_mlp_experiment(res, trials, steps, seed) != 0) {
        free(res);
        return -1;
    }
    lp_record_text(rec, "command", "reconstruct mlp");
    lp_record_textf(rec, "network", "20-%d-%d relu MLP, softmax cross-entropy", LP_MLP_HIDDEN, LP_MLP_CLASSES);
    lp_record_double(rec, "b", 0.1);
    lp_record_int(rec, "trials", trials);
    lp_record_int(rec, "steps", steps);
    lp_record_int(rec, "seed", (int64_t) seed);
    for (int v = 0; v < LP_MLP_VARIANTS; v++) {
        lp_record *a = lp_record_append(rec, "attacks");
        lp_record_text(a, "attack", keys[v]);
        lp_record_text(a, "model", lp_mlp_variant_name(v));
        lp_record_double(a, "step_size", res->lr[v]);
        lp_record_double(a, "distance", res->final[v]);
        lp_record_double(a, "distance_std_error", res->final_se[v]);
        if (v == 0)
            lp_record_null(a, "paired_z");
        else
            lp_record_double(a, "paired_z", res->z[v]);
    }
    for (int s = 0; s <= steps; s++) {
        lp_record *c = lp_record_append(rec, "curve");
        lp_record_int(c, "step", s);
        for (int v = 0; v < LP_MLP_VARIANTS; v++)
            lp_record_double(c, keys[v], res->curve[v][s]);
    }
    free(res);
    return 0;
}
