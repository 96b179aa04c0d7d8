/* pld_eps_saddle.c -- epsilon(delta) of T steps estimated from the step's
 * sketch by a saddlepoint, for the pair's sizing (pld_pair.c: which
 * relation is the smaller, and by how much).  A choice only: nothing here
 * enters a bound.
 *
 * Why: the sizing's Gaussian estimates of the two relations agree to 0.3 %
 * at T >= 1000 (their variance term is the same) though the true epsilons
 * differ 10 - 20 % there (M 1.1, delta 1e-5, T 1000, q 1e-3: 0.1230
 * remove, 0.1032 add), and the sketch composed on a grid
 * (pld_eps_sketch.c) spans T times the step's support: beyond T ~ 100 it
 * resolves nothing.
 *
 * How: (1 - e^{e - s})_+ = (1 / 2 pi i) int e^{z (s - e)} (1/z - 1/(z + 1)) dz
 * on Re z > 0, so delta(e) = E[(1 - e^{e - S})_+] = (1 / 2 pi i) int
 * e^{T K(z) - z e} / (z (z + 1)) dz, K the step's cumulant generating
 * function on the sketch; at the saddle point lambda, T K'(lambda) = e,
 * log delta ~ T K(lambda) - lambda e - log(lambda (lambda + 1))
 * - log(2 pi T K''(lambda)) / 2 (the leading term; relative error O(1/T)
 * and large where lambda sqrt(T K'') is small).  Both e and log delta are
 * monotone in lambda: bisection on log lambda.  lambda is also
 * -d log delta / d e there: how far an error in delta moves epsilon (pld_init.c
 * sizes the grid for the composition's error bound with it). */
#include <math.h>
#include "account/pld/sketch/pld_sketch_memo.h"

/* K, K', K'' of one step at lambda on the sketch (log weights normalised
 * or not: the shift cancels in K' and K'' and is removed from K by K(0)) */
static void
cumulants(const loss_sketch *sk, double lambda, double *K, double *K1, double *K2)
{
    double m = -INFINITY, z = 0, s1 = 0, s2 = 0;
    for (size_t i = 0; i < sk->n; i++)
        m = fmax(m, lambda * sk->l[i] + sk->lw[i]);
    for (size_t i = 0; i < sk->n; i++) {
        const double x = lambda * sk->l[i] + sk->lw[i] - m;
        double w;
        if (x < -746 && isfinite(sk->l[i]))
            continue;           /* exp(x) is +0 (below 2^-1075): the sums as they are */
        w = exp(x);
        z += w;
        s1 += w * sk->l[i];
        s2 += w * sk->l[i] * sk->l[i];
    }
    *K = m + log(z);
    *K1 = s1 / z;
    *K2 = fmax(s2 / z - *K1 * *K1, 0.0);
}

/* The last few estimates, remembered (pld_sketch_memo.h): the work
 * estimate's sizing, the pair's (pld_pair.c) and the run's each make the
 * same one per relation (4 - 5 ms of a 20 - 60 ms run at q >= 0.01, M 1.1,
 * delta 1e-5).  The key: the sketch, T and delta. */
static pld_sketch_memo memo = PLD_SKETCH_MEMO_INIT;

static double saddle_epsilon(const loss_sketch *sk, uint64_t T, double delta, double *lambda);

double
pld_saddle_epsilon(const loss_sketch *sk, uint64_t T, double delta, double *lambda)
{
    const double key[PLD_MEMO_KEYS] = { (double) T, delta, 0 };
    double v[PLD_MEMO_VALUES] = { 0, 0, 0, 0 };
    if (!pld_memo_find(&memo, sk, key, v)) {
        v[0] = saddle_epsilon(sk, T, delta, &v[1]);
        pld_memo_keep(&memo, sk, key, v);
    }
    if (lambda)
        *lambda = v[1];
    return v[0];
}

static double
saddle_epsilon(const loss_sketch *sk, uint64_t T, double delta, double *lambda)
{
    const double Tf = (double) T, target = log(delta);
    double K0, d1, d2, lo = log(1e-6), hi = log(1e7);
    if (sk->n == 0 || !(delta > 0 && delta < 1))
        return -1;
    cumulants(sk, 0, &K0, &d1, &d2);
    for (int it = 0; it < 18; it++) {   /* log lambda to 1.2e-4 (30 / 2^18) */
        double mid = 0.5 * (lo + hi), lam = exp(mid), K, K1, K2, ld;
        cumulants(sk, lam, &K, &K1, &K2);
        K -= K0;
        if (!(K2 > 0))
            return -1;
        ld = Tf * K - lam * Tf * K1 - log(lam * (lam + 1)) - 0.5 * log(2 * M_PI * Tf * K2);
        if (ld > target)
            lo = mid;           /* delta still above: a larger epsilon */
        else
            hi = mid;
    }
    {
        double K, K1, K2;
        if (lambda)
            *lambda = exp(0.5 * (lo + hi));
        cumulants(sk, exp(0.5 * (lo + hi)), &K, &K1, &K2);
        return Tf * K1 > 0 && isfinite(K1) ? Tf * K1 : -1;
    }
}
