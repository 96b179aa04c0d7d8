/* mlp.h -- Balunovic et al.'s synthetic experiment (Sec. 5, Fig. 4): 20-dimensional inputs
 * x ~ N(0, I), labels y = argmax(W x) for a fixed random W, a 2-layer MLP (relu hidden layer,
 * softmax cross-entropy) whose parameter gradient g(x) = grad_theta l(h_theta(x), y) is released
 * with Laplace noise of scale 0.1 per coordinate.  The attacker (who knows theta, y and the
 * defense's family) minimises -log p(g~ | x) - log p(x) over x by Adam, for the four variants
 * of prior (Gaussian, Laplace) x conditional (Gaussian, Laplace); Gaussian prior and Laplace
 * conditional are the true ones (the Bayes attack).  The gradient g(x) and the attack's
 * gradient in x (a mixed second derivative of the loss) are written out (mlp.c). */
#ifndef LP_RECONSTRUCT_MLP_H
#define LP_RECONSTRUCT_MLP_H

#include <stdint.h>

#define LP_MLP_IN 20
#define LP_MLP_HIDDEN 50
#define LP_MLP_CLASSES 10
#define LP_MLP_PARAMS (LP_MLP_HIDDEN * LP_MLP_IN + LP_MLP_HIDDEN + LP_MLP_CLASSES * LP_MLP_HIDDEN \
                       + LP_MLP_CLASSES)

typedef struct {
    double A[LP_MLP_HIDDEN][LP_MLP_IN], a[LP_MLP_HIDDEN];
    double B[LP_MLP_CLASSES][LP_MLP_HIDDEN], b[LP_MLP_CLASSES];
    double W[LP_MLP_CLASSES][LP_MLP_IN];        /* the labelling matrix */
} lp_mlp;

/* variants: bit 0 the prior (0 Gaussian, 1 Laplace), bit 1 the conditional (0 Laplace, 1
   Gaussian); variant 0 is the Bayes attack.  The wrong models are matched in variance: the
   Laplace prior of scale 1/sqrt 2 (variance 1), the Gaussian conditional of variance 2 b^2. */
enum { LP_MLP_BAYES = 0, LP_MLP_LAPLACE_PRIOR = 1, LP_MLP_GAUSS_COND = 2, LP_MLP_BOTH_WRONG = 3,
       LP_MLP_VARIANTS = 4 };
const char *lp_mlp_variant_name(int variant);

/* The network and W drawn from the seed (entries N(0, 1/fan_in)). */
void lp_mlp_init(lp_mlp *net, uint64_t seed);
/* The label argmax(W x). */
int lp_mlp_label(const lp_mlp *net, const double *x);
/* g = grad_theta l(x, y), LP_MLP_PARAMS doubles (A, a, B, b, row-major). */
void lp_mlp_gradient(double *g, const lp_mlp *net, const double *x, int y);
/* The attack objective's gradient in x: d/dx sum_k v_k g_k(x) for fixed weights v
   (LP_MLP_PARAMS), into out (LP_MLP_IN). */
void lp_mlp_gradient_dot_dx(double *out, const lp_mlp *net, const double *x, int y, const double *v);

/* One trial: x from N(0, I), the noisy gradient with Laplace(b), the attack of each variant
   from the same start for `steps` Adam steps of rate lr[variant]; dist[variant * (steps+1) + t]
   the distance |x_t - x| (t = 0..steps).  Reproducible from (seed, trial). */
void lp_mlp_trial(double *dist, const lp_mlp *net, double b, int steps, const double *lr, uint64_t seed,
                  uint64_t trial);

/* Fig. 4's experiment: the network from the seed; each variant's Adam step size chosen from
   {0.01, 0.03, 0.1, 0.3} by the mean final distance over 10 tuning trials (trial numbers from
   100000, apart from the measured ones); then `trials` trials 0..trials-1: the mean distance
   curve, the final distance's mean and standard error, and each variant's paired z against the
   Bayes attack (mean of final_v - final_bayes over its standard error; z[0] = 0).  The cancel
   flag is read between trials: 0, or -1 when cancelled. */
#define LP_MLP_STEPS_MAX 1000
typedef struct {
    int trials, steps;
    double lr[LP_MLP_VARIANTS];
    double curve[LP_MLP_VARIANTS][LP_MLP_STEPS_MAX + 1];
    double final[LP_MLP_VARIANTS], final_se[LP_MLP_VARIANTS], z[LP_MLP_VARIANTS];
} lp_mlp_result;
int lp_mlp_experiment(lp_mlp_result *res, int trials, int steps, uint64_t seed);

#endif
